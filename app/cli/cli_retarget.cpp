// SPDX-License-Identifier: MIT
// marrow-cli retarget TARGET --from SOURCE [--clips A,B] [--fps F] [--keys frames|source] [--feet ik|off] [--hands pin|off]
//                    [--map MAP.json] [--save-map MAP.json] -o OUT
// (issue 40): SOURCE's clips carried onto TARGET's skeleton through the
// proposed bone map (model::proposeBoneMap, model::retargetClip), or the one
// --map reads, and added to TARGET's clips; OUT is TARGET with them. A
// skeleton that is no biped is refused, naming what it lacks; a clip name
// SOURCE does not have, and a map naming bones either skeleton lacks, likewise.
// --save-map writes the map used, to edit and reuse across characters.
#include "app/cli/cli_commands.h"
#include "core/anim/track_rotation_mode.h"
#include "core/io/atomic_write.h"
#include "core/io/file_bytes.h"
#include "core/model/bone_map.h"
#include "core/model/bone_map_json.h"
#include "core/model/retarget.h"

#include <algorithm>
#include <cstdio>

namespace marrow::cli {

namespace {

struct RetargetOptions {
    std::string target, source, output;
    std::string map, saveMap;  // --map, --save-map: bone map files (model/bone_map_json.h)
    std::vector<std::string> clips;
    double fps = 0.0;  // 0: SOURCE's frame rate, else 30
    // --feet ik or off: hold planted feet by IK. Unset: the map's leg
    // options, or on (model::defaultRetargetChains) without --map.
    std::optional<bool> feet;
    // --hands pin or off: pin resting hands by IK. Unset: the map's arm options, or off.
    std::optional<bool> hands;
    bool sourceKeys = false;  // --keys source: at the source's key times, not every frame
};

std::optional<std::string> parse(const std::vector<std::string>& args, RetargetOptions& o)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--from" || a == "-o" || a == "--output" || a == "--map" || a == "--save-map") {
            if (!hasValue)
                return a + " needs a file";
            (a == "--from" ? o.source : a == "--map" ? o.map : a == "--save-map" ? o.saveMap : o.output) = args[++i];
        } else if (a == "--clips") {
            if (!hasValue || args[i + 1].empty())
                return "--clips needs clip names, comma-separated";
            splitNames(args[++i], o.clips);
        } else if (a == "--feet") {
            if (!hasValue || (args[i + 1] != "ik" && args[i + 1] != "off"))
                return "--feet needs ik or off";
            o.feet = args[++i] == "ik";
        } else if (a == "--hands") {
            if (!hasValue || (args[i + 1] != "pin" && args[i + 1] != "off"))
                return "--hands needs pin or off";
            o.hands = args[++i] == "pin";
        } else if (a == "--keys") {
            if (!hasValue || (args[i + 1] != "frames" && args[i + 1] != "source"))
                return "--keys needs frames or source";
            o.sourceKeys = args[++i] == "source";
        } else if (a == "--fps") {
            if (!hasValue || !parseFinite(args[++i], o.fps) || !(o.fps > 0.0) || o.fps > 1000.0)
                return "--fps needs a frame rate above 0 (at most 1000)";
        } else if (a.size() > 1 && a[0] == '-') {
            return "unknown option '" + a + "' for retarget";
        } else if (o.target.empty()) {
            o.target = a;
        } else {
            return "retarget takes one TARGET";
        }
    }
    if (o.target.empty())
        return "retarget needs a TARGET";
    if (o.source.empty())
        return "retarget needs --from SOURCE";
    if (o.output.empty())
        return "retarget needs -o OUT.gltf|OUT.glb|OUT.marrow";
    return std::nullopt;
}

// "no left thigh, no right foot"
std::string lacking(const std::vector<std::string>& missing)
{
    std::string text;
    for (const std::string& m : missing)
        text += (text.empty() ? "no " : ", no ") + m;
    return text;
}

// The map and chain options MAP.json gives between the skeletons; nullopt
// after printing the file's problem (one line naming the file).
std::optional<model::BoneMapFile> readMap(const std::string& path, const anim::Skeleton& source,
                                          const anim::Skeleton& target)
{
    const std::optional<std::string> read = io::readFileBytes(path);
    if (!read) {
        printError(path + ": cannot open the bone map");
        return std::nullopt;
    }
    const std::string& text = *read;
    std::string error;
    std::optional<model::BoneMapFile> file = model::boneMapFromJson(text, source, target, error);
    if (!file)
        printError(path + ": " + error);
    return file;
}

