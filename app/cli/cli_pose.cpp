// SPDX-License-Identifier: MIT
#include "app/cli/cli_commands.h"
#include "app/cli/cli_joints.h"
#include "core/io/atomic_write.h"
#include "core/io/obj_writer.h"
#include "core/anim/transition_pose.h"
#include "core/model/pose_pipeline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

namespace marrow::cli {

namespace {

bool allFinite(const std::vector<glm::vec3>& v)
{
    for (const glm::vec3& p : v)
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
            return false;
    return true;
}

std::string clipList(const model::Rig& rig)
{
    std::string s;
    for (std::size_t i = 0; i < rig.clips.size(); ++i)
        s += (i ? ", " : "") + std::to_string(i) + " '" + rig.clips[i].name + "'";
    return s.empty() ? "none" : s;
}

std::string transitionList(const model::Rig& rig)
{
    std::string s;
    for (const model::Transition& t : rig.transitions)
        s += (s.empty() ? "'" : ", '") + t.name + "'";
    return s.empty() ? "none" : s;
}

// The locals of a saved transition at preview time t, through the poser
// the editor's preview and bake use; nullopt after printing why.
std::optional<std::vector<math::Transform>> transitionPose(const std::string& path, const model::Rig& rig,
                                                           const std::string& name, double t, int& exitCode)
{
    const auto it = std::find_if(rig.transitions.begin(), rig.transitions.end(),
                                 [&](const model::Transition& tr) { return tr.name == name; });
    if (it == rig.transitions.end()) {
        printError(path + ": no transition '" + name + "' (transitions: " + transitionList(rig) + ")");
        exitCode = kExitUsage;
        return std::nullopt;
    }
    exitCode = kExitBadInput;
    if (auto why = it->validate(rig.clips.size(), rig.skeleton.size())) {
        printError(path + ": transition '" + name + "': " + *why);
        return std::nullopt;
    }
    anim::TransitionPoser poser = it->poser(rig);
    std::vector<math::Transform> locals(rig.skeleton.size());
    if (!poser.pose(t, locals)) {
        printError(path + ": transition '" + name + "' could not be posed");
        return std::nullopt;
    }
    return locals;
}

// The locals at a time, from a clip request or a transition's poser.
using PoseAt = std::function<bool(double t, std::vector<math::Transform>& locals)>;

// --joints: the pose's joints at `time`, or every frame's (--frames).
int writeJoints(const std::string& path, const model::Rig& rig, const PoseAt& poseAt, double time, double length,
                double fps, const PoseOptions& o)
{
    std::vector<math::Transform> locals(rig.skeleton.size());
    std::string json;
    const auto jointsAt = [&](double t) -> bool {
        if (!poseAt(t, locals)) {
            printError(path + ": the pose could not be evaluated");
            return false;
        }
        if (auto err = appendJoints(json, rig.skeleton, locals)) {
            printError(path + ": " + *err);
            return false;
        }
        return true;
    };
    if (!o.frames) {
        json += "{\"joints\": ";
        if (!jointsAt(time))
            return kExitBadInput;
        json += "}\n";
    } else {
        json += "{\"fps\": " + std::to_string(fps) + ", \"frames\": [";
        const std::vector<double> times = frameTimes(length, fps);
        for (std::size_t f = 0; f < times.size(); ++f) {
            char at[32];
            std::snprintf(at, sizeof at, "%.9g", times[f]);
            json += std::string(f ? ",\n  " : "\n  ") + "{\"time\": " + at + ", \"joints\": ";
            if (!jointsAt(times[f]))
                return kExitBadInput;
            json += "}";
        }
        json += "]}\n";
    }
    if (auto err = io::writeFileAtomically(o.joints, json)) {
        printError(*err);
        return kExitBadInput;
    }
    return kExitOk;
}

} // namespace

int runPose(const std::string& path, const std::vector<std::string>& clipsFrom, const PoseOptions& o,
            const std::vector<RangeClipSpec>& rangeClips)
{
    std::optional<double> frameRate;
    std::optional<model::Rig> rig = loadModel(path, clipsFrom, nullptr, &frameRate);
    if (!rig)
        return kExitBadInput;
    if (const int refused = addRangeClips(*rig, rangeClips))
        return refused;
    model::PoseRequest request;
    std::vector<math::Transform> transitionLocals;
    const model::Transition* transition = nullptr;
    double length = 0.0;  // what --frames walks
    if (o.transition) {
        int exitCode = kExitOk;
        auto locals = transitionPose(path, *rig, *o.transition, o.time, exitCode);
        if (!locals)
            return exitCode;
        transitionLocals = std::move(*locals);
        request.locals = transitionLocals;
        transition = &*std::find_if(rig->transitions.begin(), rig->transitions.end(),
                                    [&](const model::Transition& tr) { return tr.name == *o.transition; });
        length = transition->timing(*rig).length();
    }
    if (o.clip) {
        request.clip = rig->findClip(*o.clip);
        if (request.clip < 0) {
            printError(path + ": no clip '" + *o.clip + "' (clips: " + clipList(*rig) + ")");
            return kExitUsage;
        }
        request.time = o.time;
        length = rig->clips[static_cast<std::size_t>(request.clip)].duration;
    }
    if (o.blendClip) {
        request.blendClip = rig->findClip(*o.blendClip);
        if (request.blendClip < 0) {
            printError(path + ": no clip '" + *o.blendClip + "' (clips: " + clipList(*rig) + ")");
            return kExitUsage;
        }
        request.blendTime = o.blendTime;
        request.weight = o.weight;
    }
    if (!o.joints.empty()) {
        const double fps = o.fps > 0.0 ? o.fps : frameRate.value_or(30.0);
        int code = kExitOk;
        if (transition) {
            anim::TransitionPoser poser = transition->poser(*rig);
            code = writeJoints(path, *rig, [&](double t, auto& locals) { return poser.pose(t, locals); }, o.time,
                               length, fps, o);
        } else {
            model::PosePipeline sampler(*rig);
            model::PoseRequest at = request;
            code = writeJoints(path, *rig, [&](double t, std::vector<math::Transform>& locals) {
                at.time = at.clip >= 0 ? t : 0.0;
                if (!sampler.evaluate(at))
                    return false;
                locals.assign(sampler.locals().begin(), sampler.locals().end());
                return true;
            }, o.time, length, fps, o);
        }
        if (code != kExitOk)
            return code;
        if (o.output.empty())
            return kExitOk;
    }
    model::PosePipeline pipeline(*rig);
    if (!pipeline.evaluate(request)) {
        printError(path + ": the pose could not be evaluated");
        return kExitBadInput;
    }
    const auto method = o.dualQuaternion ? mesh::SkinningMethod::DualQuaternion : mesh::SkinningMethod::Linear;
    std::vector<std::vector<glm::vec3>> positions(rig->meshes.size()), normals(rig->meshes.size());
    std::vector<io::ObjMesh> objMeshes;
    for (std::size_t i = 0; i < rig->meshes.size(); ++i) {
        const mesh::Mesh& m = rig->meshes[i];
        positions[i].resize(m.positions.size());
        normals[i].resize(m.normals.size());
        if (!pipeline.skinMesh(i, method, positions[i], normals[i]) || !allFinite(positions[i])) {
            printError(path + ": mesh '" + m.name + "' poses to non-finite positions");
            return kExitBadInput;
        }
        objMeshes.push_back(io::ObjMesh{m.name, positions[i], normals[i], m.indices});
    }
    // Atomic: a script never sees half an OBJ, and a failed run leaves an older one intact.
    if (auto err = io::writeFileAtomically(o.output, io::formatObj(objMeshes))) {
        printError(*err);
        return kExitBadInput;
    }
    return kExitOk;
}

} // namespace marrow::cli
