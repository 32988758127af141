// SPDX-License-Identifier: MIT
// aiAnimation -> anim::Clip: seconds, normalised quaternions, clean key runs.
#include "core/io/assimp_math.h"
#include "core/io/assimp_morph.h"
#include "core/io/assimp_scene_convert.h"

#include <assimp/scene.h>

#include <cmath>
#include <cstdio>
#include <unordered_map>

namespace marrow::io::assimp {

namespace {

// Assimp's documented default when a file gives no tick rate (X, some MD5 and FBX).
constexpr double kDefaultTicksPerSecond = 25.0;

// Repairs counted per clip.
struct ClipTally {
    std::size_t duplicateKeys = 0;
};

glm::vec3 valueOf(const aiVectorKey& k) { return toGlm(k.mValue); }
glm::quat valueOf(const aiQuatKey& k) { return toGlm(k.mValue); }
bool finiteKey(const aiVectorKey& k) { return isFinite(k.mValue); }
bool finiteKey(const aiQuatKey& k) { return isFinite(k.mValue); }

bool nearlyEqual(const glm::vec3& a, const glm::vec3& b)
{
    return glm::all(glm::lessThanEqual(glm::abs(a - b), glm::vec3(1e-6f)));
}

bool nearlyEqual(const glm::quat& a, const glm::quat& b) { return std::fabs(std::fabs(glm::dot(a, b)) - 1.f) < 1e-6f; }

// Turns one Assimp key array into a Linear channel in seconds. Runs of equal
// times keep at most their first and last key (a jump), and only one when
// both hold the same value. Decreasing or non-finite times are errors.
template <class Key, class T>
std::optional<std::string> convertKeys(const Key* keys, unsigned count, double ticksPerSecond, const std::string& what,
                                       anim::Channel<T>& out, ClipTally& tally)
{
    out.times.reserve(count);
    out.values.reserve(count);
    double previousTicks = -INFINITY;
    for (unsigned i = 0; i < count; ++i) {
        const Key& k = keys[i];
        if (!std::isfinite(k.mTime))
            return what + " key " + std::to_string(i) + " has a non-finite time";
        if (!finiteKey(k))
            return what + " key " + std::to_string(i) + " has a non-finite value";
        if (k.mTime < previousTicks)
            return what + " key times decrease at key " + std::to_string(i) + " (" + std::to_string(previousTicks) +
                   " then " + std::to_string(k.mTime) + " ticks)";
        previousTicks = k.mTime;
        const double seconds = k.mTime / ticksPerSecond;
        if (!std::isfinite(seconds) || std::fabs(seconds) > 1e7)
            return what + " key " + std::to_string(i) + " time is out of range";
        T value = valueOf(k);
        if constexpr (std::is_same_v<T, glm::quat>) {
            const float len = glm::length(value);
            if (!(len > 1e-8f) || !std::isfinite(len))
                return what + " key " + std::to_string(i) + " is a zero-length quaternion";
            value = value / len;
        }
        const float t = static_cast<float>(seconds);
        const std::size_t n = out.times.size();
        // Three or more keys at one time: the middle ones can never be sampled.
        if (n >= 2 && out.times[n - 1] == t && out.times[n - 2] == t) {
            out.values[n - 1] = value;
            ++tally.duplicateKeys;
            continue;
        }
        out.times.push_back(t);
        out.values.push_back(value);
    }
    // A jump to the same value is no jump: drop the first key of such a pair.
    std::size_t w = 0;
    for (std::size_t r = 0; r < out.times.size(); ++r) {
        if (r + 1 < out.times.size() && out.times[r + 1] == out.times[r] && nearlyEqual(out.values[r], out.values[r + 1])) {
            ++tally.duplicateKeys;
            continue;
        }
        out.times[w] = out.times[r];
        out.values[w] = out.values[r];
        ++w;
    }
    out.times.resize(w);
    out.values.resize(w);
    return std::nullopt;
}

std::string clipLabel(const anim::Clip& clip) { return "clip '" + clip.name + "'"; }

// A clip that plays nothing: say so, with the length the file claims for it.
std::string zeroLengthMessage(const anim::Clip& clip, const aiAnimation& src, double tps)
{
    std::string m = clipLabel(clip) + " comes out 0 s long: ";
    m += clip.tracks.empty() ? "no channel of it could be used" : "all of its keys lie at one time, so it holds one pose";
    if (std::isfinite(src.mDuration) && src.mDuration > 0.0) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.3g", src.mDuration / tps);
        m += std::string(" (the file gives it ") + seconds + " s)";
    }
    return m;
}

} // namespace