// name, or name (2), (3)... where `clips` already has it.
std::string freeName(const std::vector<anim::Clip>& clips, const std::string& name)
{
    const auto taken = [&](const std::string& n) {
        return std::any_of(clips.begin(), clips.end(), [&](const anim::Clip& c) { return c.name == n; });
    };
    std::string candidate = name;
    for (int k = 2; taken(candidate); ++k)
        candidate = name + " (" + std::to_string(k) + ")";
    return candidate;
}

} // namespace

int runRetarget(const std::vector<std::string>& args)
{
    RetargetOptions o;
    if (auto err = parse(args, o)) {
        std::fprintf(stderr, "marrow-cli: %s\n(see marrow-cli --help)\n", err->c_str());
        return kExitUsage;
    }
    std::shared_ptr<const io::GltfSource> gltf;
    doc::DocumentExtras extras;
    std::optional<model::Rig> target = loadModel(o.target, {}, nullptr, nullptr, &gltf, &extras);
    if (!target)
        return kExitBadInput;
    std::optional<double> sourceRate;
    const std::optional<model::Rig> source = loadModel(o.source, {}, nullptr, &sourceRate);
    if (!source)
        return kExitBadInput;
    using Named = std::pair<const std::string*, const anim::Skeleton*>;
    for (const auto& [file, skeleton] : {Named{&o.source, &source->skeleton}, Named{&o.target, &target->skeleton}})
        if (const std::vector<std::string> missing = model::missingBipedParts(*skeleton); !missing.empty()) {
            printError(*file + ": not a biped skeleton to retarget (" + lacking(missing) + ")");
            return kExitBadInput;
        }
    std::vector<const anim::Clip*> clips;
    for (const std::string& name : o.clips) {
        const auto it = std::find_if(source->clips.begin(), source->clips.end(), [&](const anim::Clip& c) { return c.name == name; });
        if (it == source->clips.end()) {
            printError(o.source + ": no clip named '" + name + "'");
            return kExitBadInput;
        }
        clips.push_back(&*it);
    }
    if (o.clips.empty())
        for (const anim::Clip& c : source->clips)
            clips.push_back(&c);
    if (clips.empty()) {
        printError(o.source + ": no clip to retarget");
        return kExitBadInput;
    }
    const double fps = o.fps > 0.0 ? o.fps : sourceRate.value_or(30.0);
    model::BoneMapFile used;
    if (o.map.empty()) {
        used.map = model::proposeBoneMap(source->skeleton, target->skeleton);
    } else if (std::optional<model::BoneMapFile> file = readMap(o.map, source->skeleton, target->skeleton)) {
        used = std::move(*file);
    } else {
        return kExitBadInput;
    }
    if (o.feet)
        used.options[model::RetargetChain::LeftLeg].ik = used.options[model::RetargetChain::RightLeg].ik = *o.feet;
    if (o.hands)
        used.options[model::RetargetChain::LeftArm].ik = used.options[model::RetargetChain::RightArm].ik = *o.hands;
    used.options.atSourceKeys = o.sourceKeys;
    const model::BoneMap& map = used.map;
    float legRatio = 1.f;
    for (const anim::Clip* clip : clips) {
        std::string error;
        const model::RetargetInput input{&source->skeleton, clip, &target->skeleton, map, fps, used.options};
        std::optional<model::Retargeted> r = model::retargetClip(input, error);
        if (!r) {
            printError(o.source + ": " + error);
            return kExitBadInput;
        }
        // Keys in each joint's own rotation mode (a bone keyed in Euler angles stays so).
        for (anim::JointTrack& track : r->clip.tracks)
            if (const anim::RotationMode mode = target->rotationModeOf(track.joint); mode != anim::RotationMode::Quaternion)
                anim::convertRotationMode(track, mode);
        r->clip.name = freeName(target->clips, r->clip.name);
        legRatio = r->legRatio;
        target->clips.push_back(std::move(r->clip));
    }
    // Written once the clips are carried (nothing written on a failure), before OUT.
    if (!o.saveMap.empty())
        if (auto err = io::writeFileAtomically(
                o.saveMap, model::boneMapToJson(map, used.options, source->skeleton, target->skeleton))) {
            printError(*err);
            return kExitBadInput;
        }
    const std::string mapName = o.map.empty() ? "the proposed map" : o.map;
    std::fprintf(stderr, "marrow-cli: retarget: %zu clips from %s onto %s at %g fps (%zu of %zu joints driven by %s; legs %.3gx)\n",
                 clips.size(), o.source.c_str(), o.target.c_str(), fps, map.pairs.size(), target->skeleton.size(),
                 mapName.c_str(), legRatio);
    return writeModel(*target, gltf, o.target, o.output, 60.f, &extras);
}

} // namespace marrow::cli
