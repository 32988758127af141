// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"
#include "core/anim/clip.h"
#include "core/model/ids.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace marrow::doc {

// Which channel of a joint track a key edit addresses.
enum class ChannelKind : std::uint8_t { Translation, Rotation, Scale };

constexpr anim::ChannelMask channelBit(ChannelKind kind)
{
    switch (kind) {
    case ChannelKind::Translation: return anim::kTranslationBit;
    case ChannelKind::Rotation: return anim::kRotationBit;
    case ChannelKind::Scale: return anim::kScaleBit;
    }
    return 0;
}

// One key of any channel, type-erased so commands and signals need no
// template: a vec3 uses x, y, z (w = 0); a quaternion is stored as (x, y, z, w).
// Only float copies happen on the way in and out, so a key read, stored and
// written back is the same bits. Tangents matter only for CubicSpline channels.
struct ChannelKey {
    float time = 0.f;
    glm::vec4 value{0.f};
    glm::vec4 inTangent{0.f};
    glm::vec4 outTangent{0.f};
};

inline glm::vec4 toKeyValue(const glm::vec3& v) { return {v.x, v.y, v.z, 0.f}; }
inline glm::vec4 toKeyValue(const glm::quat& q) { return {q.x, q.y, q.z, q.w}; }

template <class T>
T fromKeyValue(const glm::vec4& v);
template <>
inline glm::vec3 fromKeyValue<glm::vec3>(const glm::vec4& v) { return {v.x, v.y, v.z}; }
template <>
inline glm::quat fromKeyValue<glm::quat>(const glm::vec4& v) { return glm::quat(v.w, v.x, v.y, v.z); }

// Everything Document::insertKey changed, so Document::revertKeyEdit can put
// the channel back bit for bit: the whole channel as it was (a key insert can
// grow tangent and mode arrays), the clip's duration, and whether the joint's
// track had to be created.
struct KeyEdit {
    model::ClipId clip = -1;
    model::JointIndex joint = 0;
    ChannelKind kind = ChannelKind::Translation;
    std::size_t index = 0;                     // where the key sits after the edit
    std::optional<ChannelKey> replaced;        // the key that was at that time, if any
    std::optional<anim::Vec3Channel> previousVec3;  // the channel before the edit (translation, scale)
    std::optional<anim::QuatChannel> previousQuat;  // the channel before the edit (rotation)
    float previousDuration = 0.f;
    bool createdTrack = false;
};

// A key taken out of a channel, and where it was, so it can go back exactly.
struct RemovedKey {
    std::size_t index = 0;
    ChannelKey key;
    bool hadTangents = false;  // the channel's tangent arrays held an entry for it
    std::optional<anim::Interpolation> mode;      // its interpolation, when the channel stores them per key
    std::optional<anim::TangentMode> tangentMode;  // its tangent mode, when the channel stores them
};

} // namespace marrow::doc
