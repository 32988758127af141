// SPDX-License-Identifier: MIT
#include "widgets/viewport/pose_gizmo.h"

#include "widgets/viewport/pose_transform.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace marrow::ui::gizmo {

namespace {

constexpr float kPi = 3.14159265358979323846f;
constexpr int kRingSegments = 64;
constexpr float kViewRingScale = 1.25f;  // the view ring sits outside the axis rings
constexpr float kShaftStart = .18f;      // arrows and scale shafts start off the centre
constexpr float kArrowBase = .92f, kArrowTip = 1.2f, kArrowRadius = .07f;
constexpr float kBoxHalf = .08f;

// Two unit vectors spanning the plane with unit normal `n`.
void basisOf(const glm::vec3& n, glm::vec3& u, glm::vec3& v)
{
    const glm::vec3 helper = std::abs(n.x) < .9f ? glm::vec3(1.f, 0.f, 0.f) : glm::vec3(0.f, 1.f, 0.f);
    u = glm::normalize(glm::cross(n, helper));
    v = glm::cross(n, u);
}

void circle(std::vector<glm::vec3>& pairs, const glm::vec3& centre, const glm::vec3& normal, float radius, int segments)
{
    glm::vec3 u, v;
    basisOf(normal, u, v);
    for (int i = 0; i < segments; ++i) {
        const float a0 = 2.f * kPi * static_cast<float>(i) / static_cast<float>(segments);
        const float a1 = 2.f * kPi * static_cast<float>(i + 1) / static_cast<float>(segments);
        pairs.push_back(centre + radius * (std::cos(a0) * u + std::sin(a0) * v));
        pairs.push_back(centre + radius * (std::cos(a1) * u + std::sin(a1) * v));
    }
}

void box(std::vector<glm::vec3>& pairs, const glm::vec3& centre, const glm::mat3& axes, float half)
{
    const glm::vec3 x = axes[0] * half, y = axes[1] * half, z = axes[2] * half;
    glm::vec3 corners[8];
    for (int i = 0; i < 8; ++i)
        corners[i] = centre + ((i & 1) ? x : -x) + ((i & 2) ? y : -y) + ((i & 4) ? z : -z);
    for (int i = 0; i < 8; ++i)
        for (int bit : {1, 2, 4})
            if (!(i & bit)) {
                pairs.push_back(corners[i]);
                pairs.push_back(corners[i | bit]);
            }
}

float distanceToSegment(glm::vec2 p, glm::vec2 a, glm::vec2 b)
{
    const glm::vec2 ab = b - a;
    const float len2 = glm::dot(ab, ab);
    const float t = len2 > 0.f ? glm::clamp(glm::dot(p - a, ab) / len2, 0.f, 1.f) : 0.f;
    return glm::length(p - (a + t * ab));
}

} // namespace

std::vector<Handle> handlesOf(Kind kind)
{
    switch (kind) {
    case Kind::Move:
        return {{HandleType::Arrow, 0}, {HandleType::Arrow, 1}, {HandleType::Arrow, 2}};
    case Kind::Rotate:
        return {{HandleType::Ring, 0}, {HandleType::Ring, 1}, {HandleType::Ring, 2}, {HandleType::ViewRing, -1}};
    case Kind::Scale:
        return {{HandleType::Box, 0}, {HandleType::Box, 1}, {HandleType::Box, 2}};
    }
    return {};
}

