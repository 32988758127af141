// SPDX-License-Identifier: MIT
#pragma once
#include "core/skin/weight_row.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace marrow::skin {

// A deforming bone as heat sees it: the segments it occupies (joint to
// child; a point for a bone of no length), in the mesh's bind space.
struct HeatSource {
    struct Segment {
        glm::vec3 head{0.f}, tail{0.f};
    };
    std::vector<Segment> segments;
};

struct BoneHeatOptions {
    int maxInfluences = 4;     // kept per vertex (the largest), [1, 8]
    float minWeight = 0.01f;   // weights below this are dropped before normalising
    bool rigidIslands = false; // every connected shell but the largest takes its nearest bone alone
};

struct BoneHeatReport {
    std::size_t vertices = 0;       // as given
    std::size_t solved = 0;         // after welding duplicates by position
    std::size_t shells = 0;         // connected components of the welded mesh
    std::size_t hiddenNearest = 0;  // vertices whose nearest bone is hidden by the mesh: heat from the nearest visible
    std::size_t noneVisible = 0;    // vertices that see no bone: heat from the nearest all the same
    std::size_t emptyRows = 0;      // vertices the solve left with no weight: bound to their nearest bone
    std::size_t rigidShells = 0;    // shells bound whole to one bone (rigidIslands)

    // Sums the counts of several meshes.
    BoneHeatReport& operator+=(const BoneHeatReport& other)
    {
        vertices += other.vertices;
        solved += other.solved;
        shells += other.shells;
        hiddenNearest += other.hiddenNearest;
        noneVisible += other.noneVisible;
        emptyRows += other.emptyRows;
        rigidShells += other.rigidShells;
        return *this;
    }
};

// Automatic weights by bone heat (Baran & Popovic 2007, "Automatic rigging
// and animation of 3D characters"; Blender's With Automatic Weights): on
// the mesh welded by position, K the cotangent stiffness and M the lumped
// mass, each vertex's nearest bone segment visible from it (a ray through
// the mesh's triangles; ties within 1e-4 share) gives it heat H_ii = 1 / d^2
// (times the number of bones sharing it) and p_ij = 1 / that number. The
// distance grows as the vertex normal turns away from the bone
// (d / ((cos + 1.001) / 2), Blender's rule; normals turned outward per
// shell by a vote against the nearest bones), so an arm does not claim the
// chest it hangs beside. Every bone's weights solve (K / 4 + M H) w_j =
// M H p_j (the quarter: Blender's Laplacian scale, which measured closer to
// Blender and to artists' weights than the paper's) with one sparse LDLT
// factorisation for all bones. Each row is clamped to [0, 1], cut below
// minWeight, limited to maxInfluences and normalised; duplicates get their
// group's row. Every vertex gets weights: the fallbacks are counted.
// Rows name sources by index (Influence::joint = index into `sources`).
std::vector<WeightRow> boneHeatWeights(std::span<const glm::vec3> positions, std::span<const std::uint32_t> triangles,
                                       std::span<const HeatSource> sources, const BoneHeatOptions& options = {},
                                       BoneHeatReport* report = nullptr);

// The closest point of a segment to p.
glm::vec3 closestOnSegment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b);

} // namespace marrow::skin
