// SPDX-License-Identifier: MIT
// The weight brush on split-vertex meshes: every copy of a position gets one
// row, with and without X-mirror, in every stroke mode.
#include "weight_rows.h"
#include "core/mesh/mirror_plane.h"
#include "core/mesh/vertex_adjacency.h"
#include "core/mesh/vertex_mirror_map.h"
#include "core/mesh/vertex_weld.h"
#include "core/skin/stroke_painter.h"
#include "core/skin/weight_ops.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <array>
#include <string>
#include <vector>

using namespace marrow;

namespace {

constexpr std::uint16_t kLeftBone = 0, kRightBone = 1, kCentreBone = 2;

// A flat-shaded sheet symmetric across X = 0, as a low-poly export writes
// it: every triangle has its own three vertices. Left (x > 0) carries
// kLeftBone, its mirror image kRightBone, both shared with kCentreBone.
struct FlatSheet {
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;
    mesh::SkinWeights weights;

    FlatSheet()
    {
        for (int i = -3; i < 3; ++i)
            for (int j = 0; j < 3; ++j) {
                const glm::vec3 a(i * .5f, j * .5f, 0.f), b((i + 1) * .5f, j * .5f, 0.f);
                const glm::vec3 c((i + 1) * .5f, (j + 1) * .5f, 0.f), d(i * .5f, (j + 1) * .5f, 0.f);
                // The diagonals mirror too (a, c on the left; b, d on the
                // right), so Smooth's neighbours are mirror images.
                const auto corners = i >= 0 ? std::array<glm::vec3, 6>{a, b, c, a, c, d}
                                            : std::array<glm::vec3, 6>{a, b, d, b, c, d};
                for (const glm::vec3& p : corners) {
                    indices.push_back(static_cast<std::uint32_t>(positions.size()));
                    positions.push_back(p);
                }
            }
        weights.stride = 4;
        for (const glm::vec3& p : positions) {
            const float side = std::min(std::abs(p.x) * .4f + p.y * .1f, 1.f);
            const std::uint16_t bone = p.x > 0.f ? kLeftBone : kRightBone;
            std::vector<std::pair<std::uint16_t, float>> row;
            if (p.x != 0.f && side > 0.f)
                row.push_back({bone, side});
            if (side < 1.f || p.x == 0.f)
                row.push_back({kCentreBone, p.x == 0.f ? 1.f : 1.f - side});
            std::sort(row.begin(), row.end(), [](auto& x, auto& y) { return x.second > y.second; });
            row.resize(4, {0, 0.f});
            for (const auto& [jt, w] : row) {
                weights.joints.push_back(jt);
                weights.weights.push_back(w);
            }
        }
    }
};

// One stroke of three dabs on the left half. Like a front-face test on a
// flat-shaded mesh, each dab reaches only the first copy of each position.
mesh::SkinWeights stroke(FlatSheet& sheet, skin::BrushMode mode, bool mirror, bool welded)
{
    const auto weld = mesh::VertexWeld::build(sheet.positions);
    mesh::VertexAdjacency adjacency;
    adjacency.build(sheet.positions.size(), weld.weldIndices(sheet.indices));
    const auto mirrorMap = mesh::VertexMirrorMap::build(sheet.positions, mesh::MirrorPlane::axis(0));
    skin::BrushSettings settings;
    settings.mode = mode;
    settings.weight = mode == skin::BrushMode::Multiply ? .5f : .8f;
    settings.strength = .7f;
    settings.xMirror = mirror;
    skin::StrokeTarget target;
    target.bone = kLeftBone;
    target.mirrorBone = kRightBone;
    if (mirror)
        target.mirrorVertex = mirrorMap.partner;
    target.weld = welded ? &weld : nullptr;
    skin::StrokePainter painter;
    painter.begin(settings, target, &adjacency);
    for (const glm::vec3 centre : {glm::vec3(.4f, .5f, 0.f), glm::vec3(.7f, .6f, 0.f), glm::vec3(1.f, .8f, 0.f)}) {
        std::vector<std::uint32_t> vertices;
        std::vector<float> distances;
        std::vector<bool> seen(sheet.positions.size(), false);
        for (std::uint32_t v = 0; v < sheet.positions.size(); ++v) {
            const float d = glm::distance(sheet.positions[v], centre) / .6f;
            if (d > 1.f || seen[weld.representative(v)])
                continue;
            seen[weld.representative(v)] = true;
            vertices.push_back(v);
            distances.push_back(d);
        }
        test::applyDelta(sheet.weights, painter.dab(sheet.weights, vertices, distances, {}));
    }
    painter.end();
    (void)mirrorMap;
    return sheet.weights;
}

// Copies whose rows differ (joint and weight arrays compared bit for bit).
int splitRows(const FlatSheet& sheet, const mesh::SkinWeights& w)
{
    const auto weld = mesh::VertexWeld::build(sheet.positions);
    int split = 0;
    for (std::uint32_t v = 0; v < sheet.positions.size(); ++v) {
        const std::uint32_t r = weld.representative(v);
        if (!std::equal(w.jointRow(v).begin(), w.jointRow(v).end(), w.jointRow(r).begin())
            || !std::equal(w.weightRow(v).begin(), w.weightRow(v).end(), w.weightRow(r).begin()))
            ++split;
    }
    return split;
}

const skin::BrushMode kModes[] = {skin::BrushMode::Mix, skin::BrushMode::Add, skin::BrushMode::Subtract,
                                  skin::BrushMode::Multiply, skin::BrushMode::Smooth};

} // namespace

