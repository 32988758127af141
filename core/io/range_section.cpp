// SPDX-License-Identifier: MIT
#include "core/io/range_section.h"

#include "core/io/le_bytes.h"

#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

namespace marrow::doc {

bool hasClipRanges(const model::Rig& rig)
{
    for (const anim::Clip& c : rig.clips)
        if (c.range)
            return true;
    return false;
}

std::string encodeRangeSection(const model::Rig& rig)
{
    std::string out;
    std::uint32_t clips = 0;
    for (const anim::Clip& c : rig.clips)
        clips += c.range ? 1 : 0;
    putU32(out, clips);
    for (std::size_t i = 0; i < rig.clips.size(); ++i) {
        const auto& range = rig.clips[i].range;
        if (!range)
            continue;
        putU32(out, static_cast<std::uint32_t>(i));
        putU32(out, std::bit_cast<std::uint32_t>(range->start));
        putU32(out, std::bit_cast<std::uint32_t>(range->end));
    }
    return out;
}

bool decodeRangeSection(std::string_view bytes, model::Rig& rig, std::string& error)
{
    if (bytes.size() < 4) {
        error = "frame range section: truncated at byte 0";
        return false;
    }
    const std::uint32_t clips = getU32(bytes, 0);
    if ((bytes.size() - 4) / 12 < clips || bytes.size() - 4 != static_cast<std::size_t>(clips) * 12) {
        error = "frame range section: " + std::to_string(bytes.size()) + " bytes for " + std::to_string(clips) +
                " clips (12 bytes each after the count)";
        return false;
    }
    std::vector<std::optional<anim::ClipRange>> found(rig.clips.size());
    std::int64_t previous = -1;
    for (std::uint32_t c = 0; c < clips; ++c) {
        const std::size_t at = 4 + static_cast<std::size_t>(c) * 12;
        const std::uint32_t clip = getU32(bytes, at);
        if (clip >= rig.clips.size() || static_cast<std::int64_t>(clip) <= previous) {
            error = "frame range section: clip " + std::to_string(clip) + " is out of range or out of order (the rig has " +
                    std::to_string(rig.clips.size()) + " clips)";
            return false;
        }
        previous = clip;
        const anim::ClipRange range{std::bit_cast<float>(getU32(bytes, at + 4)), std::bit_cast<float>(getU32(bytes, at + 8))};
        if (auto why = anim::validateRange(range)) {
            error = "frame range section: clip '" + rig.clips[clip].name + "' has " + *why;
            return false;
        }
        found[clip] = range;
    }
    for (std::size_t i = 0; i < found.size(); ++i)
        if (found[i]) {
            rig.clips[i].range = found[i];
            rig.clips[i].duration = found[i]->end;
        }
    return true;
}

} // namespace marrow::doc
