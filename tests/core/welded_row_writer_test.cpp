// SPDX-License-Identifier: MIT
// skin::WeldedRowWriter (issue 36): the one path weight rows take. On a
// split mesh every copy of a position gets the row an edit gives any one of
// them; a mirrored write lands on exactly the mirror position's copies with
// L/R joints swapped; a mask selecting one copy selects the position; and
// the gradient, which writes through it, no longer tears split vertices
// under a mask with X-mirror.
#include "weight_rows.h"

#include "core/mesh/mirror_plane.h"
#include "core/mesh/vertex_mirror_map.h"
#include "core/mesh/vertex_weld.h"
#include "core/skin/weight_gradient.h"
#include "core/skin/welded_row_writer.h"

#include <gtest/gtest.h>

#include <vector>

using namespace marrow;

namespace {

constexpr std::uint16_t kCentre = 0, kLeft = 1, kRight = 2, kLocked = 3;

// Six positions on a line across X = 0 (x = -2.5 ... 2.5), each split into
// three copies as a flat-shaded export splits them: vertex 3 p + c is copy c
// of position p, so position p's lowest copy is 3 p. Every row starts
// centre 1.
struct SplitLine {
    std::vector<glm::vec3> positions;
    mesh::SkinWeights weights;
    mesh::VertexWeld weld;
    mesh::VertexMirrorMap mirror;
    std::vector<std::uint16_t> joints = {kCentre, kRight, kLeft, kLocked};  // per skin joint: its mirror

    SplitLine()
    {
        for (int p = 0; p < 6; ++p)
            for (int c = 0; c < 3; ++c)
                positions.push_back({static_cast<float>(p) - 2.5f, 1.f, 0.f});
        weights.stride = 4;
        for (std::size_t v = 0; v < positions.size(); ++v) {
            weights.joints.insert(weights.joints.end(), {kCentre, 0, 0, 0});
            weights.weights.insert(weights.weights.end(), {1.f, 0.f, 0.f, 0.f});
        }
        weld = mesh::VertexWeld::build(positions);
        mirror = mesh::VertexMirrorMap::build(positions, mesh::MirrorPlane::axis(0));
    }
    std::size_t count() const { return positions.size(); }
    skin::WeldedRowWriter writer(bool mirrored, std::span<const std::uint8_t> locked = {}) const
    {
        return skin::WeldedRowWriter(count(), &weld,
                                     mirrored ? skin::RowMirror{mirror.partner, joints} : skin::RowMirror{}, locked);
    }
    static std::uint32_t copy(std::uint32_t position, std::uint32_t c) { return 3 * position + c; }
    // Position p's mirror: x = p - 2.5 mirrors to 2.5 - p.
    static std::uint32_t mirrorOf(std::uint32_t p) { return 5 - p; }
};

// A delta giving `vertex` the row `entries` (before: its row now).
skin::WeightDelta edit(const mesh::SkinWeights& w, std::uint32_t vertex,
                       std::initializer_list<std::pair<std::uint16_t, float>> entries)
{
    const test::WeightRow row = test::WeightRow::of(entries);
    skin::WeightDelta d(w.stride);
    d.add(vertex, w.jointRow(vertex), w.weightRow(vertex), row.joints, row.weights);
    return d;
}

bool sameRow(const mesh::SkinWeights& w, std::uint32_t a, std::uint32_t b)
{
    return std::equal(w.jointRow(a).begin(), w.jointRow(a).end(), w.jointRow(b).begin())
        && std::equal(w.weightRow(a).begin(), w.weightRow(a).end(), w.weightRow(b).begin());
}

// Positions whose copies disagree.
int cracked(const SplitLine& line, const mesh::SkinWeights& w)
{
    int n = 0;
    for (std::uint32_t p = 0; p < 6; ++p)
        for (std::uint32_t c = 1; c < 3; ++c)
            if (!sameRow(w, SplitLine::copy(p, 0), SplitLine::copy(p, c))) {
                ++n;
                break;
            }
    (void)line;
    return n;
}

std::vector<std::uint32_t> changedVertices(const skin::WeightDelta& d)
{
    std::vector<std::uint32_t> v = d.vertices();
    std::sort(v.begin(), v.end());
    return v;
}

} // namespace

