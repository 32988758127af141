// SPDX-License-Identifier: MIT
#include "core/io/deform_section.h"

#include "core/io/le_bytes.h"

#include <cstdint>

namespace marrow::doc {

std::string encodeDeformSection(const DeformFlags& flags)
{
    std::string out;
    out.reserve(4 + 5 * flags.size());
    putU32(out, static_cast<std::uint32_t>(flags.size()));
    for (const auto& [joint, deform] : flags) {  // std::map: ascending
        putU32(out, static_cast<std::uint32_t>(joint));
        out.push_back(deform ? '\1' : '\0');
    }
    return out;
}

bool decodeDeformSection(std::string_view bytes, std::size_t jointCount, DeformFlags& out, std::string& error)
{
    if (bytes.size() < 4 || (bytes.size() - 4) % 5 != 0 || (bytes.size() - 4) / 5 != getU32(bytes, 0)) {
        error = "deform section: its length (" + std::to_string(bytes.size()) + " bytes) does not match its count";
        return false;
    }
    DeformFlags flags;
    std::int64_t previous = -1;
    for (std::size_t at = 4; at < bytes.size(); at += 5) {
        const auto joint = static_cast<std::int32_t>(getU32(bytes, at));
        const auto flag = static_cast<unsigned char>(bytes[at + 4]);
        if (joint < 0 || static_cast<std::size_t>(joint) >= jointCount) {
            error = "deform section: joint " + std::to_string(joint) + " is out of range (the skeleton has " +
                    std::to_string(jointCount) + ")";
            return false;
        }
        if (joint <= previous) {
            error = "deform section: joints are not in ascending order at joint " + std::to_string(joint);
            return false;
        }
        if (flag > 1) {
            error = "deform section: joint " + std::to_string(joint) + " has flag " + std::to_string(flag);
            return false;
        }
        previous = joint;
        flags[joint] = flag == 1;
    }
    out = std::move(flags);
    return true;
}

} // namespace marrow::doc
