// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace marrow::io {

namespace gltfsource {
struct Content;  // the parsed file and its image bytes; core/io only (gltf_source_content.h)
}

// What a glTF file held, kept beside the rig imported from it, and where each
// part of the rig came from in it, so a glTF write can carry everything
// Marrow does not model (materials, textures, images, extra vertex
// attributes, morph targets, cameras, lights, extras, extensions) unchanged
// and change only what was edited (glTF-Transform's rule).
struct GltfSource {
    struct MeshLink {
        int node = -1;       // the glTF node holding the mesh
        int mesh = -1;       // the glTF mesh
        int primitive = -1;  // its primitive: one rig mesh each
        // The import repaired weights glTF forbids (rows not summing to 1,
        // weightless rows): a write stores the repaired rows, never the
        // source's invalid ones. (Rows cut to 8 influences are valid glTF:
        // an unpainted mesh keeps the source's.)
        bool weightsRepaired = false;
    };
    std::vector<int> jointNode;       // per skeleton joint: its glTF node
    std::vector<int> skinIndex;       // per rig skin: its glTF skin
    std::vector<MeshLink> meshes;     // per rig mesh
    std::vector<int> clipAnimation;   // per rig clip: its glTF animation
    // The rig as the import made it. A write compares the edited rig with it
    // part by part: what is equal keeps the source's bytes.
    model::Rig asImported;
    std::shared_ptr<const gltfsource::Content> content;
    // The source as one self-contained GLB (io::packGltfSource), made once
    // on the first save that needs it and shared by the copies.
    struct PackCache {
        std::once_flag once;
        std::string bytes;
        std::string error;
    };
    std::shared_ptr<PackCache> packCache = std::make_shared<PackCache>();

    // Counts for marrow-cli info and for saying what a write keeps.
    struct Summary {
        std::size_t materials = 0, textures = 0, images = 0, cameras = 0, lights = 0;
        std::size_t morphTargets = 0;     // over every primitive
        std::size_t morphChannels = 0;    // animation channels of morph weights
        std::size_t accessors = 0;        // what the file's data is read through
        std::vector<std::string> extensionsUsed, extensionsRequired;
        std::vector<std::string> materialNames;  // one per material ("" when unnamed)
        // One per image: its name, else its URI, else its MIME type (embedded).
        std::vector<std::string> imageNames;
    };
    Summary summary() const;
    // The source's images as the file stored them, one per glTF image (null
    // without content). For writers that cannot see tinygltf.
    const std::vector<std::shared_ptr<const std::vector<unsigned char>>>* imageBytes() const;
};

} // namespace marrow::io
