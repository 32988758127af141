// SPDX-License-Identifier: MIT
// Fuzz target: the rig codec, as the editor reads the import worker's reply.
// A reply it accepts and that validates (as the editor checks every import)
// must survive its own round trip. Each
// input is read as given, then sealed (its length and checksum made right),
// so mutations reach the fields behind the checksum.
#include "core/io/rig_codec.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

void putLe(std::string& bytes, std::size_t at, std::uint64_t v)
{
    for (std::size_t i = 0; i < 8; ++i)
        bytes[at + i] = static_cast<char>((v >> (8 * i)) & 0xffu);
}

void readAndCheck(std::string_view bytes)
{
    marrow::io::ImportResult result;
    std::string error;
    if (!marrow::io::decodeImportResult(bytes, result, error) || !result.ok)
        return;
    // The editor checks every import as io::importModel does: an invalid
    // rig is refused with its reason there (weights out of order, say), so
    // only a rig that validates goes on to the round trip.
    if (result.rig.validate())
        return;
    const std::string again = marrow::io::encodeImportResult(result);
    marrow::io::ImportResult second;
    if (!marrow::io::decodeImportResult(again, second, error)) {
        std::fprintf(stderr, "what Marrow wrote, it cannot read back: %s\n", error.c_str());
        std::abort();
    }
    if (marrow::io::encodeImportResult(second) != again) {
        std::fprintf(stderr, "what Marrow wrote reads back changed\n");
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::string bytes(reinterpret_cast<const char*>(data), size);
    readAndCheck(bytes);
    // Magic (8), version (4), payload length (8), payload, FNV-1a of the payload (8).
    constexpr std::size_t kHeader = 20, kTrailer = 8;
    if (bytes.size() < kHeader + kTrailer)
        return 0;
    const std::size_t payload = bytes.size() - kHeader - kTrailer;
    putLe(bytes, 12, payload);
    putLe(bytes, bytes.size() - kTrailer, marrow::io::fnv1a(std::string_view(bytes).substr(kHeader, payload)));
    readAndCheck(bytes);
    return 0;
}
