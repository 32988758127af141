// SPDX-License-Identifier: MIT
#pragma once
// Shared state of one glTF export, split across gltf_export_*.cpp by concept.
// Only core/io/gltf_export* include this (it pulls in tinygltf).
#include "core/io/gltf_export.h"
#include "core/model/rig.h"

#include <tiny_gltf.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace marrow::io::gltfexport {

// The images a .gltf write puts beside itself (gltf_export_images.cpp).
struct BesideImages {
    using Bytes = std::shared_ptr<const std::vector<unsigned char>>;
    std::filesystem::path folder;     // where they go
    std::vector<GltfSideFile>& files;  // what goes there
    // The file name (and URI) for an image: `wanted` made a plain, URI-safe
    // name with the image's extension, numbered past names this write or a
    // different file in the folder already holds; the same bytes twice share one.
    std::string place(const std::string& wanted, const std::string& mimeType, const Bytes& bytes);
};
// Whether `file` exists and holds exactly `bytes`.
bool fileHolds(const std::filesystem::path& file, const std::vector<unsigned char>& bytes);

// A rig that cannot be written; caught by encodeGltf and turned into its message.
struct ExportError {
    std::string message;
};

// The model being built and its single buffer. Every buffer view starts on a
// 4-byte boundary, which satisfies every component type written here.
class ExportContext {
public:
    explicit ExportContext(const model::Rig& r) : rig(r) {}

    const model::Rig& rig;
    tinygltf::Model model;
    std::vector<unsigned char> bin;
    std::vector<int> skinIndex;  // per rig skin: its glTF skin, or -1 when it has no joints
    // Per joint: its glTF node. Empty when node i is joint i (a fresh write);
    // a write that carries a source uses the source's nodes.
    std::vector<int> jointNode;
    int nodeOf(anim::JointIndex joint) const
    {
        return jointNode.empty() ? joint : jointNode[static_cast<std::size_t>(joint)];
    }
    // The buffer new views go to: 0 for a fresh write; a carried source's
    // buffers come first and mergeBuffers() makes them one.
    int binBuffer = 0;
    // Per rig mesh: the glTF node holding its mesh (-1: not written), for
    // morph-weight channels. Filled by exportMeshes.
    std::vector<int> meshNode;
    // Per rig clip: its glTF animation (-1: not written, no channels).
    // Filled by exportClips / the carried write.
    std::vector<int> clipAnimation;
    BesideImages* beside = nullptr;     // a .gltf's image files, or null: images in the buffer
    float sampleRate = 60.f;            // frames per second for channels that mix interpolation modes
    model::WeightStorage weightStorage = model::WeightStorage::Float;  // how WEIGHTS_n are stored
    std::size_t resampledChannels = 0;  // how many such channels were written as LINEAR samples
    // A carried write of some meshes only: per rig mesh, 1 written (empty: all).
    std::vector<std::uint8_t> keepMeshes;

    // Appends bytes as a new buffer view; target 0 leaves the target unset
    // (animation data and inverse binds have none).
    int addView(const void* data, std::size_t byteCount, int target);
    // An accessor over a whole view. min/max are written when not empty.
    int addAccessor(int view, int componentType, int type, std::size_t count, std::vector<double> min = {},
                    std::vector<double> max = {});
    // Floats as SCALAR/VEC2/VEC3/VEC4/MAT4 (`components` per element), with
    // per-component min and max when `withBounds`.
    int addFloats(std::span<const float> values, int components, int type, int target, bool withBounds);
    // Animation input accessor, shared by every channel with the same times.
    int addTimes(const std::vector<float>& times);

private:
    std::map<std::vector<float>, int> m_timeAccessors;
};

// Pieces the steps share with the write that carries a source.
tinygltf::Skin buildSkin(ExportContext& ctx, const model::Skin& skin);  // joints as nodes, new inverse binds
// JOINTS_n/WEIGHTS_n of a skinned mesh onto `prim` (one set per 4 influences used).
void addSkinAttributes(ExportContext& ctx, const mesh::Mesh& m, std::size_t skinJoints, tinygltf::Primitive& prim);
// The clip's translation, rotation and scale channels (none for a clip without keys).
tinygltf::Animation buildAnimation(ExportContext& ctx, const anim::Clip& clip, std::size_t index);

// A primitive's material and COLOR_0 (gltf_export_look.cpp).
void addLookAttributes(ExportContext& ctx, const mesh::Mesh& m, tinygltf::Primitive& prim);
// A mesh's morph targets onto its primitive, and its default weights and
// target names onto its glTF mesh (gltf_export_morph.cpp).
void addMorphTargets(ExportContext& ctx, const mesh::Mesh& m, tinygltf::Primitive& prim, tinygltf::Mesh& out);
// The clip's morph-weight tracks as "weights" channels (after exportMeshes).
void addMorphChannels(ExportContext& ctx, const anim::Clip& clip, float shift, tinygltf::Animation& animation);

// Steps in order; each throws ExportError when the rig cannot be expressed.
void exportNodes(ExportContext& ctx);   // nodes (index = joint index) and the scene
void exportLooks(ExportContext& ctx);   // materials, textures, images (before meshes)
void exportSkins(ExportContext& ctx);   // skins with inverse bind matrices
void exportMeshes(ExportContext& ctx);  // meshes placed on nodes (after nodes and skins)
void exportClips(ExportContext& ctx);   // one animation per non-empty clip
// How far a clip's keys move in its glTF animation: minus its earliest key
// time when that is negative (glTF times start at 0), else 0.
float clipShift(const anim::Clip& clip);
// Each clip's user-set sync markers and the transitions leaving it as
// extras.marrow on its animation (the README's schema); a stale
// extras.marrow is removed. Runs after the animations are written.
void writeTransitionExtras(ExportContext& ctx);

} // namespace marrow::io::gltfexport
