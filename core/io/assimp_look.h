// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <string>
#include <vector>

struct aiScene;

namespace marrow::io::assimp {

// The scene's materials, one rig material per aiMaterial (so a mesh's
// mMaterialIndex is its Mesh::material), as glTF's base colour: the PBR base
// colour when the file has one, else the diffuse colour (Phong, Lambert)
// with the opacity as alpha, the way Assimp's and Blender's glTF exporters
// map them. Their base-colour (else diffuse) textures become rig textures:
// embedded ones ("*N", or an FBX's by file name) keep their bytes; others are
// read from beside `sourcePath` (the path as written, then its file name in
// the model's folder and in a "textures" folder there), never from outside
// that folder. A texture that cannot be found or read is named in a warning.
void convertLooks(const aiScene& scene, const std::string& sourcePath, model::Rig& rig,
                  std::vector<std::string>& warnings);

} // namespace marrow::io::assimp
