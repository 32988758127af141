// SPDX-License-Identifier: MIT
#include "widgets/viewport/bone_layout.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace marrow::ui {

namespace {

// A bone shorter than this (relative to the skeleton's extent) counts as
// sitting on its child: it gets the leaf rule instead.
constexpr float kDegenerate = 1e-4f;

glm::vec3 position(const glm::mat4& world)
{
    return glm::vec3(world[3]);
}

// Distance from p to segment ab in 2D, and where along it (0..1).
float distanceToSegment(const glm::vec2& p, const glm::vec2& a, const glm::vec2& b, float& t)
{
    const glm::vec2 ab = b - a;
    const float len2 = glm::dot(ab, ab);
    t = len2 > 0.f ? std::clamp(glm::dot(p - a, ab) / len2, 0.f, 1.f) : 0.f;
    return glm::length(p - (a + t * ab));
}

} // namespace

void BoneLayout::setSkeleton(const anim::Skeleton& skeleton, std::span<const std::uint8_t> shown)
{
    const std::size_t n = skeleton.size();
    m_parents = skeleton.parents;
    const auto isShown = [&](std::size_t j) { return shown.empty() || (j < shown.size() && shown[j] != 0); };

    m_shownParent.assign(n, -1);
    m_shownJoints.clear();
    for (std::size_t j = 0; j < n; ++j) {
        const anim::JointIndex p = m_parents[j];
        // Parents come first, so the parent's answer is already known.
        if (p >= 0)
            m_shownParent[j] = isShown(static_cast<std::size_t>(p)) ? p : m_shownParent[static_cast<std::size_t>(p)];
        if (isShown(j))
            m_shownJoints.push_back(static_cast<anim::JointIndex>(j));
    }
    // Shown descendants per joint, children before parents (reverse order).
    std::vector<int> descendants(n, 0);
    for (std::size_t j = n; j-- > 0;) {
        const anim::JointIndex sp = m_shownParent[j];
        if (isShown(j) && sp >= 0)
            descendants[static_cast<std::size_t>(sp)] += 1 + descendants[j];
    }
    m_tailChild.assign(n, -1);
    for (const anim::JointIndex j : m_shownJoints) {
        const anim::JointIndex sp = m_shownParent[static_cast<std::size_t>(j)];
        if (sp < 0)
            continue;
        anim::JointIndex& best = m_tailChild[static_cast<std::size_t>(sp)];
        // Ties keep the first child, so the choice is stable.
        if (best < 0 || descendants[static_cast<std::size_t>(j)] > descendants[static_cast<std::size_t>(best)])
            best = j;
    }
    m_linkPairs.clear();
    for (const anim::JointIndex j : m_shownJoints) {
        const anim::JointIndex sp = m_shownParent[static_cast<std::size_t>(j)];
        if (sp >= 0 && m_tailChild[static_cast<std::size_t>(sp)] != j)
            m_linkPairs.emplace_back(sp, j);
    }
    m_segmentOf.assign(n, -1);
    for (std::size_t s = 0; s < m_shownJoints.size(); ++s)
        m_segmentOf[static_cast<std::size_t>(m_shownJoints[s])] = static_cast<int>(s);
    m_segments.assign(m_shownJoints.size(), BoneSegment{});
    m_links.assign(m_linkPairs.size(), BoneSegment{});
}

void BoneLayout::update(std::span<const glm::mat4> worlds)
{
    if (worlds.size() != m_parents.size())
        return;
    // The skeleton's extent sets the scale for "too short" and lone bones.
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const anim::JointIndex j : m_shownJoints) {
        lo = glm::min(lo, position(worlds[static_cast<std::size_t>(j)]));
        hi = glm::max(hi, position(worlds[static_cast<std::size_t>(j)]));
    }
    const float extent = m_shownJoints.empty() ? 1.f : std::max(glm::length(hi - lo), 1e-3f);
    const float degenerate = kDegenerate * extent;

    // Segments are in skeleton order, so a parent's segment is placed before
    // its children need its length and direction.
    for (std::size_t s = 0; s < m_shownJoints.size(); ++s) {
        const anim::JointIndex j = m_shownJoints[s];
        const auto ju = static_cast<std::size_t>(j);
        BoneSegment& seg = m_segments[s];
        seg.joint = j;
        seg.head = position(worlds[ju]);
        const anim::JointIndex child = m_tailChild[ju];
        if (child >= 0) {
            seg.tail = position(worlds[static_cast<std::size_t>(child)]);
            if (glm::length(seg.tail - seg.head) > degenerate)
                continue;
        }
        // Leaf (or degenerate): continue the parent bone's direction.
        const anim::JointIndex sp = m_shownParent[ju];
        const int ps = sp >= 0 ? m_segmentOf[static_cast<std::size_t>(sp)] : -1;
        glm::vec3 direction(0.f, 1.f, 0.f);
        float length = 0.05f * extent;
        if (ps >= 0) {
            const BoneSegment& parent = m_segments[static_cast<std::size_t>(ps)];
            const glm::vec3 d = seg.head - parent.head;
            const float parentLength = glm::length(parent.tail - parent.head);
            if (glm::length(d) > degenerate)
                direction = glm::normalize(d);
            else if (parentLength > degenerate)
                direction = (parent.tail - parent.head) / parentLength;
            length = std::max(0.5f * parentLength, 0.02f * extent);
        } else {
            // A lone bone points along its own local Y, as glTF bones do.
            const glm::vec3 y(worlds[ju][1]);
            if (glm::length(y) > 0.f)
                direction = glm::normalize(y);
        }
        seg.tail = seg.head + direction * length;
    }
    for (std::size_t l = 0; l < m_linkPairs.size(); ++l) {
        m_links[l].joint = m_linkPairs[l].second;
        m_links[l].head = position(worlds[static_cast<std::size_t>(m_linkPairs[l].first)]);
        m_links[l].tail = position(worlds[static_cast<std::size_t>(m_linkPairs[l].second)]);
    }
}