TEST(WeldedRowWriter, EveryCopyOfTheEditedPositionGetsTheRow)
{
    SplitLine line;
    ASSERT_EQ(line.weld.groupCount(), 6u);
    const skin::WeldedRowWriter writer = line.writer(false);
    // The edit names the middle copy only, as a front-face test or a table row would.
    const skin::WeightDelta d = writer.write(line.weights, edit(line.weights, SplitLine::copy(4, 1), {{kLeft, .7f}, {kCentre, .3f}}));
    EXPECT_EQ(changedVertices(d), (std::vector<std::uint32_t>{12, 13, 14})) << "the three copies of position 4, nothing else";
    skin::applyRows(line.weights, d);
    for (std::uint32_t c = 0; c < 3; ++c) {
        EXPECT_FLOAT_EQ(test::weightOf(line.weights, SplitLine::copy(4, c), kLeft), .7f) << "copy " << c;
        EXPECT_FLOAT_EQ(test::weightOf(line.weights, SplitLine::copy(4, c), kCentre), .3f) << "copy " << c;
    }
    EXPECT_EQ(cracked(line, line.weights), 0);
    EXPECT_TRUE(writer.write(line.weights, edit(line.weights, 13, {{kLeft, .7f}, {kCentre, .3f}})).empty())
        << "a row every copy holds already writes nothing";
}

TEST(WeldedRowWriter, AMirroredWriteLandsOnExactlyTheMirrorPositionsCopiesWithLAndRSwapped)
{
    SplitLine line;
    const skin::WeldedRowWriter writer = line.writer(true);
    EXPECT_EQ(writer.mirrorPosition(SplitLine::copy(4, 2)), SplitLine::copy(1, 0)) << "the mirror position's representative";
    const skin::WeightDelta d = writer.write(line.weights, edit(line.weights, SplitLine::copy(4, 2), {{kLeft, .6f}, {kCentre, .4f}}));
    EXPECT_EQ(changedVertices(d), (std::vector<std::uint32_t>{3, 4, 5, 12, 13, 14}))
        << "position 4's copies and its mirror position 1's, nothing else";
    skin::applyRows(line.weights, d);
    for (std::uint32_t c = 0; c < 3; ++c) {
        const std::uint32_t m = SplitLine::copy(SplitLine::mirrorOf(4), c);
        EXPECT_FLOAT_EQ(test::weightOf(line.weights, m, kRight), .6f) << "forearm_L 0.6 mirrors to forearm_R 0.6 at copy " << c;
        EXPECT_EQ(test::weightOf(line.weights, m, kLeft), 0.f) << "and never stays L: copy " << c;
        EXPECT_FLOAT_EQ(test::weightOf(line.weights, m, kCentre), .4f);
    }
    EXPECT_EQ(cracked(line, line.weights), 0);

    // Both sides edited (a dab over the plane): each keeps its own row.
    SplitLine both;
    skin::WeightDelta edits = edit(both.weights, SplitLine::copy(4, 0), {{kLeft, .6f}, {kCentre, .4f}});
    edits.absorb(edit(both.weights, SplitLine::copy(1, 2), {{kRight, .2f}, {kCentre, .8f}}));
    skin::applyRows(both.weights, both.writer(true).write(both.weights, edits));
    EXPECT_FLOAT_EQ(test::weightOf(both.weights, SplitLine::copy(1, 0), kRight), .2f) << "a mirror position that is edited keeps its edit";
    EXPECT_FLOAT_EQ(test::weightOf(both.weights, SplitLine::copy(4, 1), kLeft), .6f);
    EXPECT_EQ(cracked(both, both.weights), 0);
}

TEST(WeldedRowWriter, TheMirrorPositionKeepsItsLockedWeights)
{
    SplitLine line;
    // Position 1 (the mirror of 4) holds a locked bone at 0.25 on every copy.
    for (std::uint32_t c = 0; c < 3; ++c) {
        const std::size_t at = 4 * SplitLine::copy(1, c);
        line.weights.joints[at] = kCentre;
        line.weights.weights[at] = .75f;
        line.weights.joints[at + 1] = kLocked;
        line.weights.weights[at + 1] = .25f;
    }
    const std::vector<std::uint8_t> locked = {0, 0, 0, 1};
    const skin::WeldedRowWriter writer = line.writer(true, locked);
    skin::applyRows(line.weights, writer.write(line.weights, edit(line.weights, 12, {{kLeft, .5f}, {kCentre, .5f}})));
    for (std::uint32_t c = 0; c < 3; ++c) {
        const std::uint32_t m = SplitLine::copy(1, c);
        EXPECT_EQ(test::weightOf(line.weights, m, kLocked), .25f) << "the lock keeps its bits";
        EXPECT_FLOAT_EQ(test::weightOf(line.weights, m, kRight), .375f) << "the mirrored weights fill the rest";
        EXPECT_FLOAT_EQ(test::weightOf(line.weights, m, kCentre), .375f);
    }
    EXPECT_EQ(cracked(line, line.weights), 0);
}

