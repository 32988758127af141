// SPDX-License-Identifier: MIT
// marrow-cli transition MODEL --from A --to B ... -o OUT: bakes a
// transition (anim::TransitionPoser, anim::bakeTransition) into a new clip
// appended to the model, written as glTF or a .marrow document.
#include "app/cli/cli_commands.h"
#include "core/anim/foot_slide.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/track_rotation_mode.h"
#include "core/anim/transition_bake.h"
#include "core/anim/transition_foot_slide.h"
#include "core/io/atomic_write.h"
#include "core/io/document_codec.h"
#include "core/io/gltf_export.h"
#include "core/model/foot_joints.h"
#include "core/model/foot_markers.h"
#include "core/model/morph_weights.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace marrow::cli {

namespace {

struct TransitionOptions {
    std::string model, from, to, name, output;
    std::vector<std::string> clipsFrom;
    std::optional<double> exit;
    double offset = 0.0, duration = 0.0, fps = 30.0;
    anim::BlendCurve curve;
    bool sync = false, cycleA = false, cycleB = false, inertialize = false, matchRoot = false, report = false;
    std::optional<double> contactHeight;
    anim::BakeRange range = anim::BakeRange::Full;
};

// Parses the arguments after "transition"; an error message, or nullopt.
std::optional<std::string> parse(const std::vector<std::string>& args, TransitionOptions& o)
{
    bool haveDuration = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool hasValue = i + 1 < args.size();
        const std::string v = hasValue ? args[i + 1] : std::string();
        auto takeNumber = [&](double& out) -> bool {
            if (!hasValue || !parseFinite(v, out))
                return false;
            ++i;
            return true;
        };
        double x = 0.0;
        if (a == "--from" || a == "--to" || a == "--name" || a == "-o" || a == "--output" || a == "--clips-from" ||
            a == "--curve" || a == "--range") {
            if (!hasValue)
                return a + " needs a value";
            ++i;
            if (a == "--from")
                o.from = v;
            else if (a == "--to")
                o.to = v;
            else if (a == "--name")
                o.name = v;
            else if (a == "--clips-from")
                o.clipsFrom.push_back(v);
            else if (a == "--curve") {
                const auto curve = anim::parseBlendCurve(v);
                if (!curve)
                    return "--curve takes linear, smoothstep, smootherstep, ease-in, ease-out or bezier:x1,y1,x2,y2 "
                           "(x1, x2 in [0, 1]), not '" + v + "'";
                o.curve = *curve;
            } else if (a == "--range") {
                if (v != "full" && v != "blend")
                    return "--range takes full or blend";
                o.range = v == "full" ? anim::BakeRange::Full : anim::BakeRange::Blend;
            } else
                o.output = v;
        } else if (a == "--exit") {
            if (!takeNumber(x) || x < 0.0)
                return "--exit needs seconds, 0 or more";
            o.exit = x;
        } else if (a == "--offset") {
            if (!takeNumber(o.offset) || o.offset < 0.0)
                return "--offset needs seconds, 0 or more";
        } else if (a == "--duration") {
            if (!takeNumber(o.duration) || !(o.duration > 0.0))
                return "--duration needs seconds, more than 0";
            haveDuration = true;
        } else if (a == "--fps") {
            if (!takeNumber(o.fps) || !(o.fps > 0.0) || o.fps > 1000.0)
                return "--fps needs frames per second in (0, 1000]";
        } else if (a == "--sync") {
            o.sync = true;
        } else if (a == "--match-root") {
            o.matchRoot = true;
        } else if (a == "--cycle-a") {
            o.cycleA = true;
        } else if (a == "--cycle-b") {
            o.cycleB = true;
        } else if (a == "--inertialize") {
            o.inertialize = true;
        } else if (a == "--report") {
            o.report = true;
        } else if (a == "--contact-height") {
            if (!takeNumber(x) || x < 0.0)
                return "--contact-height needs a height, 0 or more";
            o.contactHeight = x;
        } else if (a.size() > 1 && a[0] == '-') {
            return "unknown option '" + a + "' for transition";
        } else if (o.model.empty()) {
            o.model = a;
        } else {
            return "transition takes one MODEL";
        }
    }
    if (o.model.empty())
        return "transition needs a MODEL";
    if (o.from.empty() || o.to.empty())
        return "transition needs --from A and --to B";
    if (!haveDuration)
        return "transition needs --duration D";
    if (o.output.empty())
        return "transition needs -o OUT (.gltf, .glb or .marrow)";
    return std::nullopt;
}

