// SPDX-License-Identifier: MIT
// Clips -> glTF animations: one sampler per non-empty channel, interpolation,
// key times, values and cubic-spline tangents kept exactly.
#include "core/anim/euler_to_quaternion_channel.h"
#include "core/io/gltf_export_context.h"
#include "core/io/gltf_export_resample.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace marrow::io::gltfexport {

namespace {

void appendValue(std::vector<float>& out, const glm::vec3& v) { out.insert(out.end(), {v.x, v.y, v.z}); }
// glTF quaternions are x, y, z, w.
void appendValue(std::vector<float>& out, const glm::quat& q) { out.insert(out.end(), {q.x, q.y, q.z, q.w}); }

// Rotation keys as stored, unless they are far enough off unit length for the
// validator (0.00769) to notice; tangents are not rotations and pass through.
glm::quat keyValue(const glm::quat& q)
{
    const float len = glm::length(q);
    return std::fabs(len - 1.f) > 1e-3f && len > 0.f ? q / len : q;
}
const glm::vec3& keyValue(const glm::vec3& v) { return v; }

const char* samplerName(anim::Interpolation i)
{
    switch (i) {
    case anim::Interpolation::Step:
        return "STEP";
    case anim::Interpolation::CubicSpline:
        return "CUBICSPLINE";
    case anim::Interpolation::Linear:
        break;
    }
    return "LINEAR";
}

// Key times glTF accepts: from 0 on, strictly increasing. `shift` moves a clip
// that starts before 0 (as some Assimp sources do) as a whole. A pair of keys
// at one time (a jump: the later one applies from then on) is exact for STEP
// by dropping the earlier key, whose interval is empty; LINEAR and
// CUBICSPLINE move the earlier key one float step back, or the later one step
// on when the earlier cannot move. `keep` says which keys survive.
std::vector<float> gltfTimes(const std::vector<float>& times, float shift, anim::Interpolation interpolation,
                             std::vector<std::uint8_t>& keep, const std::string& label)
{
    std::vector<float> out(times.size());
    for (std::size_t i = 0; i < times.size(); ++i)
        out[i] = shift != 0.f ? std::max(0.f, times[i] + shift) : times[i];
    keep.assign(times.size(), 1);
    for (std::size_t i = 1; i < out.size(); ++i) {
        if (out[i] != out[i - 1])
            continue;
        if (interpolation == anim::Interpolation::Step) {
            keep[i - 1] = 0;
            continue;
        }
        const float earlier = std::nextafter(out[i], -std::numeric_limits<float>::infinity());
        const bool roomBefore = earlier >= 0.f && (i < 2 || earlier > out[i - 2]);
        if (roomBefore)
            out[i - 1] = earlier;
        else
            out[i] = std::nextafter(out[i], std::numeric_limits<float>::infinity());
    }
    std::vector<float> kept;
    kept.reserve(out.size());
    for (std::size_t i = 0; i < out.size(); ++i)
        if (keep[i]) {
            if (!kept.empty() && !(out[i] > kept.back()))
                throw ExportError{label + " has key times glTF cannot hold (" + std::to_string(kept.back()) +
                                  " then " + std::to_string(out[i]) + ")"};
            kept.push_back(out[i]);
        }
    return kept;
}

template <class T>
void addChannel(ExportContext& ctx, tinygltf::Animation& animation, const anim::Channel<T>& channel, int node,
                const char* path, float shift, const std::string& clipLabel)
{
    if (channel.empty())
        return;
    const std::string label = clipLabel + " " + path + " of node " + std::to_string(node);
    // A glTF sampler has one mode: a channel that mixes them goes as LINEAR samples.
    std::optional<anim::Interpolation> uniform = channel.uniformInterpolation();
    anim::Channel<T> resampled;
    if (!uniform) {
        resampled = linearResample(channel, ctx.sampleRate);
        uniform = anim::Interpolation::Linear;
        ++ctx.resampledChannels;
    }
    const anim::Channel<T>& source = resampled.empty() ? channel : resampled;
    std::vector<std::uint8_t> keep;
    const std::vector<float> times = gltfTimes(source.times, shift, *uniform, keep, label);
    // CUBICSPLINE needs two keys; one key is a constant, which LINEAR says exactly.
    anim::Interpolation interpolation = *uniform;
    if (interpolation == anim::Interpolation::CubicSpline && times.size() < 2)
        interpolation = anim::Interpolation::Linear;
    const bool cubic = interpolation == anim::Interpolation::CubicSpline;

    std::vector<float> values;
    values.reserve(times.size() * sizeof(T) / sizeof(float) * (cubic ? 3 : 1));
    for (std::size_t k = 0; k < source.size(); ++k) {
        if (!keep[k])
            continue;
        // glTF cubic-spline order per key: in-tangent, value, out-tangent.
        if (cubic)
            appendValue(values, source.inTangents[k]);
        appendValue(values, keyValue(source.values[k]));
        if (cubic)
            appendValue(values, source.outTangents[k]);
    }
    constexpr int components = static_cast<int>(sizeof(T) / sizeof(float));
    tinygltf::AnimationSampler sampler;
    sampler.input = ctx.addTimes(times);
    sampler.output = ctx.addFloats(values, components, components == 4 ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3, 0, false);
    sampler.interpolation = samplerName(interpolation);
    animation.samplers.push_back(std::move(sampler));

    tinygltf::AnimationChannel out;
    out.sampler = static_cast<int>(animation.samplers.size() - 1);
    out.target_node = node;
    out.target_path = path;
    animation.channels.push_back(std::move(out));
}

} // namespace

