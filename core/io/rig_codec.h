// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/import_result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace marrow::io {

// A deterministic, versioned binary encoding of a Rig (every field) and of an
// ImportResult (ok flag, error, warnings, rig). Used to send the import
// worker's result over a pipe, and the basis of the native document format.
//
// Layout: 8-byte magic ("MRWRIG01" for a rig, "MRWIMP01" for an import
// result), u32 format version, u64 payload length, payload, u64 FNV-1a hash of
// the payload. All integers little-endian; floats as their IEEE-754 bit
// patterns, so the same value always gives the same bytes (NaN included).
// Decoding checks every count against the bytes left before allocating and
// rejects truncation, trailing bytes, a wrong hash or version with a reason.
// Version 2 holds interpolation and tangent mode per key; version 1 (one
// interpolation per channel) still decodes, every key taking the channel's.
constexpr std::uint32_t kRigCodecVersion = 2;

std::string encodeRig(const model::Rig& rig);
// The 64-bit FNV-1a hash the encodings end with (also used by the document file).
std::uint64_t fnv1a(std::string_view bytes);
bool decodeRig(std::string_view bytes, model::Rig& out, std::string& error);

std::string encodeImportResult(const ImportResult& result);
bool decodeImportResult(std::string_view bytes, ImportResult& out, std::string& error);

} // namespace marrow::io
