// SPDX-License-Identifier: MIT
// Fuzz target: the glTF reader on bytes in memory (no file is read: external
// URIs are refused), first as given (a .gltf's JSON or a .glb), then the same
// bytes as the JSON chunk of a GLB, so mutated JSON reaches both containers.
// A rig the reader accepts must validate: the editor would trust it.
#include "core/io/gltf_import.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

void put32(std::string& out, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xffu));
}

void readAndCheck(const std::string& bytes, const std::string& name)
{
    const marrow::io::ImportResult r = marrow::io::importGltfBytes(bytes, name);
    if (!r.ok)
        return;
    if (const auto invalid = r.rig.validate()) {
        std::fprintf(stderr, "accepted, yet the rig is invalid: %s\n", invalid->c_str());
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    readAndCheck(bytes, "fuzz.gltf");
    if (size >= 4 && std::memcmp(data, "glTF", 4) == 0)
        return 0;
    std::string json = bytes;
    json.resize((json.size() + 3) & ~std::size_t{3}, ' ');
    std::string glb = "glTF";
    put32(glb, 2);
    put32(glb, static_cast<std::uint32_t>(12 + 8 + json.size()));
    put32(glb, static_cast<std::uint32_t>(json.size()));
    put32(glb, 0x4E4F534Au);  // "JSON"
    glb += json;
    readAndCheck(glb, "fuzz.glb");
    return 0;
}