TEST(StrokePainterWeld, EveryCopyOfAPositionGetsOneRowInEveryMode)
{
    for (const skin::BrushMode mode : kModes)
        for (const bool mirror : {false, true}) {
            FlatSheet sheet;
            const mesh::SkinWeights before = sheet.weights;
            const mesh::SkinWeights after = stroke(sheet, mode, mirror, true);
            const std::string what = "mode " + std::to_string(int(mode)) + (mirror ? " mirrored" : "");
            EXPECT_NE(after, before) << what << ": the stroke changed something";
            EXPECT_EQ(splitRows(sheet, after), 0) << what;
            EXPECT_FALSE(after.validate(3)) << what;
        }
}

TEST(StrokePainterWeld, MirrorPaintingOneSideMakesTheSidesMirrorImages)
{
    const auto positions = FlatSheet().positions;
    const auto mirrorMap = mesh::VertexMirrorMap::build(positions, mesh::MirrorPlane::axis(0));
    ASSERT_EQ(mirrorMap.unpaired, 0u);
    for (const skin::BrushMode mode : kModes) {
        FlatSheet sheet;
        const mesh::SkinWeights w = stroke(sheet, mode, true, true);
        int asymmetric = 0;
        for (std::uint32_t v = 0; v < positions.size(); ++v) {
            const std::uint32_t m = mirrorMap.partner[v];
            if (std::abs(test::weightOf(w, v, kLeftBone) - test::weightOf(w, m, kRightBone)) > 1e-6f
                || std::abs(test::weightOf(w, v, kCentreBone) - test::weightOf(w, m, kCentreBone)) > 1e-6f) {
                ++asymmetric;
                if (asymmetric < 4)
                    ADD_FAILURE() << v << " (" << positions[v].x << ", " << positions[v].y << ") L " << test::weightOf(w, v, kLeftBone)
                                  << " R " << test::weightOf(w, v, kRightBone) << " C " << test::weightOf(w, v, kCentreBone) << " / mirror " << m
                                  << " L " << test::weightOf(w, m, kLeftBone) << " R " << test::weightOf(w, m, kRightBone) << " C "
                                  << test::weightOf(w, m, kCentreBone);
            }
        }
        EXPECT_EQ(asymmetric, 0) << "mode " << int(mode);
    }
}

TEST(StrokePainterWeld, WithoutTheWeldTheSameStrokeTearsTheSeams)
{
    // What the weld is for: painting the copies one by one leaves them apart.
    FlatSheet sheet;
    EXPECT_GT(splitRows(sheet, stroke(sheet, skin::BrushMode::Mix, true, false)), 0);
}