float clipShift(const anim::Clip& clip)
{
    float first = 0.f;
    for (const anim::JointTrack& t : clip.tracks) {
        first = std::min({first, t.translation.firstTime(), t.rotation.firstTime(), t.euler.firstTime(),
                          t.scale.firstTime()});
    }
    return -first;
}

tinygltf::Animation buildAnimation(ExportContext& ctx, const anim::Clip& clip, std::size_t index)
{
    const std::size_t jointCount = ctx.rig.skeleton.size();
    const std::string label = "clip " + std::to_string(index) + (clip.name.empty() ? "" : " ('" + clip.name + "')");
    const float shift = clipShift(clip);
    tinygltf::Animation animation;
    animation.name = clip.name;
    for (const anim::JointTrack& track : clip.tracks) {
        if (track.joint < 0 || static_cast<std::size_t>(track.joint) >= jointCount)
            throw ExportError{label + " animates joint " + std::to_string(track.joint) + ", which does not exist"};
        const int node = ctx.nodeOf(track.joint);
        addChannel(ctx, animation, track.translation, node, "translation", shift, label);
        if (anim::isEuler(track.rotationMode))  // glTF holds quaternions: resampled where slerp would stray
            addChannel(ctx, animation, anim::quaternionChannelOf(track.euler, track.rotationMode), node, "rotation",
                       shift, label);
        else
            addChannel(ctx, animation, track.rotation, node, "rotation", shift, label);
        addChannel(ctx, animation, track.scale, node, "scale", shift, label);
    }
    return animation;
}

void exportClips(ExportContext& ctx)
{
    for (std::size_t c = 0; c < ctx.rig.clips.size(); ++c) {
        tinygltf::Animation animation = buildAnimation(ctx, ctx.rig.clips[c], c);
        addMorphChannels(ctx, ctx.rig.clips[c], clipShift(ctx.rig.clips[c]), animation);
        // glTF requires at least one channel; a clip without keys has nothing to say.
        ctx.clipAnimation.push_back(animation.channels.empty() ? -1 : static_cast<int>(ctx.model.animations.size()));
        if (!animation.channels.empty())
            ctx.model.animations.push_back(std::move(animation));
    }
}

} // namespace marrow::io::gltfexport