std::optional<std::string> convertAnimations(const aiScene& scene, const SceneNodes& nodes, model::Rig& rig,
                                             std::vector<std::string>& warnings)
{
    std::size_t zeroRate = 0, unknownTargets = 0, repeatedTargets = 0, meshChannels = 0, duplicateKeys = 0;
    std::size_t unplacedMorphs = 0;
    std::string firstUnknown;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation& src = *scene.mAnimations[a];
        anim::Clip clip;
        clip.name = src.mName.length > 0 ? std::string(src.mName.C_Str()) : "clip " + std::to_string(a);
        double tps = src.mTicksPerSecond;
        if (!std::isfinite(tps) || tps <= 0.0) {
            ++zeroRate;
            tps = kDefaultTicksPerSecond;
        }
        meshChannels += src.mNumMeshChannels;
        unplacedMorphs += convertMorphChannels(src, tps, rig, clip);
        ClipTally tally;
        // Channels by target node (the first of a name wins), then one track
        // per joint whose chain they touch, folded through that chain.
        std::unordered_map<std::string, anim::JointTrack> byNode;
        std::vector<anim::JointIndex> touched;
        std::vector<std::uint8_t> seen(rig.skeleton.size(), 0);
        for (unsigned c = 0; c < src.mNumChannels; ++c) {
            const aiNodeAnim& ch = *src.mChannels[c];
            const std::string target = ch.mNodeName.C_Str();
            const auto joints = nodes.jointsByChainNode.find(target);
            if (joints == nodes.jointsByChainNode.end()) {
                if (unknownTargets++ == 0)
                    firstUnknown = target;
                continue;
            }
            if (byNode.count(target)) {
                ++repeatedTargets;
                continue;
            }
            anim::JointTrack track;
            const std::string what = clipLabel(clip) + " node '" + target + "'";
            if (auto err = convertKeys(ch.mPositionKeys, ch.mNumPositionKeys, tps, what + " translation",
                                       track.translation, tally))
                return err;
            if (auto err = convertKeys(ch.mRotationKeys, ch.mNumRotationKeys, tps, what + " rotation", track.rotation,
                                       tally))
                return err;
            if (auto err = convertKeys(ch.mScalingKeys, ch.mNumScalingKeys, tps, what + " scale", track.scale, tally))
                return err;
            byNode.emplace(target, std::move(track));
            for (anim::JointIndex j : joints->second)
                if (!seen[static_cast<std::size_t>(j)]++)
                    touched.push_back(j);
        }
        const ChannelLookup channelOf = [&byNode](const std::string& name) -> const anim::JointTrack* {
            const auto it = byNode.find(name);
            return it == byNode.end() ? nullptr : &it->second;
        };
        for (anim::JointIndex j : touched) {
            std::optional<anim::JointTrack> track = foldChainTrack(nodes.chains[static_cast<std::size_t>(j)], j, channelOf);
            if (track && track->mask() != 0)
                clip.tracks.push_back(std::move(*track));
        }
        duplicateKeys += tally.duplicateKeys;
        clip.updateDuration();
        if (clip.duration <= 0.f)
            warnings.push_back(zeroLengthMessage(clip, src, tps));
        rig.clips.push_back(std::move(clip));
    }
    if (zeroRate > 0)
        warnings.push_back(std::to_string(zeroRate) + " clips gave no tick rate (mTicksPerSecond 0); 25 ticks per second assumed");
    if (unknownTargets > 0)
        warnings.push_back(std::to_string(unknownTargets) + " animation channels target nodes that do not exist (first: '" +
                           firstUnknown + "'); dropped");
    if (repeatedTargets > 0)
        warnings.push_back(std::to_string(repeatedTargets) + " animation channels repeat a node already animated in their clip; dropped");
    if (meshChannels > 0)
        warnings.push_back(std::to_string(meshChannels) + " mesh animation channels (whole-mesh swaps) ignored (not supported)");
    if (unplacedMorphs > 0)
        warnings.push_back(std::to_string(unplacedMorphs) +
                           " morph-weight channels name no mesh with blend shapes; dropped");
    if (duplicateKeys > 0)
        warnings.push_back(std::to_string(duplicateKeys) + " duplicate animation keys at equal times dropped");
    return std::nullopt;
}

} // namespace marrow::io::assimp
