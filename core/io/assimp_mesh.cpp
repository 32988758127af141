// SPDX-License-Identifier: MIT
// aiMesh -> mesh::Mesh (+ model::Skin and weights for a skinned one).
#include "core/io/assimp_math.h"
#include "core/io/assimp_morph.h"
#include "core/io/assimp_scene_convert.h"

#include "core/math/finite.h"
#include "core/model/weight_repair.h"

#include <assimp/scene.h>

#include <cmath>
#include <unordered_set>

namespace marrow::io::assimp {

namespace {

// Repairs counted over all meshes, reported once each.
struct MeshTally {
    std::size_t renormalised = 0, truncated = 0, dropped = 0, zeroRows = 0;
    std::size_t duplicateBones = 0, weightlessBones = 0, nonTriangles = 0, badNormals = 0, unplaced = 0, empty = 0;
    std::size_t droppedShapes = 0;
    std::unordered_set<std::string> boneNamesSeen, bonesInSeveralMeshes;
    model::ImportChanges changes;  // per rig mesh
};

// The skin of one aiMesh: one skin joint per distinct (node, offset matrix).
std::optional<std::string> buildSkin(const aiMesh& src, const SceneNodes& nodes, model::Rig& rig, mesh::Mesh& dst,
                                     MeshTally& tally)
{
    model::Skin skin;
    skin.name = dst.name;
    std::vector<std::vector<mesh::SkinWeightsBuilder::Influence>> rows(src.mNumVertices);
    std::unordered_set<std::string> namesInMesh;
    for (unsigned b = 0; b < src.mNumBones; ++b) {
        const aiBone& bone = *src.mBones[b];
        const std::string name = bone.mName.C_Str();
        const auto it = nodes.jointByName.find(name);
        if (it == nodes.jointByName.end())
            return "bone '" + name + "' of mesh '" + dst.name + "' names no node";
        const glm::mat4 inverseBind = toGlm(bone.mOffsetMatrix);
        std::size_t slot = skin.joints.size();
        for (std::size_t k = 0; k < skin.joints.size(); ++k)
            if (skin.joints[k] == it->second && skin.inverseBind[k] == inverseBind)
                slot = k;
        if (slot == skin.joints.size()) {
            if (slot >= 65535)
                return "mesh '" + dst.name + "' has more than 65535 bones";
            skin.joints.push_back(it->second);
            skin.inverseBind.push_back(inverseBind);
        }
        if (!namesInMesh.insert(name).second)
            ++tally.duplicateBones;
        else if (!tally.boneNamesSeen.insert(name).second)
            tally.bonesInSeveralMeshes.insert(name);
        bool anyWeight = false;
        for (unsigned w = 0; w < bone.mNumWeights; ++w) {
            const aiVertexWeight& vw = bone.mWeights[w];
            anyWeight = anyWeight || vw.mWeight > 0.f;
            rows[vw.mVertexId].push_back({static_cast<std::uint32_t>(slot), vw.mWeight});
        }
        if (!anyWeight)
            ++tally.weightlessBones;
    }
    mesh::SkinWeightsBuilder::Report report;
    dst.weights = mesh::SkinWeightsBuilder::build(rows, report);
    tally.renormalised += report.renormalised;
    tally.truncated += report.truncated;
    tally.dropped += report.influencesDropped;
    tally.zeroRows += report.zeroRows.size();
    dst.skin = static_cast<int>(rig.skins.size());
    rig.skins.push_back(std::move(skin));
    rig.meshes.push_back(std::move(dst));
    tally.changes.meshes.resize(rig.meshes.size());
    tally.changes.meshes.back() = {std::move(report.renormalisedRows), std::move(report.truncatedRows), report.zeroRows};
    // Weightless vertices follow the mesh's node, as if rigidly attached to it.
    model::bindRowsToMeshNode(rig, rig.meshes.size() - 1, report.zeroRows);
    return std::nullopt;
}

std::optional<std::string> convertMesh(const aiMesh& src, unsigned index, anim::JointIndex node,
                                       const SceneNodes& nodes, model::Rig& rig, MeshTally& tally)
{
    mesh::Mesh dst;
    dst.name = src.mName.length > 0 ? std::string(src.mName.C_Str()) : "mesh " + std::to_string(index);
    dst.node = node;
    dst.positions.reserve(src.mNumVertices);
    for (unsigned v = 0; v < src.mNumVertices; ++v)
        dst.positions.push_back(toGlm(src.mVertices[v]));
    if (src.mNormals) {
        dst.normals.reserve(src.mNumVertices);
        for (unsigned v = 0; v < src.mNumVertices; ++v) {
            glm::vec3 n = toGlm(src.mNormals[v]);
            // Degenerate triangles give Assimp's normal generator NaN; any unit vector will do there.
            if (!math::isFinite(n)) {
                n = glm::vec3(0.f, 1.f, 0.f);
                ++tally.badNormals;
            }
            dst.normals.push_back(n);
        }
    }
    // UV sets up to the first Assimp lacks (later ones would change index).
    for (unsigned set = 0; set < static_cast<unsigned>(mesh::kMaxUVSets) && src.mTextureCoords[set]; ++set) {
        std::vector<glm::vec2>& uvs = set == 0 ? dst.uvs : dst.moreUVSets.emplace_back();
        uvs.reserve(src.mNumVertices);
        for (unsigned v = 0; v < src.mNumVertices; ++v) {
            const aiVector3D& t = src.mTextureCoords[set][v];
            // Assimp's origin is the image's bottom left, glTF's (Mesh::uvs') its top left.
            uvs.emplace_back(std::isfinite(t.x) ? t.x : 0.f, std::isfinite(t.y) ? 1.f - t.y : 0.f);
        }
    }
    dst.material = static_cast<int>(src.mMaterialIndex);  // rig materials mirror the scene's (assimp_look.h)
    if (src.mColors[0]) {
        dst.colours.reserve(src.mNumVertices);
        for (unsigned v = 0; v < src.mNumVertices; ++v) {
            const aiColor4D& c = src.mColors[0][v];
            const glm::vec4 colour(c.r, c.g, c.b, c.a);
            dst.colours.push_back(std::isfinite(colour.x + colour.y + colour.z + colour.w) ? colour : glm::vec4(1.f));
        }
    }
    dst.indices.reserve(static_cast<std::size_t>(src.mNumFaces) * 3);
    for (unsigned f = 0; f < src.mNumFaces; ++f) {
        const aiFace& face = src.mFaces[f];
        if (face.mNumIndices != 3) {
            ++tally.nonTriangles;  // points and lines left after triangulation: nothing to skin or paint
            continue;
        }
        dst.indices.insert(dst.indices.end(), face.mIndices, face.mIndices + 3);
    }
    tally.droppedShapes += convertMorphTargets(src, dst);
    if (src.mNumBones == 0) {
        rig.meshes.push_back(std::move(dst));
        return std::nullopt;
    }
    return buildSkin(src, nodes, rig, dst, tally);
}

void report(const MeshTally& t, std::vector<std::string>& warnings)
{
    if (t.renormalised > 0)
        warnings.push_back(std::to_string(t.renormalised) + " vertices had weights not summing to 1 (renormalised)");
    if (t.truncated > 0)
        warnings.push_back(std::to_string(t.truncated) + " vertices had more than 8 influences; " +
                           std::to_string(t.dropped) + " dropped");
    if (t.zeroRows > 0)
        warnings.push_back(std::to_string(t.zeroRows) +
                           " vertices had no weight at all; they follow their mesh's node");
    if (t.weightlessBones > 0)
        warnings.push_back(std::to_string(t.weightlessBones) +
                           " bones have no weights (kept in the skeleton and skin at their bind transform)");
    if (t.duplicateBones > 0)
        warnings.push_back(std::to_string(t.duplicateBones) + " bones were listed twice in one mesh (merged)");
    if (!t.bonesInSeveralMeshes.empty())
        warnings.push_back(std::to_string(t.bonesInSeveralMeshes.size()) +
                           " bones were repeated across sub-meshes (one skeleton joint each, one skin per sub-mesh)");
    if (t.nonTriangles > 0)
        warnings.push_back(std::to_string(t.nonTriangles) + " point or line faces skipped (only triangles are kept)");
    if (t.badNormals > 0)
        warnings.push_back(std::to_string(t.badNormals) + " non-finite normals replaced");
    if (t.empty > 0)
        warnings.push_back(std::to_string(t.empty) + " empty meshes (no vertices) skipped");
    if (t.droppedShapes > 0)
        warnings.push_back(std::to_string(t.droppedShapes) +
                           " blend shapes (morph targets) did not match their mesh's vertex count; dropped");
    if (t.unplaced > 0)
        warnings.push_back(std::to_string(t.unplaced) + " meshes were placed by no node (hung from the root)");
}

} // namespace

std::optional<std::string> convertMeshes(const aiScene& scene, const SceneNodes& nodes, model::Rig& rig,
                                         std::vector<std::string>& warnings, model::ImportChanges* changes)
{
    MeshTally tally;
    std::size_t total = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m)
        total += std::max<std::size_t>(1, nodes.meshPlacements[m].size());
    if (total > 1'000'000)
        return "the scene places " + std::to_string(total) + " meshes, more than Marrow accepts";
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh& src = *scene.mMeshes[m];
        if (src.mNumVertices == 0) {
            ++tally.empty;  // empty sub-meshes (MD5 has them) carry nothing to edit
            continue;
        }
        std::vector<anim::JointIndex> placements = nodes.meshPlacements[m];
        if (placements.empty()) {
            ++tally.unplaced;
            placements.push_back(0);
        }
        for (anim::JointIndex node : placements)
            if (auto err = convertMesh(src, m, node, nodes, rig, tally))
                return err;
    }
    report(tally, warnings);
    if (changes && tally.changes.count() > 0)
        *changes = std::move(tally.changes);
    return std::nullopt;
}

} // namespace marrow::io::assimp
