// SPDX-License-Identifier: MIT
// glTF animations -> Clips, keeping STEP, LINEAR and CUBICSPLINE with tangents.
#include "core/io/gltf_import_context.h"

#include <cstdio>

namespace marrow::io::gltf {

namespace {

std::string formatTime(float t)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", static_cast<double>(t));
    return buf;
}

anim::Interpolation parseInterpolation(const std::string& s, const std::string& label)
{
    if (s.empty() || s == "LINEAR")
        return anim::Interpolation::Linear;
    if (s == "STEP")
        return anim::Interpolation::Step;
    if (s == "CUBICSPLINE")
        return anim::Interpolation::CubicSpline;
    fail(label + " has unknown interpolation '" + s + "'");
}

// Key times: finite, never decreasing; a repeated time is a jump (warned).
std::vector<float> readTimes(ImportContext& ctx, int accessor, const std::string& label)
{
    std::vector<float> t = ctx.reader.floats(accessor, 1, "input of " + label);
    if (t.empty())
        fail(label + " has no keys");
    for (std::size_t i = 1; i < t.size(); ++i) {
        if (t[i] < t[i - 1])
            fail(label + ": key times decrease at key " + std::to_string(i) + " (" + formatTime(t[i - 1]) + " then " +
                 formatTime(t[i]) + ")");
        if (t[i] == t[i - 1]) {
            if (i >= 2 && t[i - 2] == t[i])
                fail(label + ": three keys at time " + formatTime(t[i]));
            ctx.warnings.push_back(label + ": duplicate key time " + formatTime(t[i]) +
                                   ": the value jumps there (the later key applies from " + formatTime(t[i]) + " on)");
        }
    }
    return t;
}

template <class T, int N>
void fillChannel(anim::Channel<T>& ch, const std::vector<float>& times, const std::vector<float>& out,
                 anim::Interpolation interp, const std::string& label)
{
    const std::size_t keys = times.size();
    const std::size_t perKey = interp == anim::Interpolation::CubicSpline ? 3 : 1;
    if (out.size() != keys * perKey * N)
        fail(label + " has " + std::to_string(out.size() / N) + " output values for " + std::to_string(keys) +
             " key times" + (perKey == 3 ? " (CUBICSPLINE needs 3 per key)" : ""));
    auto value = [&](std::size_t element) {
        const float* p = out.data() + element * N;
        if constexpr (N == 4)
            return glm::quat(p[3], p[0], p[1], p[2]);  // glTF stores x, y, z, w
        else
            return glm::vec3(p[0], p[1], p[2]);
    };
    ch.times = times;
    ch.interpolations.assign(keys, interp);  // a glTF sampler is one mode for all its keys
    if (perKey == 3)
        ch.tangentModes.assign(keys, anim::TangentMode::Free);  // imported tangents are kept exactly
    ch.values.resize(keys);
    if (perKey == 3) {
        ch.inTangents.resize(keys);
        ch.outTangents.resize(keys);
    }
    for (std::size_t k = 0; k < keys; ++k) {
        if (perKey == 3) {
            ch.inTangents[k] = value(k * 3);
            ch.values[k] = value(k * 3 + 1);
            ch.outTangents[k] = value(k * 3 + 2);
        } else {
            ch.values[k] = value(k);
        }
    }
}

} // namespace

void buildClips(ImportContext& ctx)
{
    const tinygltf::Model& m = ctx.model;
    for (std::size_t a = 0; a < m.animations.size(); ++a) {
        const tinygltf::Animation& src = m.animations[a];
        const std::string alabel = "animation " + std::to_string(a) + (src.name.empty() ? "" : " ('" + src.name + "')");
        anim::Clip clip;
        clip.name = src.name.empty() ? "clip " + std::to_string(a) : src.name;
        for (std::size_t c = 0; c < src.channels.size(); ++c) {
            const tinygltf::AnimationChannel& ch = src.channels[c];
            const std::string label = alabel + " channel " + std::to_string(c);
            if (ch.sampler < 0 || static_cast<std::size_t>(ch.sampler) >= src.samplers.size())
                fail(label + " uses sampler " + std::to_string(ch.sampler) + ", which does not exist");
            if (ch.target_node < 0)
                continue;  // glTF: no node, nothing to animate (an extension may target something else)
            if (static_cast<std::size_t>(ch.target_node) >= m.nodes.size())
                fail(label + " targets node " + std::to_string(ch.target_node) + ", which does not exist");
            const tinygltf::AnimationSampler& sampler = src.samplers[static_cast<std::size_t>(ch.sampler)];
            if (ch.target_path == "weights") {
                const std::string slabel = alabel + " sampler " + std::to_string(ch.sampler);
                const anim::Interpolation interp = parseInterpolation(sampler.interpolation, slabel);
                addMorphChannel(ctx, clip, static_cast<std::size_t>(ch.target_node), interp,
                                readTimes(ctx, sampler.input, slabel),
                                ctx.reader.floats(sampler.output, 1, "output of " + slabel), label);
                continue;
            }
            const int path = ch.target_path == "translation" ? 0 : ch.target_path == "rotation" ? 1
                           : ch.target_path == "scale"       ? 2 : -1;
            if (path < 0)
                fail(label + " has unknown target path '" + ch.target_path + "'");
            const std::string slabel = alabel + " sampler " + std::to_string(ch.sampler);
            const anim::Interpolation interp = parseInterpolation(sampler.interpolation, slabel);
            const std::vector<float> times = readTimes(ctx, sampler.input, slabel);
            const int comps = path == 1 ? 4 : 3;
            const std::vector<float> out = ctx.reader.floats(sampler.output, comps, "output of " + slabel);

            const anim::JointIndex joint = ctx.nodeToJoint[static_cast<std::size_t>(ch.target_node)];
            anim::JointTrack* track = clip.findTrack(joint);
            if (!track) {
                clip.tracks.push_back(anim::JointTrack{});
                track = &clip.tracks.back();
                track->joint = joint;
            }
            if ((path == 0 && !track->translation.empty()) || (path == 1 && !track->rotation.empty()) ||
                (path == 2 && !track->scale.empty())) {
                ctx.warnings.push_back(label + " animates node " + std::to_string(ch.target_node) + " " +
                                       ch.target_path + " a second time; the first channel is kept");
                continue;
            }
            if (path == 0)
                fillChannel<glm::vec3, 3>(track->translation, times, out, interp, slabel);
            else if (path == 2)
                fillChannel<glm::vec3, 3>(track->scale, times, out, interp, slabel);
            else {
                fillChannel<glm::quat, 4>(track->rotation, times, out, interp, slabel);
                // Keys stay as stored (some files are slightly off unit length):
                // sampling normalises its result, which is what the glTF
                // reference does; normalising keys first moves poses by 2e-5.
            }
        }
        if (clip.tracks.empty()) {
            // Morph weights alone (a facial take): the file keeps it (a glTF
            // write carries it), but it is not a clip to key bones in.
            ctx.warnings.push_back(alabel + (clip.morphTracks.empty()
                                                 ? " animates no node Marrow can use; skipped"
                                                 : " animates morph weights only; kept in the file, not listed as a clip"));
            continue;
        }
        clip.updateDuration();
        ctx.rig.clips.push_back(std::move(clip));
        ctx.source.clipAnimation.push_back(static_cast<int>(a));
    }
}

} // namespace marrow::io::gltf
