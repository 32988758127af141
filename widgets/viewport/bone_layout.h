// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"
#include "widgets/viewport/renderer/overlay_vertex.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace marrow::ui {

// One drawn bone: from the joint's world position (head) to its tail.
struct BoneSegment {
    anim::JointIndex joint = -1;
    glm::vec3 head{0.f};
    glm::vec3 tail{0.f};
};

// Where the viewport draws bones and how a click finds one. Plain glm.
//
// Bones are the joints a skin uses (every joint when the rig has no skin),
// drawn Blender-style from head to tail. The tail is the child that carries
// the chain on: the shown child with the most shown descendants (the spine,
// not a leg, for a pelvis), found once per skeleton. A joint with no shown
// child, or whose chosen child sits on top of it, points on along its
// parent's direction at half its parent's length. Other shown children get a
// thin relationship line, as Blender's dashed parent lines.
class BoneLayout {
public:
    // Rebuilds the static part. `shown` has one entry per joint (1 = draw),
    // or is empty to show every joint.
    void setSkeleton(const anim::Skeleton& skeleton, std::span<const std::uint8_t> shown);
    // Places the bones for a pose (world matrices, one per joint). Ignored
    // when the count does not match the skeleton.
    void update(std::span<const glm::mat4> worlds);

    std::span<const BoneSegment> segments() const { return m_segments; }
    // Head to the head of a shown child that is not the tail: relationship lines.
    std::span<const BoneSegment> links() const { return m_links; }

    // The bone under pixel (x, y) (y down) for a view whose clip-space
    // transform is `viewProjection` over width x height pixels: the segment
    // whose screen-space distance is within its drawn half-width, or
    // `tolerancePx`, whichever is larger; the nearest one in depth when
    // several qualify. Bones behind the eye are skipped.
    std::optional<anim::JointIndex> pick(const glm::mat4& viewProjection, float width, float height, float x, float y,
                                         float tolerancePx = 6.f) const;

    // One instance per bone (see gl::BoneInstance): idle bones grey-blue,
    // selected ones blue and the active (last selected) one orange.
    void buildInstances(std::span<const anim::JointIndex> selected, std::vector<gl::BoneInstance>& out) const;
    // The relationship lines as line pairs.
    void buildLinkLines(std::vector<gl::OverlayVertex>& lines) const;

private:
    std::vector<anim::JointIndex> m_parents;
    std::vector<anim::JointIndex> m_shownJoints;  // joints drawn, in skeleton order
    std::vector<anim::JointIndex> m_tailChild;    // per joint: the chain's child, or -1
    std::vector<anim::JointIndex> m_shownParent;  // per joint: nearest shown ancestor, or -1
    std::vector<int> m_segmentOf;                 // per joint: its index in m_segments, or -1
    std::vector<std::pair<anim::JointIndex, anim::JointIndex>> m_linkPairs;  // (from, to)
    std::vector<BoneSegment> m_segments;
    std::vector<BoneSegment> m_links;
};

} // namespace marrow::ui
