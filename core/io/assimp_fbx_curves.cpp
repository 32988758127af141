// SPDX-License-Identifier: MIT
#include "core/io/assimp_fbx_curves.h"
#include "core/anim/frame_rate.h"
#include "core/io/curve_rekey.h"
#include "core/io/fbx_animation.h"

#include <algorithm>
#include <cmath>

namespace marrow::io::assimp {

namespace {

// The stack a clip was read from: the one of its name, or the only one.
const fbx::Stack* stackOf(const fbx::AnimationDocument& doc, const anim::Clip& clip, std::size_t clipCount)
{
    for (const fbx::Stack& s : doc.stacks)
        if (s.name == clip.name)
            return &s;
    return doc.stacks.size() == 1 && clipCount == 1 ? &doc.stacks.front() : nullptr;
}

// Times in the clip's time line: shifted by its start, inside its span.
std::vector<double> clipTimes(const std::vector<double>& times, const fbx::Stack& stack)
{
    std::vector<double> out;
    const double start = stack.clipStart(), length = stack.clipStop() - start;
    for (double t : times)
        if (t - start >= -1e-9 && t - start <= length + 1e-9)
            out.push_back(t - start);
    return out;
}

} // namespace

std::string applyFbxCurves(std::span<const unsigned char> bytes, model::Rig& rig)
{
    if (rig.clips.empty())
        return {};
    std::string error;
    const std::optional<fbx::Node> tree = fbx::readTree(bytes, error, fbx::isCurveArray);
    std::optional<fbx::AnimationDocument> doc;
    if (tree)
        doc = fbx::readAnimation(*tree, error);
    if (!doc)
        return "its animation curves could not be read (" + error + "): Assimp's straight lines between keys are kept";
    const double fps = doc->frameRate > 0.0 ? doc->frameRate : anim::detectFrameRate(rig.clips).value_or(30.0);
    int kept = 0, layered = 0;
    for (anim::Clip& clip : rig.clips) {
        const fbx::Stack* stack = stackOf(*doc, clip, rig.clips.size());
        if (!stack)
            continue;
        if (stack->layers > 1) {
            ++layered;
            continue;
        }
        const double start = stack->clipStart(), length = stack->clipStop() - start;
        for (anim::JointTrack& track : clip.tracks) {
            const auto joint = static_cast<std::size_t>(track.joint);
            if (track.joint < 0 || joint >= rig.skeleton.size() || track.rotationMode != anim::RotationMode::Quaternion)
                continue;
            const std::optional<std::size_t> model = doc->findModel(rig.skeleton.names[joint]);
            if (!model)
                continue;
            const auto localAt = [&](bool straight) -> LocalAt {
                return [&, straight](double t) {
                    math::Transform out;
                    math::fromMatrix(glm::mat4(doc->local(*model, *stack, t + start, straight)), out);
                    return out;
                };
            };
            const std::vector<double> keys = clipTimes(doc->keyTimes(*model, *stack), *stack);
            // Assimp's keys: each curve's keys joined straight, sampled at the union of the key times.
            if (!matchesAtKeys(localAt(true), keys, track, rig.skeleton.rest[joint])) {
                ++kept;
                continue;
            }
            const LocalAt at = localAt(false);
            if (keys.empty() ||
                (!doc->curved(*model, *stack) && !differsBetweenKeys(at, keys, track, rig.skeleton.rest[joint])))
                continue;  // straight curves Assimp's keys already follow
            // The clip's ends too: a curve keyed past them is cut there, at its value.
            const std::vector<double> times = rekeyTimes(keys, fps, {0.0, length});
            rekeyTrack(at, times, rig.skeleton.rest[joint], track,
                       [&](double a, double b) { return doc->stepsAt(*model, *stack, a + start, b + start); });
        }
    }
    std::string warning;
    if (kept > 0)
        warning = std::to_string(kept) + " joint tracks keep Assimp's straight lines between the FBX curves' keys "
                  "(their curves did not match the joint at the keys)";
    if (layered > 0)
        warning += std::string(warning.empty() ? "" : "; ") + std::to_string(layered) +
                   " animation stacks with several layers keep Assimp's straight lines between keys";
    return warning;
}

} // namespace marrow::io::assimp
