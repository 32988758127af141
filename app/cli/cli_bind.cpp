// SPDX-License-Identifier: MIT
// marrow-cli bind MESH --skeleton RIG [--weights auto|nearest|transfer]
// [--rigid-islands] -o OUT: every mesh of MESH bound to RIG's skeleton as
// the editor binds (model::bindToSkeleton); OUT holds RIG's skeleton,
// skins and clips and MESH's meshes with their materials.
#include "app/cli/cli_commands.h"
#include "core/model/auto_weights.h"
#include "core/model/mesh_bind_rigs.h"

#include <cstdio>
#include <filesystem>

namespace marrow::cli {

namespace {

struct BindOptions {
    std::string mesh, skeleton, output;
    model::RigBindOptions bind;
};

std::optional<std::string> parse(const std::vector<std::string>& args, BindOptions& o)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--skeleton" || a == "-o" || a == "--output") {
            if (!hasValue)
                return a + " needs a file";
            (a == "--skeleton" ? o.skeleton : o.output) = args[++i];
        } else if (a == "--weights") {
            const std::string v = hasValue ? args[++i] : std::string();
            if (v == "auto")
                o.bind.weights = model::RigBindWeights::Automatic;
            else if (v == "nearest")
                o.bind.weights = model::RigBindWeights::NearestBone;
            else if (v == "transfer")
                o.bind.weights = model::RigBindWeights::Transfer;
            else
                return "--weights takes auto, nearest or transfer, not '" + v + "'";
        } else if (a == "--rigid-islands") {
            o.bind.rigidIslands = true;
        } else if (a == "--meshes") {
            if (!hasValue || args[i + 1].empty())
                return "--meshes needs mesh names, comma-separated";
            splitNames(args[++i], o.bind.meshes);
        } else if (a.size() > 1 && a[0] == '-') {
            return "unknown option '" + a + "' for bind";
        } else if (o.mesh.empty()) {
            o.mesh = a;
        } else {
            return "bind takes one MESH";
        }
    }
    if (o.mesh.empty())
        return "bind needs a MESH";
    if (o.skeleton.empty())
        return "bind needs --skeleton RIG";
    if (o.output.empty())
        return "bind needs -o OUT.gltf|OUT.glb|OUT.marrow";
    return std::nullopt;
}

const char* weightsName(model::RigBindWeights w)
{
    switch (w) {
    case model::RigBindWeights::Automatic:
        return "automatic weights";
    case model::RigBindWeights::NearestBone:
        return "nearest bone";
    case model::RigBindWeights::Transfer:
        return "weights transferred";
    }
    return "";
}

} // namespace

int runBind(const std::vector<std::string>& args)
{
    BindOptions o;
    if (auto err = parse(args, o)) {
        std::fprintf(stderr, "marrow-cli: %s\n(see marrow-cli --help)\n", err->c_str());
        return kExitUsage;
    }
    std::optional<model::Rig> meshes = loadModel(o.mesh, {});
    if (!meshes)
        return kExitBadInput;
    doc::DocumentExtras extras;  // a .marrow RIG's Deform flags choose the bones
    std::optional<model::Rig> skeleton = loadModel(o.skeleton, {}, nullptr, nullptr, nullptr, &extras);
    if (!skeleton)
        return kExitBadInput;
    o.bind.deform = model::deformMask(*skeleton, extras.deform);
    o.bind.holderName = std::filesystem::path(o.mesh).stem().string();
    if (o.bind.holderName.empty())
        o.bind.holderName = "bound";
    const model::RigBindResult r = model::bindToSkeleton(*meshes, *skeleton, o.bind);
    if (!r.rig) {
        using Failure = model::RigBindResult::Failure;
        const std::string file = r.failure == Failure::NoMesh || r.failure == Failure::NoOverlap ? o.mesh : o.skeleton;
        printError(file + ": " + r.error);
        return r.failure == Failure::Refused ? kExitBadInput : kExitCheckFailed;
    }
    std::fprintf(stderr, "marrow-cli: bind: %zu meshes of %s bound to the skeleton of %s with %s", r.meshes,
                 o.mesh.c_str(), o.skeleton.c_str(), weightsName(o.bind.weights));
    if (o.bind.weights == model::RigBindWeights::Automatic)
        std::fprintf(stderr, " (fallbacks: %zu nearest visible bone, %zu nearest bone, %zu empty rows)",
                     r.heat.hiddenNearest, r.heat.noneVisible, r.heat.emptyRows);
    if (o.bind.weights == model::RigBindWeights::Transfer && r.transferMissed > 0)
        std::fprintf(stderr, " (%zu vertices kept their nearest bone: no weight to take)", r.transferMissed);
    if (o.bind.rigidIslands)
        std::fprintf(stderr, "; %zu shells bound rigidly", r.rigidShells);
    std::fprintf(stderr, "\n");
    // A .marrow output keeps RIG's Deform flags, locks and frame rate (the
    // bound meshes' holder comes after RIG's joints, so their indices hold).
    doc::DocumentExtras kept;
    kept.deform = extras.deform;
    kept.locks = extras.locks;
    kept.fps = extras.fps;
    return writeModel(*r.rig, nullptr, o.mesh, o.output, 60.f, &kept);
}

} // namespace marrow::cli
