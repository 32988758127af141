// SPDX-License-Identifier: MIT
// Rig meshes -> glTF meshes on their nodes, with skin weights the validator accepts.
#include "core/io/gltf_export_context.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace marrow::io::gltfexport {

namespace {

// The Khronos validator's weight check, step for step: it adds each vertex's
// non-zero weights in float32 (component by component, across the
// WEIGHTS_n sets) and allows 2e-7 per non-zero weight. `w` holds `sets`
// consecutive groups of 4.
bool validatorAcceptsRow(const float* w, int sets, float* sumOut = nullptr)
{
    float sum = 0.f;
    double tolerance = 0.0;
    for (int c = 0; c < 4; ++c)
        for (int j = 0; j < sets; ++j) {
            const float h = w[j * 4 + c];
            if (h != 0.f) {
                // Dart adds in double and stores into a Float32List; do the same.
                sum = static_cast<float>(static_cast<double>(sum) + static_cast<double>(h));
                tolerance += 2e-7;
            }
        }
    if (sumOut)
        *sumOut = sum;
    return !(std::fabs(static_cast<double>(sum) - 1.0) > tolerance);
}

// Rig rows sum to 1 within 1e-4, looser than the validator. Rows it would
// reject are renormalised in double, then the largest weight (the first: rows
// are sorted) absorbs what float rounding leaves over. Accepted rows stay bit for bit.
void normaliseRow(float* w, int sets)
{
    if (validatorAcceptsRow(w, sets))
        return;
    const int n = sets * 4;
    double total = 0.0;
    for (int k = 0; k < n; ++k)
        total += static_cast<double>(w[k]);
    if (!(total > 0.0))
        return;  // an all-zero row; Rig::validate() rejects those before we get here
    for (int k = 0; k < n; ++k)
        w[k] = static_cast<float>(static_cast<double>(w[k]) / total);
    int largest = 0;
    for (int k = 1; k < n; ++k)
        if (w[k] > w[largest])
            largest = k;
    float sum = 0.f;
    for (int attempt = 0; attempt < 4 && !validatorAcceptsRow(w, sets, &sum); ++attempt)
        w[largest] = static_cast<float>(static_cast<double>(w[largest]) + (1.0 - static_cast<double>(sum)));
}

// Unit normals within the validator's tolerance; others are rescaled, and
// zero or non-finite ones (which have no direction to keep) become +Z.
std::vector<float> unitNormals(const std::vector<glm::vec3>& normals)
{
    std::vector<float> out;
    out.reserve(normals.size() * 3);
    for (const glm::vec3& n : normals) {
        const double len = std::sqrt(static_cast<double>(n.x) * n.x + static_cast<double>(n.y) * n.y +
                                     static_cast<double>(n.z) * n.z);
        glm::vec3 u = n;
        if (!std::isfinite(len) || len < 1e-12)
            u = glm::vec3(0.f, 0.f, 1.f);
        else if (std::fabs(len - 1.0) > 1e-3)
            u = glm::vec3(static_cast<float>(n.x / len), static_cast<float>(n.y / len), static_cast<float>(n.z / len));
        out.insert(out.end(), {u.x, u.y, u.z});
    }
    return out;
}

// Indices in the smallest type whose primitive-restart value (all ones) no index reaches.
int addIndices(ExportContext& ctx, const std::vector<std::uint32_t>& indices, std::size_t vertexCount)
{
    std::uint32_t top = 0;
    for (std::uint32_t i : indices)
        top = std::max(top, i);
    if (top >= vertexCount)
        throw ExportError{"an index is out of range"};
    auto write = [&](auto tag, int componentType) {
        using T = decltype(tag);
        std::vector<T> narrow(indices.begin(), indices.end());
        const int view = ctx.addView(narrow.data(), narrow.size() * sizeof(T), TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
        return ctx.addAccessor(view, componentType, TINYGLTF_TYPE_SCALAR, narrow.size());
    };
    if (top < 0xFFu)
        return write(std::uint8_t{}, TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE);
    if (top < 0xFFFFu)
        return write(std::uint16_t{}, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT);
    return write(std::uint32_t{}, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
}

} // namespace

namespace {

// Rows (sets * 4 floats per vertex) as whole units of 1/scale, each row's
// rounding error put on its largest weight so it sums to exactly `scale`.
std::vector<std::uint32_t> rowUnits(const std::vector<float>& rows, int sets, std::uint32_t scale)
{
    const auto width = static_cast<std::size_t>(sets) * 4;
    std::vector<std::uint32_t> units(rows.size(), 0);
    for (std::size_t r = 0; r + width <= rows.size(); r += width) {
        long sum = 0;
        std::size_t largest = r;
        for (std::size_t k = r; k < r + width; ++k) {
            units[k] = static_cast<std::uint32_t>(std::lround(static_cast<double>(std::max(rows[k], 0.f)) * scale));
            sum += units[k];
            if (rows[k] > rows[largest])
                largest = k;
        }
        const long fix = static_cast<long>(scale) - sum;
        units[largest] = static_cast<std::uint32_t>(std::max(0L, static_cast<long>(units[largest]) + fix));
    }
    return units;
}

// One set's WEIGHTS as normalised unsigned bytes (scale 255) or shorts.
int addUnitWeights(ExportContext& ctx, const std::vector<std::uint32_t>& units, int sets, int set, std::size_t n)
{
    const bool bytes = ctx.weightStorage == model::WeightStorage::U8;
    std::vector<std::uint8_t> b;
    std::vector<std::uint16_t> h;
    for (std::size_t v = 0; v < n; ++v)
        for (std::size_t c = 0; c < 4; ++c) {
            const std::uint32_t u = units[(v * static_cast<std::size_t>(sets) + static_cast<std::size_t>(set)) * 4 + c];
            if (bytes)
                b.push_back(static_cast<std::uint8_t>(u));
            else
                h.push_back(static_cast<std::uint16_t>(u));
        }
    const int view = bytes ? ctx.addView(b.data(), b.size(), TINYGLTF_TARGET_ARRAY_BUFFER)
                           : ctx.addView(h.data(), h.size() * 2, TINYGLTF_TARGET_ARRAY_BUFFER);
    const int accessor = ctx.addAccessor(view, bytes ? TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE : TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT,
                                         TINYGLTF_TYPE_VEC4, n);
    ctx.model.accessors[static_cast<std::size_t>(accessor)].normalized = true;
    return accessor;
}

} // namespace

// JOINTS_n/WEIGHTS_n: one set per 4 influences actually used (the zero tail of
// a stride-8 row whose vertices all have at most 4 influences is not written).
void addSkinAttributes(ExportContext& ctx, const mesh::Mesh& m, std::size_t skinJoints, tinygltf::Primitive& prim)
{
    const mesh::SkinWeights& sw = m.weights;
    const std::size_t n = m.vertexCount();
    const int sets = sw.stride > 4 && sw.maxInfluences() > 4 ? 2 : 1;
    // Rows regrouped as the validator reads them: set 0 then set 1 for each vertex.
    std::vector<float> rows(n * static_cast<std::size_t>(sets) * 4, 0.f);
    std::vector<std::uint16_t> joints(rows.size(), 0);
    for (std::size_t v = 0; v < n; ++v) {
        float* w = rows.data() + v * static_cast<std::size_t>(sets) * 4;
        std::uint16_t* j = joints.data() + v * static_cast<std::size_t>(sets) * 4;
        const auto wr = sw.weightRow(v);
        const auto jr = sw.jointRow(v);
        for (std::size_t k = 0; k < wr.size() && k < static_cast<std::size_t>(sets) * 4; ++k) {
            w[k] = wr[k];
            // A zero weight keeps joint 0, which the validator expects of unused slots.
            j[k] = wr[k] != 0.f ? jr[k] : 0;
        }
        normaliseRow(w, sets);
    }
    // u8/u16: each row in whole units of the grid summing to exactly 255 or
    // 65535 (the profile put the weights on it; rounding only undoes float).
    std::vector<std::uint32_t> units;
    if (ctx.weightStorage != model::WeightStorage::Float)
        units = rowUnits(rows, sets, ctx.weightStorage == model::WeightStorage::U8 ? 255u : 65535u);
    const bool byteJoints = skinJoints <= 256;
    for (int set = 0; set < sets; ++set) {
        std::vector<float> weights(n * 4);
        std::vector<std::uint16_t> shortJoints(n * 4);
        for (std::size_t v = 0; v < n; ++v)
            for (std::size_t c = 0; c < 4; ++c) {
                const std::size_t from = (v * static_cast<std::size_t>(sets) + static_cast<std::size_t>(set)) * 4 + c;
                weights[v * 4 + c] = rows[from];
                shortJoints[v * 4 + c] = joints[from];
            }
        int jointsAccessor;
        if (byteJoints) {
            const std::vector<std::uint8_t> byteValues(shortJoints.begin(), shortJoints.end());
            const int view = ctx.addView(byteValues.data(), byteValues.size(), TINYGLTF_TARGET_ARRAY_BUFFER);
            jointsAccessor = ctx.addAccessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_TYPE_VEC4, n);
        } else {
            const int view = ctx.addView(shortJoints.data(), shortJoints.size() * 2, TINYGLTF_TARGET_ARRAY_BUFFER);
            jointsAccessor = ctx.addAccessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_VEC4, n);
        }
        const std::string suffix = std::to_string(set);
        prim.attributes["JOINTS_" + suffix] = jointsAccessor;
        prim.attributes["WEIGHTS_" + suffix] =
            ctx.weightStorage == model::WeightStorage::Float
                ? ctx.addFloats(weights, 4, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER, false)
                : addUnitWeights(ctx, units, sets, set, n);
    }
}