TEST(WeldedRowWriter, OneSelectedCopySelectsItsPositionAndATableWriteNeverSplitsIt)
{
    SplitLine line;
    const skin::WeldedRowWriter writer = line.writer(false);
    std::vector<std::uint8_t> mask(line.count(), 0);
    mask[SplitLine::copy(5, 2)] = 1;  // one copy of position 5
    EXPECT_TRUE(writer.selected(mask, SplitLine::copy(5, 0)));
    EXPECT_FALSE(writer.selected(mask, SplitLine::copy(4, 0)));
    const std::vector<std::uint8_t> positions = writer.positionMask(mask);
    for (std::uint32_t v = 0; v < line.count(); ++v)
        EXPECT_EQ(positions[v] != 0, v / 3 == 5) << v;

    // An operation that changed only the selected copy (a per-vertex Flood on the raw mask):
    // the writer gives its row to the whole position.
    mesh::SkinWeights flooded = line.weights;
    const std::size_t at = 4 * SplitLine::copy(5, 2);
    flooded.joints[at] = kLeft;
    flooded.weights[at] = 1.f;
    std::size_t changed = 0;
    const mesh::SkinWeights out = writer.writeTable(line.weights, flooded, mask, &changed);
    EXPECT_EQ(changed, 3u);
    EXPECT_EQ(cracked(line, out), 0);
    EXPECT_FLOAT_EQ(test::weightOf(out, SplitLine::copy(5, 0), kLeft), 1.f);
    EXPECT_FLOAT_EQ(test::weightOf(out, SplitLine::copy(4, 0), kCentre), 1.f) << "outside the mask nothing changes";

    // With X-mirror the masked position's mirror takes the mirrored row; a wider stride stays only when needed.
    const mesh::SkinWeights mirrored = line.writer(true).writeTable(line.weights, flooded, mask, &changed);
    EXPECT_EQ(changed, 6u);
    EXPECT_EQ(mirrored.stride, 4);
    for (std::uint32_t c = 0; c < 3; ++c)
        EXPECT_FLOAT_EQ(test::weightOf(mirrored, SplitLine::copy(0, c), kRight), 1.f);
}

TEST(WeldedRowWriter, AMaskedMirroredGradientNeverTearsSplitVertices)
{
    // The trial's bug: mask the left side, X-mirror on, a gradient for L. The
    // mirror map pairs each right copy with the lowest left copy only, so
    // that copy took R from the unmasked right side while its siblings kept L.
    SplitLine line;
    std::vector<std::uint8_t> leftMask(line.count(), 0);
    std::vector<glm::vec2> projected;
    for (std::uint32_t v = 0; v < line.count(); ++v) {
        leftMask[v] = line.positions[v].x > 0.f ? 1 : 0;
        projected.push_back({100.f + 20.f * line.positions[v].x, 50.f});
    }
    skin::StrokeTarget target;
    target.bone = kLeft;
    target.mirrorBone = kRight;
    target.mirrorVertex = line.mirror.partner;
    target.mirrorJoints = line.joints;
    target.weld = &line.weld;
    target.mask = leftMask;
    skin::BrushSettings settings;
    settings.weight = 1.f;
    settings.strength = 1.f;
    settings.falloff = skin::FalloffPreset::Linear;
    const skin::GradientLine gradient{{110.f, 50.f}, {150.f, 50.f}, false};  // x = 0.5 (full) to 2.5 (none)
    const mesh::SkinWeights start = line.weights;
    skin::applyRows(line.weights, skin::gradientDelta(start, start, settings, target, gradient, projected));
    EXPECT_EQ(cracked(line, line.weights), 0) << "every copy of a position holds one row";
    for (std::uint32_t p = 3; p < 6; ++p) {
        EXPECT_EQ(test::weightOf(line.weights, SplitLine::copy(p, 0), kRight), 0.f) << "no R on the masked left side, position " << p;
        for (std::uint32_t c = 0; c < 3; ++c) {
            const std::uint32_t m = SplitLine::copy(SplitLine::mirrorOf(p), c);
            EXPECT_FLOAT_EQ(test::weightOf(line.weights, m, kRight), test::weightOf(line.weights, SplitLine::copy(p, 0), kLeft))
                << "the mirror side is the mirrored row: position " << p << " copy " << c;
            EXPECT_EQ(test::weightOf(line.weights, m, kLeft), 0.f);
        }
    }
    EXPECT_FLOAT_EQ(test::weightOf(line.weights, SplitLine::copy(3, 1), kLeft), 1.f) << "x = 0.5: the line's start";
    EXPECT_FLOAT_EQ(test::weightOf(line.weights, SplitLine::copy(4, 2), kLeft), .5f);
}
