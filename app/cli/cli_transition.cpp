// SPDX-License-Identifier: MIT
// marrow-cli transition MODEL --from A --to B ... -o OUT: bakes a
// transition (anim::TransitionPoser, anim::bakeTransition) into a new clip
// appended to the model, written as glTF or a .marrow document. With
// --find-best, the exit and offset come from model::findBestTransition.
#include "app/cli/cli_commands.h"
#include "app/cli/cli_transition_args.h"
#include "core/anim/foot_slide.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/track_rotation_mode.h"
#include "core/anim/transition_bake.h"
#include "core/anim/transition_foot_slide.h"
#include "core/io/atomic_write.h"
#include "core/io/document_codec.h"
#include "core/io/gltf_export.h"
#include "core/model/legs.h"
#include "core/model/morph_weights.h"
#include "core/model/transition_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace marrow::cli {

namespace {

// The legs' figures as JSON: per leg its label, foot joint, contacts
// (frames of `gait`) and slide.
std::string legsJson(const anim::GaitReport& gait, const anim::Skeleton& skeleton)
{
    std::string out = "[";
    for (std::size_t l = 0; l < gait.legs.size(); ++l) {
        const auto& leg = gait.legs[l];
        const std::string joint =
            leg.foot >= 0 && static_cast<std::size_t>(leg.foot) < skeleton.size() ? skeleton.names[static_cast<std::size_t>(leg.foot)] : "";
        char text[256];
        std::snprintf(text, sizeof text, "%s{\"leg\": \"%s\", \"joint\": \"%s\", \"slide\": %.9g, \"contacts\": [", l ? ", " : "",
                      leg.label.c_str(), joint.c_str(), leg.slide);
        out += text;
        for (std::size_t c = 0; c < leg.contacts.size(); ++c)
            out += (c ? ", [" : "[") + std::to_string(leg.contacts[c].first) + ", " + std::to_string(leg.contacts[c].last) + "]";
        out += "]}";
    }
    return out + "]";
}

// What a viewer would see go wrong in the blend (anim::blendFaults) as JSON.
std::string faultsJson(const anim::BlendFaults& f)
{
    char text[320];
    std::snprintf(text, sizeof text,
                  "{\"skipStep\": %s, \"airborneOver\": %d, \"speedOutside\": %.9g, \"rootJump\": %.9g, "
                  "\"rootJumpAllowed\": %.9g, \"footJump\": %.9g, \"footJumpAllowed\": %.9g}",
                  f.skipStep ? "true" : "false", f.airborneOver, f.speedOutside, f.rootJump, f.rootJumpAllowed,
                  f.footJump, f.footJumpAllowed);
    return text;
}

// --report: the preview's length and the feet's figures for A alone (one
// cycle), B alone and the transition, as JSON on stdout (measured as the
// dock measures: anim::measureTransitionFootSlide on model::findLegs).
void printReport(const model::Rig& rig, anim::TransitionPoser& poser, const TransitionOptions& o,
                 const std::string& found)
{
    const std::vector<anim::Leg> legs = model::findLegs(rig);
    anim::ContactRule rule;
    rule.absoluteHeight = static_cast<float>(o.contactHeight.value_or(0.0));
    const anim::TransitionFootSlide s = anim::measureTransitionFootSlide(rig.skeleton, poser, legs, o.fps, rule);
    std::printf("{\"length\": %.9g, \"exit\": %.9g, \"offset\": %.9g, \"fps\": %.9g, \"contactHeight\": %.9g, "
                "\"footSlide\": {\"reference\": \"%s\", \"a\": %.9g, \"b\": %.9g, \"transition\": %.9g, "
                "\"blend\": %.9g, \"perMetreOfLeg\": {\"a\": %.9g, \"b\": %.9g, \"blend\": %.9g}, "
                "\"legs\": {\"a\": %s, \"b\": %s, \"transition\": %s}}, \"faults\": %s%s}\n",
                poser.timing().length(), poser.timing().exit, poser.timing().offset, o.fps,
                o.contactHeight.value_or(static_cast<double>(s.contactHeight)),
                s.inPlace ? "treadmill" : "world", s.a.total, s.b.total, s.blended.total, s.blend,
                100.0 * s.a.perLegLength, 100.0 * s.b.perLegLength, 100.0 * s.blendPerLegLength,
                legsJson(s.a, rig.skeleton).c_str(), legsJson(s.b, rig.skeleton).c_str(),
                legsJson(s.blended, rig.skeleton).c_str(), faultsJson(s.faults).c_str(),
                found.empty() ? "" : (", " + found).c_str());
}

} // namespace