namespace {

tinygltf::Primitive makePrimitive(ExportContext& ctx, const mesh::Mesh& m, int gltfSkin)
{
    const std::size_t n = m.vertexCount();
    tinygltf::Primitive prim;
    std::vector<float> positions;
    positions.reserve(n * 3);
    for (const glm::vec3& p : m.positions)
        positions.insert(positions.end(), {p.x, p.y, p.z});
    prim.attributes["POSITION"] = ctx.addFloats(positions, 3, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
    if (m.normals.size() == n)
        prim.attributes["NORMAL"] =
            ctx.addFloats(unitNormals(m.normals), 3, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    if (m.uvs.size() == n) {
        std::vector<float> uvs;
        uvs.reserve(n * 2);
        for (const glm::vec2& uv : m.uvs)
            uvs.insert(uvs.end(), {uv.x, uv.y});
        prim.attributes["TEXCOORD_0"] = ctx.addFloats(uvs, 2, TINYGLTF_TYPE_VEC2, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    }
    if (gltfSkin >= 0)
        addSkinAttributes(ctx, m, ctx.model.skins[static_cast<std::size_t>(gltfSkin)].joints.size(), prim);
    addLookAttributes(ctx, m, prim);
    if (!m.indices.empty()) {
        prim.indices = addIndices(ctx, m.indices, n);
        prim.mode = TINYGLTF_MODE_TRIANGLES;
    } else {
        // Vertices without faces: points keep them without inventing triangles.
        prim.mode = TINYGLTF_MODE_POINTS;
    }
    return prim;
}

} // namespace

void exportMeshes(ExportContext& ctx)
{
    const model::Rig& rig = ctx.rig;
    // A glTF node holds one mesh and one skin. The first rig mesh on a node
    // decides them; later meshes with the same skin become further primitives
    // of that glTF mesh, and meshes with another skin go on an extra child
    // node with an identity transform (so they stay where they were).
    struct Placement {
        int node;
        int skin;
        int mesh;
        int gltfNode;  // the node the glTF mesh hangs on (node, or its extra child)
        bool morphed;
    };
    std::vector<Placement> placements;
    const std::size_t jointCount = rig.skeleton.size();
    ctx.meshNode.assign(rig.meshes.size(), -1);
    for (std::size_t mi = 0; mi < rig.meshes.size(); ++mi) {
        const mesh::Mesh& m = rig.meshes[mi];
        if (m.positions.empty())
            continue;  // glTF accessors need at least one element
        if (m.node < 0 || static_cast<std::size_t>(m.node) >= jointCount)
            throw ExportError{"mesh '" + m.name + "' hangs from node " + std::to_string(m.node) + ", which does not exist"};
        const int skin = m.skinned() && static_cast<std::size_t>(m.skin) < ctx.skinIndex.size()
                             ? ctx.skinIndex[static_cast<std::size_t>(m.skin)]
                             : -1;
        // A glTF mesh's primitives share its morph weights: a morphed mesh
        // gets a glTF mesh of its own.
        auto same = m.morphTargets.empty()
                        ? std::find_if(placements.begin(), placements.end(),
                                       [&](const Placement& p) { return p.node == m.node && p.skin == skin && !p.morphed; })
                        : placements.end();
        tinygltf::Primitive prim = makePrimitive(ctx, m, skin);
        if (same != placements.end()) {
            ctx.meshNode[mi] = same->gltfNode;
            tinygltf::Mesh& shared = ctx.model.meshes[static_cast<std::size_t>(same->mesh)];
            // Readers name primitive p of mesh "X" as "X #p"; give such groups back their "X".
            const std::string suffix = " #0";
            if (shared.primitives.size() == 1 && shared.name.size() > suffix.size() &&
                shared.name.compare(shared.name.size() - suffix.size(), suffix.size(), suffix) == 0)
                shared.name.resize(shared.name.size() - suffix.size());
            shared.primitives.push_back(std::move(prim));
            continue;
        }
        tinygltf::Mesh out;
        out.name = m.name;
        addMorphTargets(ctx, m, prim, out);
        out.primitives.push_back(std::move(prim));
        ctx.model.meshes.push_back(std::move(out));
        const int meshIndex = static_cast<int>(ctx.model.meshes.size() - 1);

        int node = m.node;
        if (ctx.model.nodes[static_cast<std::size_t>(node)].mesh >= 0) {
            tinygltf::Node extra;
            extra.name = m.name;
            ctx.model.nodes.push_back(std::move(extra));
            const int child = static_cast<int>(ctx.model.nodes.size() - 1);
            ctx.model.nodes[static_cast<std::size_t>(m.node)].children.push_back(child);
            node = child;
        }
        ctx.model.nodes[static_cast<std::size_t>(node)].mesh = meshIndex;
        ctx.model.nodes[static_cast<std::size_t>(node)].skin = skin;
        placements.push_back({m.node, skin, meshIndex, node, !m.morphTargets.empty()});
        ctx.meshNode[mi] = node;
    }
}

} // namespace marrow::io::gltfexport
