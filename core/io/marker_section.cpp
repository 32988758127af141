// SPDX-License-Identifier: MIT
#include "core/io/marker_section.h"

#include "core/io/le_bytes.h"

#include <cmath>
#include <cstring>

namespace marrow::doc {

namespace {

void putF64(std::string& out, double v)
{
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    putU32(out, static_cast<std::uint32_t>(bits & 0xFFFFFFFFu));
    putU32(out, static_cast<std::uint32_t>(bits >> 32));
}

} // namespace

bool hasSyncMarkers(const model::Rig& rig)
{
    for (const anim::Clip& c : rig.clips)
        if (c.syncMarkers)
            return true;
    return false;
}

std::string encodeMarkerSection(const model::Rig& rig)
{
    std::string out;
    std::uint32_t clips = 0;
    for (const anim::Clip& c : rig.clips)
        clips += c.syncMarkers ? 1 : 0;
    putU32(out, clips);
    for (std::size_t i = 0; i < rig.clips.size(); ++i) {
        const auto& markers = rig.clips[i].syncMarkers;
        if (!markers)
            continue;
        putU32(out, static_cast<std::uint32_t>(i));
        putU32(out, static_cast<std::uint32_t>(markers->size()));
        for (const anim::SyncMarker& m : *markers) {
            putU32(out, static_cast<std::uint32_t>(m.name.size()));
            out.append(m.name);
            putF64(out, m.time);
        }
    }
    return out;
}

bool decodeMarkerSection(std::string_view bytes, model::Rig& rig, std::string& error)
{
    std::size_t at = 0;
    const auto need = [&](std::size_t n) {
        if (bytes.size() - at >= n)
            return true;
        error = "sync marker section: truncated at byte " + std::to_string(at);
        return false;
    };
    const auto u32 = [&] {
        const std::uint32_t v = getU32(bytes, at);
        at += 4;
        return v;
    };
    if (!need(4))
        return false;
    const std::uint32_t clips = u32();
    std::int64_t previous = -1;
    std::vector<std::optional<std::vector<anim::SyncMarker>>> found(rig.clips.size());
    for (std::uint32_t c = 0; c < clips; ++c) {
        if (!need(8))
            return false;
        const std::uint32_t clip = u32(), count = u32();
        if (clip >= rig.clips.size() || static_cast<std::int64_t>(clip) <= previous) {
            error = "sync marker section: clip " + std::to_string(clip) + " is out of range or out of order (the rig has " +
                    std::to_string(rig.clips.size()) + " clips)";
            return false;
        }
        previous = clip;
        std::vector<anim::SyncMarker> markers;
        for (std::uint32_t m = 0; m < count; ++m) {
            if (!need(4))
                return false;
            const std::uint32_t length = u32();
            if (!need(static_cast<std::size_t>(length) + 8))
                return false;
            anim::SyncMarker marker;
            marker.name.assign(bytes.substr(at, length));
            at += length;
            const std::uint64_t bits = getU32(bytes, at) | static_cast<std::uint64_t>(getU32(bytes, at + 4)) << 32;
            at += 8;
            std::memcpy(&marker.time, &bits, sizeof marker.time);
            if (!std::isfinite(marker.time)) {
                error = "sync marker section: marker '" + marker.name + "' of clip " + std::to_string(clip) +
                        " has a time that is not finite";
                return false;
            }
            markers.push_back(std::move(marker));
        }
        found[clip] = anim::sortedMarkers(std::move(markers));
    }
    if (at != bytes.size()) {
        error = "sync marker section: " + std::to_string(bytes.size() - at) + " bytes after its last clip";
        return false;
    }
    for (std::size_t i = 0; i < found.size(); ++i)
        if (found[i])
            rig.clips[i].syncMarkers = std::move(found[i]);
    return true;
}

} // namespace marrow::doc