int runTransition(const std::vector<std::string>& args)
{
    TransitionOptions o;
    if (auto err = parseTransitionArgs(args, o)) {
        printError(*err);
        return kExitUsage;
    }
    std::optional<double> rate;
    std::optional<model::Rig> rig = loadModel(o.model, o.clipsFrom, nullptr, &rate);
    if (!rig)
        return kExitBadInput;
    if (!(o.fps > 0.0))
        o.fps = rate.value_or(30.0);  // as the editor opens it
    if (const int refused = addRangeClips(*rig, o.rangeClips))
        return refused;
    const int a = rig->findClip(o.from), b = rig->findClip(o.to);
    if (a < 0 || b < 0) {
        printError(o.model + ": no clip '" + (a < 0 ? o.from : o.to) + "'");
        return kExitUsage;
    }
    const anim::Clip& clipA = rig->clips[static_cast<std::size_t>(a)];
    const anim::Clip& clipB = rig->clips[static_cast<std::size_t>(b)];
    // The editor's transition, so both pose alike (sync by the feet's markers included).
    model::Transition transition;
    transition.clipA = a;
    transition.clipB = b;
    transition.duration = o.duration;
    transition.exit = o.exit.value_or(std::max(0.0, clipA.duration - o.duration));  // default: blend out of A's end
    transition.offset = o.offset;
    transition.curve = o.curve;
    transition.sync = o.sync;
    transition.cycleA = o.cycleA || o.sync;
    transition.cycleB = o.cycleB || o.sync;
    transition.mode = o.inertialize ? anim::BlendMode::Inertialization : anim::BlendMode::Crossfade;
    transition.matchRoot = o.matchRoot;
    std::string found;
    if (o.findBest) {
        model::TransitionSearchOptions search;
        search.fps = o.fps;
        if (o.exitRange) {
            search.exitFrom = o.exitRange->first;
            search.exitTo = o.exitRange->second;
        }
        if (o.contactHeight)
            search.contactHeight = static_cast<float>(*o.contactHeight);
        std::string error;
        const auto start = std::chrono::steady_clock::now();
        const auto best = model::findBestTransition(*rig, transition, search, &error);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!best) {
            printError(o.model + ": " + error);
            return kExitUsage;
        }
        transition.exit = best->exit;
        transition.offset = best->offset;
        char text[512];
        std::snprintf(text, sizeof text,
                      "\"findBest\": {\"exit\": %.9g, \"offset\": %.9g, \"cost\": %.9g, \"blendFootSlide\": %.9g, "
                      "\"terms\": {\"slide\": %.9g, \"speed\": %.9g, \"pop\": %.9g, \"pose\": %.9g, \"total\": %.9g}, "
                      "\"candidates\": %zu, \"excluded\": %zu, \"seconds\": %.3f}",
                      best->exit, best->offset, best->cost, best->footSlide, best->terms.slide, best->terms.speed,
                      best->terms.pop, best->terms.pose, best->terms.total, best->grid.size(), best->excluded, seconds);
        found = text;
        if (!o.report)
            std::printf("{%s}\n", found.c_str());
    }
    anim::TransitionPoser poser = transition.poser(*rig);
    std::string error;
    const std::string name = o.name.empty() ? clipA.name + " to " + clipB.name : o.name;
    std::optional<anim::Clip> baked =
        anim::bakeTransition(poser, o.fps, o.range, name, &error, model::defaultMorphWeights(rig->meshes));
    if (!baked) {
        printError(o.model + ": " + error);
        return kExitUsage;
    }
    if (o.report)
        printReport(*rig, poser, o, found);
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
