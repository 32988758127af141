// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <string>
#include <vector>

struct aiScene;

namespace marrow::io::assimp {

// The scene's materials, one rig material per aiMaterial (so a mesh's
// mMaterialIndex is its Mesh::material), in glTF's metal-roughness terms the
// way Assimp's and Blender's glTF exporters map them: the PBR base colour,
// metal and roughness when the file has them; else the diffuse colour with
// the opacity as alpha, no metal, and a roughness from the shininess and
// specular colour (Phong, Lambert). Base-colour (else diffuse), normal (an
// OBJ's map_Bump too), packed metal-roughness, occlusion (else lightmap) and
// emissive textures, each with its UV set, become rig textures
// (TextureFinder). Maps glTF has no slot for (specular, glossiness, separate
// metal and roughness, height) are named in one warning.
void convertLooks(const aiScene& scene, const std::string& sourcePath, model::Rig& rig,
                  std::vector<std::string>& warnings);

} // namespace marrow::io::assimp
