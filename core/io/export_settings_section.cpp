// SPDX-License-Identifier: MIT
#include "core/io/export_settings_section.h"

#include "core/io/codec_stream.h"

#include <bit>

namespace marrow::doc {

std::string encodeExportSettingsSection(const model::ExportSettings& s, const std::string& path)
{
    io::codec::Writer w;
    w.u8(static_cast<std::uint8_t>(s.format));
    w.u8(static_cast<std::uint8_t>(s.clips));
    w.count(s.chosenClips.size());
    for (const std::string& name : s.chosenClips)
        w.str(name);
    w.u8(s.bakeTransitions ? 1 : 0);
    w.u64(std::bit_cast<std::uint64_t>(s.resampleFps));
    w.u8(static_cast<std::uint8_t>(s.meshes));
    w.str(path);
    return std::move(w.bytes());
}

bool decodeExportSettingsSection(std::string_view bytes, model::ExportSettings& out, std::string& pathOut,
                                 std::string& error)
{
    io::codec::Reader r(bytes);
    model::ExportSettings s;
    s.format = static_cast<model::ExportFormat>(r.u8());
    s.clips = static_cast<model::ExportClips>(r.u8());
    const std::size_t clips = r.count(4, "chosen clip");
    for (std::size_t i = 0; i < clips && r.ok(); ++i)
        r.str(s.chosenClips.emplace_back());
    const std::uint8_t bake = r.u8();
    s.bakeTransitions = bake == 1;
    s.resampleFps = std::bit_cast<double>(r.u64());
    s.meshes = static_cast<model::ExportMeshes>(r.u8());
    std::string path;
    r.str(path);
    if (!r.ok()) {
        error = "export settings section: " + r.error();
        return false;
    }
    if (bake > 1) {
        error = "export settings section: the bake-transitions flag is " + std::to_string(bake);
        return false;
    }
    if (auto invalid = s.validate()) {
        error = "export settings section: " + *invalid;
        return false;
    }
    out = std::move(s);
    pathOut = std::move(path);
    return true;
}

} // namespace marrow::doc
