// SPDX-License-Identifier: MIT
#include "core/io/pose_section.h"
#include "core/io/le_bytes.h"

#include <bit>
#include <cstdint>

namespace marrow::doc {

namespace {
constexpr std::size_t kEntryBytes = 4 + 10 * 4;  // joint, then ten floats
} // namespace

std::string encodePoseSection(const PoseMap& pose)
{
    std::string out;
    out.reserve(4 + pose.size() * kEntryBytes);
    putU32(out, static_cast<std::uint32_t>(pose.size()));
    for (const auto& [joint, t] : pose) {
        putU32(out, static_cast<std::uint32_t>(joint));
        const float values[10] = {t.translation.x, t.translation.y, t.translation.z, t.rotation.x, t.rotation.y,
                                  t.rotation.z,    t.rotation.w,    t.scale.x,       t.scale.y,    t.scale.z};
        for (float v : values)
            putU32(out, std::bit_cast<std::uint32_t>(v));
    }
    return out;
}

bool decodePoseSection(std::string_view bytes, std::size_t jointCount, PoseMap& out, std::string& error)
{
    if (bytes.size() < 4) {
        error = "pose section: truncated";
        return false;
    }
    const std::uint32_t count = getU32(bytes, 0);
    if ((bytes.size() - 4) / kEntryBytes != count || (bytes.size() - 4) % kEntryBytes != 0) {
        error = "pose section: " + std::to_string(count) + " joints do not fit its " + std::to_string(bytes.size()) +
                " bytes";
        return false;
    }
    PoseMap pose;
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t at = 4 + i * kEntryBytes;
        const auto joint = static_cast<std::int32_t>(getU32(bytes, at));
        if (joint < 0 || static_cast<std::size_t>(joint) >= jointCount) {
            error = "pose section: joint " + std::to_string(joint) + " is out of range (the skeleton has " +
                    std::to_string(jointCount) + ")";
            return false;
        }
        float v[10];
        for (std::size_t k = 0; k < 10; ++k)
            v[k] = std::bit_cast<float>(getU32(bytes, at + 4 + 4 * k));
        math::Transform t;
        t.translation = {v[0], v[1], v[2]};
        t.rotation = glm::quat(v[6], v[3], v[4], v[5]);  // (w, x, y, z)
        t.scale = {v[7], v[8], v[9]};
        if (!math::isFinite(t)) {
            error = "pose section: joint " + std::to_string(joint) + " has a number that is not finite";
            return false;
        }
        if (!pose.emplace(joint, t).second) {
            error = "pose section: joint " + std::to_string(joint) + " appears twice";
            return false;
        }
    }
    out = std::move(pose);
    return true;
}

} // namespace marrow::doc
