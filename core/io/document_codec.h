// SPDX-License-Identifier: MIT
#pragma once
// The .marrow container without Qt: marrow-cli reads documents through it,
// the editor through document_io.h.
#include "core/io/document_extras.h"
#include "core/model/rig.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace marrow::doc {

// The native document format, ".marrow": a small versioned container around
// the rig codec (core/io/rig_codec.h), so every field of the Rig is saved
// exactly and the same rig always gives the same bytes.
//
//   offset  size  field
//   0       8     magic "MARROW" 0x1A 0x0A   (0x1A/0x0A catch text-mode
//                                            transfers that rewrite newlines)
//   8       4     u32 format version (kDocumentFormatVersion)
//   12      4     u32 section count
//   16      ...   sections, each: 4-byte tag, u64 length, `length` bytes
//                   "RIG\0"  required, once: encodeRig(rig) (its own magic,
//                            version and payload hash)
//                   "POSE"   optional, once: the posed joints (pose_section.h);
//                            absent when nothing is posed
//                   "LOCK"   optional, once: the locked joints (lock_section.h);
//                            absent when nothing is locked;
//                   "DFRM"   optional, once: the Deform flags the user set
//                            (deform_section.h); absent when none is set
//                   "ROTM"   optional, once: bones' rotation modes and Euler
//                            keys (rotation_section.h); absent when every
//                            bone is Quaternion
//                   "VIEW"   optional, once: the active clip, time and mode at
//                            the save (view_state_section.h); absent at the default
//                   "GSRC"   optional, once: the glTF file the rig came from,
//                            as one GLB (source_section.h); absent for a rig
//                            from another format
//   end-8   8     u64 FNV-1a of every byte before it
// Integers are little-endian. Readers skip sections with tags they do not
// know, so later versions can add editor data (bone colours, transitions)
// without breaking older builds; a file whose version is newer than this
// build's is refused with a message rather than half read. The pose is
// saved (as Blender saves it); of the view state, only the active clip, the
// time and the mode are (VIEW), never the selection or the camera.
//
// Why not .glb with editor data in extras: the glTF reader repairs what it
// reads (renormalised weights, nodes reordered parents-first, tangents
// rescaled), so a glTF round trip is not promised to be bit-exact, and
// open/save/open/save must give identical bytes. The rig codec already is
// exact, bounds-checked and hash-protected. glTF stays the interchange format.
// Version 2: the rig inside holds interpolation and tangent mode per key
// (rig codec version 2); version 1 files still open, meaning the same.
// Version 3: a ROTM section may hold rotations the rig section does not; a
// document is written as version 3 only when it has one (older builds then
// refuse it rather than open it without its Euler keys), else as version 2,
// byte for byte what it always was.
constexpr std::uint32_t kDocumentFormatVersion = 3;
constexpr std::uint32_t kDocumentFormatVersionWithoutRotations = 2;
inline constexpr char kNativeSuffix[] = "marrow";
// True when a file name ends in ".marrow" (any case).
bool isNativeFileName(std::string_view path);

std::string encodeDocument(const model::Rig& rig, const DocumentExtras& extras = {});
// False with a reason (no file name) when the bytes are not a valid document;
// `out` (and `extras`, when given) are only assigned on success.
bool decodeDocument(std::string_view bytes, model::Rig& out, std::string& error, DocumentExtras* extras = nullptr);

} // namespace marrow::doc