// --report: the preview's length and the feet's slide for A alone, B alone
// and the transition, as JSON on stdout (measured as the dock measures:
// anim::measureTransitionFootSlide on model::deformingFeet).
void printReport(const model::Rig& rig, anim::TransitionPoser& poser, const TransitionOptions& o)
{
    const std::vector<anim::JointIndex> feet = model::deformingFeet(rig);
    const double height = o.contactHeight.value_or(anim::suggestedContactHeight(rig.skeleton));
    const anim::TransitionFootSlide s =
        anim::measureTransitionFootSlide(rig.skeleton, poser, feet, o.fps, static_cast<float>(height));
    std::printf("{\"length\": %.9g, \"contactHeight\": %.9g, \"footSlide\": {\"reference\": \"%s\", \"a\": %.9g, "
                "\"b\": %.9g, \"transition\": %.9g, \"feet\": [",
                poser.timing().length(), height, s.inPlace ? "treadmill" : "world", s.a.total, s.b.total,
                s.blended.total);
    for (std::size_t f = 0; f < s.blended.feet.size(); ++f)
        std::printf("%s{\"joint\": \"%s\", \"a\": %.9g, \"b\": %.9g, \"transition\": %.9g}", f ? ", " : "",
                    s.blended.feet[f].name.c_str(), s.a.feet[f].slide, s.b.feet[f].slide, s.blended.feet[f].slide);
    std::printf("]}}\n");
}

} // namespace

int runTransition(const std::vector<std::string>& args)
{
    TransitionOptions o;
    if (auto err = parse(args, o)) {
        printError(*err);
        return kExitUsage;
    }
    std::optional<model::Rig> rig = loadModel(o.model, o.clipsFrom);
    if (!rig)
        return kExitBadInput;
    const int a = rig->findClip(o.from), b = rig->findClip(o.to);
    if (a < 0 || b < 0) {
        printError(o.model + ": no clip '" + (a < 0 ? o.from : o.to) + "'");
        return kExitUsage;
    }
    const anim::Clip& clipA = rig->clips[static_cast<std::size_t>(a)];
    const anim::Clip& clipB = rig->clips[static_cast<std::size_t>(b)];
    anim::TransitionTiming timing;
    timing.lengthA = clipA.duration;
    timing.lengthB = clipB.duration;
    timing.duration = o.duration;
    timing.exit = o.exit.value_or(std::max(0.0, timing.lengthA - o.duration));  // default: blend out of A's end
    timing.offset = o.offset;
    timing.curve = o.curve;
    timing.sync = o.sync;
    timing.cycleA = o.cycleA || o.sync;
    timing.cycleB = o.cycleB || o.sync;
    timing.mode = o.inertialize ? anim::BlendMode::Inertialization : anim::BlendMode::Crossfade;
    if (timing.syncs()) {  // sync by the feet's markers (found automatically), as the editor does
        timing.markersA = model::footMarkers(*rig, clipA);
        timing.markersB = model::footMarkers(*rig, clipB);
    }
    anim::TransitionPoser poser(rig->skeleton, clipA, clipB, timing, {}, o.matchRoot);
    std::string error;
    const std::string name = o.name.empty() ? clipA.name + " to " + clipB.name : o.name;
    std::optional<anim::Clip> baked =
        anim::bakeTransition(poser, o.fps, o.range, name, &error, model::defaultMorphWeights(rig->meshes));
    if (!baked) {
        printError(o.model + ": " + error);
        return kExitUsage;
    }
    if (o.report)
        printReport(*rig, poser, o);
    for (anim::JointTrack& t : baked->tracks)  // bones in an Euler mode keep it
        anim::convertRotationMode(t, rig->rotationModeOf(t.joint));
    rig->clips.push_back(std::move(*baked));
    if (doc::isNativeFileName(o.output)) {
        if (auto err = io::writeFileAtomically(o.output, doc::encodeDocument(*rig))) {
            printError(o.output + ": " + *err);
            return kExitBadInput;
        }
        return kExitOk;
    }
    if (auto err = io::exportGltf(*rig, o.output, {})) {
        printError(*err);
        return kExitBadInput;
    }
    return kExitOk;
}

} // namespace marrow::cli
