// SPDX-License-Identifier: MIT
#include "core/io/source_section.h"
#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"

namespace marrow::io {

std::optional<std::string> packGltfSource(const GltfSource& source, const std::string** bytes)
{
    GltfSource::PackCache& cache = *source.packCache;
    std::call_once(cache.once, [&] {
        GltfExportReport report;
        if (auto err = encodeGltf(source.asImported, GltfContainer::Binary, cache.bytes, {.source = &source}, &report))
            cache.error = *err;
        else if (!report.carriedSource)
            cache.error = report.notCarried;
    });
    if (!cache.error.empty())
        return cache.error;
    *bytes = &cache.bytes;
    return std::nullopt;
}

} // namespace marrow::io

namespace marrow::doc {

std::optional<std::string> encodeSourceSection(const io::GltfSource& source, std::string& payload)
{
    const std::string* bytes = nullptr;
    if (auto err = io::packGltfSource(source, &bytes))
        return err;
    payload = *bytes;
    return std::nullopt;
}

bool decodeSourceSection(std::string_view payload, std::shared_ptr<const io::GltfSource>& out, std::string& error)
{
    io::ImportResult result = io::importGltfBytes(std::string(payload), "source section");
    if (!result.ok || !result.gltfSource) {
        error = result.error.empty() ? "source section: not a glTF" : result.error;
        return false;
    }
    out = std::move(result.gltfSource);
    return true;
}

} // namespace marrow::doc
