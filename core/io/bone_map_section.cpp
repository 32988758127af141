// SPDX-License-Identifier: MIT
#include "core/io/bone_map_section.h"

#include "core/io/codec_stream.h"

namespace marrow::doc {

std::string encodeBoneMapSection(const BoneMaps& maps)
{
    io::codec::Writer w;
    w.count(maps.size());
    for (const auto& [source, json] : maps) {
        w.str(source);
        w.str(json);
    }
    return std::move(w.bytes());
}

bool decodeBoneMapSection(std::string_view bytes, BoneMaps& out, std::string& error)
{
    io::codec::Reader r(bytes);
    BoneMaps maps;
    const std::size_t count = r.count(8, "bone map");
    for (std::size_t i = 0; i < count && r.ok(); ++i) {
        std::string source, json;
        r.str(source);
        r.str(json);
        if (!r.ok())
            break;
        if (source.empty() || maps.contains(source)) {
            error = "bone map section: " + (source.empty() ? std::string("a map with no source name")
                                                           : "two maps for " + source);
            return false;
        }
        maps.emplace(std::move(source), std::move(json));
    }
    if (!r.ok()) {
        error = "bone map section: " + r.error();
        return false;
    }
    out = std::move(maps);
    return true;
}

} // namespace marrow::doc