std::optional<anim::JointIndex> BoneLayout::pick(const glm::mat4& viewProjection, float width, float height, float x,
                                                 float y, float tolerancePx) const
{
    if (!(width > 0.f) || !(height > 0.f))
        return std::nullopt;
    const auto toScreen = [&](const glm::vec3& p, glm::vec3& out) {
        const glm::vec4 clip = viewProjection * glm::vec4(p, 1.f);
        if (clip.w <= 1e-6f)
            return false;  // behind the eye
        const glm::vec3 ndc = glm::vec3(clip) / clip.w;
        out = glm::vec3((ndc.x * 0.5f + 0.5f) * width, (0.5f - ndc.y * 0.5f) * height, ndc.z);
        return true;
    };
    const glm::vec2 cursor(x, y);
    std::optional<anim::JointIndex> best;
    float bestDepth = std::numeric_limits<float>::max();
    float bestDistance = std::numeric_limits<float>::max();
    for (const BoneSegment& seg : m_segments) {
        glm::vec3 a, b;
        if (!toScreen(seg.head, a) || !toScreen(seg.tail, b))
            continue;
        float t = 0.f;
        const float d = distanceToSegment(cursor, glm::vec2(a), glm::vec2(b), t);
        // The octahedron is widest (a tenth of its length) near the head.
        const float halfWidth = 0.1f * glm::length(glm::vec2(b) - glm::vec2(a));
        if (d > std::max(tolerancePx, halfWidth))
            continue;
        const float depth = a.z + t * (b.z - a.z);
        // Prefer the nearest in depth; among bones at the same depth, the closer to the cursor.
        if (depth < bestDepth - 1e-6f || (std::abs(depth - bestDepth) <= 1e-6f && d < bestDistance)) {
            best = seg.joint;
            bestDepth = depth;
            bestDistance = d;
        }
    }
    return best;
}

void BoneLayout::buildInstances(std::span<const anim::JointIndex> selected, std::vector<gl::BoneInstance>& out) const
{
    out.clear();
    // Light, distinct fills; the renderer's dark shell around every bone keeps
    // them readable over any heat-map colour (a light blue bone once vanished
    // on the blue of zero weight).
    const glm::vec4 idle(0.78f, 0.80f, 0.84f, 0.9f);
    const glm::vec4 selectedColour(0.55f, 0.82f, 1.0f, 1.0f);
    const glm::vec4 activeColour(1.0f, 0.66f, 0.22f, 1.0f);
    for (const BoneSegment& seg : m_segments) {
        const glm::vec3 axis = seg.tail - seg.head;
        const float length = glm::length(axis);
        if (!(length > 0.f))
            continue;
        gl::BoneInstance bone;
        bone.colour = idle;
        if (!selected.empty() && selected.back() == seg.joint)
            bone.colour = activeColour;
        else if (std::find(selected.begin(), selected.end(), seg.joint) != selected.end())
            bone.colour = selectedColour;
        // An orthogonal frame scaled by the length: the unit bone's proportions hold.
        const glm::vec3 dir = axis / length;
        const glm::vec3 helper = std::abs(dir.y) < 0.9f ? glm::vec3(0.f, 1.f, 0.f) : glm::vec3(1.f, 0.f, 0.f);
        const glm::vec3 u = glm::normalize(glm::cross(dir, helper));
        const glm::vec3 w = glm::cross(u, dir);
        bone.transform = glm::mat4(glm::vec4(u * length, 0.f), glm::vec4(axis, 0.f), glm::vec4(w * length, 0.f),
                                   glm::vec4(seg.head, 1.f));
        out.push_back(bone);
    }
}

void BoneLayout::buildLinkLines(std::vector<gl::OverlayVertex>& lines) const
{
    lines.clear();
    const glm::vec4 linkColour(0.72f, 0.76f, 0.82f, 0.45f);
    for (const BoneSegment& link : m_links) {
        lines.push_back({link.head, linkColour});
        lines.push_back({link.tail, linkColour});
    }
}

} // namespace marrow::ui
