// SPDX-License-Identifier: MIT
#include "core/model/auto_weight_symmetry.h"

#include "core/mesh/bounds_tree.h"
#include "core/mesh/vertex_bvh.h"
#include "core/mesh/vertex_mirror_map.h"
#include "core/mesh/vertex_weld.h"
#include "core/model/mirror_map.h"
#include "core/model/weight_mirror_plane.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <functional>

namespace marrow::model {

namespace {

// Whether every segment of `a`, reflected, meets a segment of `b` end to end within tol.
bool mirrors(const skin::HeatSource& a, const skin::HeatSource& b, const mesh::MirrorPlane& plane, float tol)
{
    if (a.segments.size() != b.segments.size())
        return false;
    return std::all_of(a.segments.begin(), a.segments.end(), [&](const skin::HeatSource::Segment& s) {
        const glm::vec3 head = plane.reflect(s.head), tail = plane.reflect(s.tail);
        return std::any_of(b.segments.begin(), b.segments.end(), [&](const skin::HeatSource::Segment& t) {
            return glm::distance(head, t.head) <= tol && glm::distance(tail, t.tail) <= tol;
        });
    });
}

int dominantAxis(const glm::vec3& normal)
{
    const glm::vec3 n = glm::abs(normal);
    return n.x >= n.y && n.x >= n.z ? 0 : n.y >= n.z ? 1 : 2;
}

} // namespace

std::optional<HeatSymmetry> findHeatSymmetry(const Rig& rig, std::size_t meshIndex,
                                             std::span<const skin::HeatSource> sources,
                                             std::span<const std::uint16_t> skinJoints,
                                             const HeatSymmetrySettings& settings)
{
    const mesh::Mesh& m = rig.meshes[meshIndex];
    if (sources.empty() || m.positions.empty() || !m.skinned())
        return std::nullopt;
    MirrorSettings jointsOnly;
    jointsOnly.pairVertices = false;
    const MirrorMap map = MirrorMap::build(rig, meshIndex, jointsOnly);
    const std::vector<std::uint16_t> jointMirror =
        skinJointMirror(rig, static_cast<std::size_t>(m.skin), map.joints);
    const mesh::Aabb box = mesh::Aabb::of(m.positions);
    const float diagonal = glm::distance(box.lo, box.hi);

    // The joints' plane, or its axis plane when that pairs more vertices (a
    // fit a little off the mesh's own symmetry pairs none); one tree for both.
    mesh::VertexBvh bvh;
    bvh.build(m.positions);
    const float tol = settings.vertexTolerance;
    const mesh::VertexMirrorSettings pairing{.exactTolerance = tol, .nearestTolerance = tol};
    mesh::VertexMirrorMap vertices = mesh::VertexMirrorMap::build(bvh, m.positions, map.plane, pairing);
    if (const mesh::MirrorPlane axis = mesh::MirrorPlane::axis(dominantAxis(map.plane.normal));
        vertices.exact < m.vertexCount() && (axis.normal != map.plane.normal || axis.offset != map.plane.offset)) {
        mesh::VertexMirrorMap onAxis = mesh::VertexMirrorMap::build(bvh, m.positions, axis, pairing);
        if (onAxis.exact > vertices.exact)
            vertices = std::move(onAxis);
    }

    HeatSymmetry out;
    std::vector<std::int32_t> sourceOf(jointMirror.size(), -1);
    for (std::size_t k = 0; k < skinJoints.size(); ++k)
        if (skinJoints[k] < sourceOf.size())
            sourceOf[skinJoints[k]] = static_cast<std::int32_t>(k);
    out.source.resize(sources.size());
    for (std::size_t k = 0; k < sources.size(); ++k) {
        const std::uint16_t twinJoint = skinJoints[k] < jointMirror.size() ? jointMirror[skinJoints[k]] : skinJoints[k];
        const std::int32_t twin = twinJoint < sourceOf.size() ? sourceOf[twinJoint] : -1;
        if (twin < 0 || !mirrors(sources[k], sources[static_cast<std::size_t>(twin)], vertices.plane,
                                 settings.boneTolerance * diagonal))
            return std::nullopt;
        out.source[k] = static_cast<std::uint16_t>(twin);
    }

    // Twins whose twin is back at the vertex's own position (seam copies
    // share the heat's row: mesh::VertexWeld's tolerance, halved to be inside it).
    const float samePosition = 0.5f * mesh::VertexWeld::kDefaultTolerance * diagonal;
    out.vertex.assign(m.vertexCount(), mesh::kNoMirror);
    for (std::uint32_t v = 0; v < out.vertex.size(); ++v) {
        const std::uint32_t twin = vertices.partner[v];
        if (twin == mesh::kNoMirror || vertices.partner[twin] == mesh::kNoMirror ||
            glm::distance(m.positions[vertices.partner[twin]], m.positions[v]) > samePosition)
            continue;
        out.vertex[v] = twin;
        ++out.pairedVertices;
    }
    if (out.pairedVertices == 0)
        return std::nullopt;
    return out;
}

void symmetriseHeatRows(std::vector<skin::WeightRow>& rows, const HeatSymmetry& symmetry, int limit, float minWeight)
{
    const std::vector<skin::WeightRow> heat = rows;
    std::vector<float> weights;
    for (std::size_t v = 0; v < rows.size() && v < symmetry.vertex.size(); ++v) {
        const std::uint32_t twin = symmetry.vertex[v];
        if (twin == mesh::kNoMirror || twin >= heat.size())
            continue;
        skin::WeightRow row;
        for (const skin::Influence& i : heat[v])
            skin::setWeight(row, i.joint, skin::weightOf(row, i.joint) + i.weight * 0.5f);
        for (const skin::Influence& i : heat[twin]) {
            const std::uint16_t joint = symmetry.source[i.joint];
            skin::setWeight(row, joint, skin::weightOf(row, joint) + i.weight * 0.5f);
        }
        // Cut by value only: a twin's row holds the same weights, so it cuts alike.
        weights.clear();
        for (const skin::Influence& i : row)
            weights.push_back(i.weight);
        std::sort(weights.begin(), weights.end(), std::greater<>());
        float floor = minWeight;
        if (weights.size() > static_cast<std::size_t>(limit)) {
            const float cut = weights[static_cast<std::size_t>(limit) - 1];
            floor = std::max(floor, weights[static_cast<std::size_t>(limit)] == cut ? std::nextafter(cut, 2.f) : cut);
        }
        std::erase_if(row, [&](const skin::Influence& i) { return i.weight < floor; });
        if (row.empty())
            continue;  // nothing above the floor: keep the solve's row
        const float sum = skin::rowSum(row);
        for (skin::Influence& i : row)
            i.weight /= sum;
        rows[v] = std::move(row);
    }
}

} // namespace marrow::model
