// SPDX-License-Identifier: MIT
#include "core/io/lock_section.h"
#include "core/io/le_bytes.h"

#include <cstdint>

namespace marrow::doc {

std::string encodeLockSection(const LockSet& locks)
{
    std::string out;
    out.reserve(4 + 4 * locks.size());
    putU32(out, static_cast<std::uint32_t>(locks.size()));
    for (model::JointIndex joint : locks)  // std::set: ascending
        putU32(out, static_cast<std::uint32_t>(joint));
    return out;
}

bool decodeLockSection(std::string_view bytes, std::size_t jointCount, LockSet& out, std::string& error)
{
    if (bytes.size() < 4 || (bytes.size() - 4) % 4 != 0 || (bytes.size() - 4) / 4 != getU32(bytes, 0)) {
        error = "lock section: its length (" + std::to_string(bytes.size()) + " bytes) does not match its count";
        return false;
    }
    LockSet locks;
    std::int64_t previous = -1;
    for (std::size_t at = 4; at < bytes.size(); at += 4) {
        const auto joint = static_cast<std::int32_t>(getU32(bytes, at));
        if (joint < 0 || static_cast<std::size_t>(joint) >= jointCount) {
            error = "lock section: joint " + std::to_string(joint) + " is out of range (the skeleton has " +
                    std::to_string(jointCount) + ")";
            return false;
        }
        if (joint <= previous) {
            error = "lock section: joints are not in ascending order at joint " + std::to_string(joint);
            return false;
        }
        previous = joint;
        locks.insert(joint);
    }
    out = std::move(locks);
    return true;
}

} // namespace marrow::doc
