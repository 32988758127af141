// SPDX-License-Identifier: MIT
// Fuzz target: the .marrow reader, every section. A document it accepts must
// validate and must survive its own round trip: written again, it reads back
// byte for byte the same. Each input is read as given, then sealed (its
// checksum made right), so mutations reach the sections behind the checksum.
#include "core/io/document_codec.h"
#include "core/io/rig_codec.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

void readAndCheck(std::string_view bytes)
{
    marrow::model::Rig rig;
    marrow::doc::DocumentExtras extras;
    std::string error;
    if (!marrow::doc::decodeDocument(bytes, rig, error, &extras))
        return;
    if (const auto invalid = rig.validate()) {
        std::fprintf(stderr, "accepted, yet the rig is invalid: %s\n", invalid->c_str());
        std::abort();
    }
    const std::string again = marrow::doc::encodeDocument(rig, extras);
    marrow::model::Rig second;
    marrow::doc::DocumentExtras secondExtras;
    if (!marrow::doc::decodeDocument(again, second, error, &secondExtras)) {
        std::fprintf(stderr, "what Marrow wrote, it cannot read back: %s\n", error.c_str());
        std::abort();
    }
    if (marrow::doc::encodeDocument(second, secondExtras) != again) {
        std::fprintf(stderr, "what Marrow wrote reads back changed\n");
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::string bytes(reinterpret_cast<const char*>(data), size);
    readAndCheck(bytes);
    constexpr std::size_t kTrailer = 8;  // the FNV-1a of everything before it
    if (bytes.size() < 16 + kTrailer)
        return 0;
    const std::uint64_t hash = marrow::io::fnv1a(std::string_view(bytes).substr(0, bytes.size() - kTrailer));
    for (std::size_t i = 0; i < kTrailer; ++i)
        bytes[bytes.size() - kTrailer + i] = static_cast<char>((hash >> (8 * i)) & 0xffu);
    readAndCheck(bytes);
    return 0;
}