void handleSegments(const Frame& frame, Handle handle, std::vector<glm::vec3>& pairs)
{
    const float s = frame.size;
    if (handle.type == HandleType::ViewRing) {
        circle(pairs, frame.origin, glm::normalize(frame.viewForward), s * kViewRingScale, kRingSegments);
        return;
    }
    if (handle.axis < 0 || handle.axis > 2)
        return;
    const glm::vec3 a = frame.axes[handle.axis];
    switch (handle.type) {
    case HandleType::Ring:
        circle(pairs, frame.origin, a, s, kRingSegments);
        break;
    case HandleType::Arrow: {
        const glm::vec3 base = frame.origin + a * (s * kArrowBase), tip = frame.origin + a * (s * kArrowTip);
        pairs.push_back(frame.origin + a * (s * kShaftStart));
        pairs.push_back(base);
        std::vector<glm::vec3> rim;
        circle(rim, base, a, s * kArrowRadius, 8);
        for (std::size_t i = 0; i < rim.size(); i += 2) {
            pairs.push_back(rim[i]);
            pairs.push_back(rim[i + 1]);
            pairs.push_back(rim[i]);
            pairs.push_back(tip);
        }
        break;
    }
    case HandleType::Box:
        pairs.push_back(frame.origin + a * (s * kShaftStart));
        pairs.push_back(frame.origin + a * (s * (1.f - kBoxHalf)));
        box(pairs, frame.origin + a * s, frame.axes, s * kBoxHalf);
        break;
    case HandleType::ViewRing:
        break;
    }
}

std::optional<Handle> pick(const Frame& frame, Kind kind, const glm::mat4& viewProjection, glm::vec2 viewport,
                           glm::vec2 mouse, float tolerancePx)
{
    std::optional<Handle> best;
    float bestDistance = std::numeric_limits<float>::max();
    std::vector<glm::vec3> pairs;
    for (const Handle& handle : handlesOf(kind)) {
        pairs.clear();
        handleSegments(frame, handle, pairs);
        for (std::size_t i = 0; i + 1 < pairs.size(); i += 2) {
            const auto a = pose_transform::project(viewProjection, viewport, pairs[i]);
            const auto b = pose_transform::project(viewProjection, viewport, pairs[i + 1]);
            if (!a || !b)
                continue;
            const float d = distanceToSegment(mouse, *a, *b);
            // Strictly nearer: on a tie the earlier handle (an axis before the view ring) wins.
            if (d <= tolerancePx && d < bestDistance) {
                bestDistance = d;
                best = handle;
            }
        }
    }
    return best;
}

glm::vec4 colourOf(Handle handle)
{
    if (handle.type == HandleType::ViewRing)
        return {.85f, .85f, .88f, 1.f};
    switch (handle.axis) {
    case 0:
        return {.96f, .27f, .33f, 1.f};
    case 1:
        return {.50f, .86f, .16f, 1.f};
    default:
        return {.22f, .56f, 1.f, 1.f};
    }
}

glm::vec4 highlightColour()
{
    return {1.f, .87f, .25f, 1.f};
}

void append(std::vector<gl::OverlayVertex>& lines, const Frame& frame, Kind kind, std::optional<Handle> highlight,
            float worldPerPixel)
{
    const glm::vec4 outline(.04f, .04f, .05f, .75f);
    const glm::vec3 forward = glm::normalize(frame.viewForward);
    std::vector<glm::vec3> pairs;
    // GL lines are one pixel: copies shifted across the line on screen make
    // a three-pixel stroke, on top of a five-pixel dark one.
    const auto stroke = [&](const glm::vec3& a, const glm::vec3& b, const glm::vec4& colour, int halfWidth) {
        glm::vec3 across = glm::cross(b - a, forward);
        const float length = glm::length(across);
        across = length > 1e-12f ? across / length * worldPerPixel : glm::vec3(0.f);
        for (int k = -halfWidth; k <= halfWidth; ++k) {
            const glm::vec3 shift = across * static_cast<float>(k);
            lines.push_back({a + shift, colour});
            lines.push_back({b + shift, colour});
        }
    };
    // Every outline first, then the colours, the highlighted handle last (on top).
    std::vector<Handle> order = handlesOf(kind);
    if (highlight)
        std::stable_partition(order.begin(), order.end(), [&](const Handle& h) { return !(h == *highlight); });
    for (int pass = 0; pass < 2; ++pass)
        for (const Handle& handle : order) {
            pairs.clear();
            handleSegments(frame, handle, pairs);
            const glm::vec4 colour = pass == 0                             ? outline
                                   : highlight && *highlight == handle ? highlightColour()
                                                                         : colourOf(handle);
            for (std::size_t i = 0; i + 1 < pairs.size(); i += 2)
                stroke(pairs[i], pairs[i + 1], colour, pass == 0 ? 2 : 1);
        }
}

} // namespace marrow::ui::gizmo
