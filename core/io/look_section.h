// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace marrow::doc {

// The "LOOK" section of a .marrow document (and of the import worker's
// reply): how the meshes look, which the rig section does not hold. u32
// material count; per material: name, 4 f32 base colour, i32 texture, u8
// double-sided. u32 texture count; per texture: name, MIME type, u8 where its
// bytes are (0: here, u64 size and the bytes; 1: the document's glTF source,
// its image of the same index). u32 mesh count; per mesh: i32 material, u32
// colour count and RGBA colours. Then a tail (absent from the first
// sections, whose materials open without metal and with roughness 0.8, as
// they were exported): u8 version 1; per material: u8 base colour UV set, 7
// f32 (metallic, roughness, normal scale, occlusion strength, emissive RGB),
// 4 texture slots (metal-roughness, normal, occlusion, emissive: i32
// texture, u8 UV set); per mesh: u32 count of UV sets after the first, each
// a u32 count and its vec2s. Written only when some mesh has a material,
// colours or more than one UV set, so other documents keep their bytes.
bool hasLooks(const model::Rig& rig);
// `sourceImages`: the glTF source's images, when the document carries one:
// a texture with the same bytes as the source's image of its index is
// written as a reference to it, not a second copy.
using SourceImages = std::vector<std::shared_ptr<const std::vector<unsigned char>>>;
std::string encodeLookSection(const model::Rig& rig, const SourceImages* sourceImages);
// Applies the section to a rig decoded from the same document; references
// to the source's images are resolved from `sourceImages` (left empty when
// null). False with a reason when malformed or when its counts do not match.
bool decodeLookSection(std::string_view bytes, model::Rig& rig, const SourceImages* sourceImages,
                       std::string& error);

} // namespace marrow::doc
