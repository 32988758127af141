// SPDX-License-Identifier: MIT
#include "widgets/viewport/pose_transform.h"

#include "widgets/viewport/orbit_camera.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::ui::pose_transform {

Constraint nextConstraint(Constraint current, int axis)
{
    if (axis < 0 || axis > 2)
        return current;
    if (current.axis != axis)
        return {Space::World, axis};
    if (current.space == Space::World)
        return {Space::Local, axis};
    return {};
}

std::vector<anim::JointIndex> topMostJoints(const anim::Skeleton& skeleton, std::span<const anim::JointIndex> selected)
{
    const auto count = static_cast<anim::JointIndex>(skeleton.size());
    std::vector<std::uint8_t> isSelected(skeleton.size(), 0);
    for (anim::JointIndex j : selected)
        if (j >= 0 && j < count)
            isSelected[static_cast<std::size_t>(j)] = 1;
    std::vector<anim::JointIndex> out;
    for (anim::JointIndex j : selected) {
        if (j < 0 || j >= count || std::find(out.begin(), out.end(), j) != out.end())
            continue;
        bool underSelected = false;
        for (anim::JointIndex p = skeleton.parents[static_cast<std::size_t>(j)]; p >= 0 && !underSelected;
             p = skeleton.parents[static_cast<std::size_t>(p)])
            underSelected = isSelected[static_cast<std::size_t>(p)] != 0;
        if (!underSelected)
            out.push_back(j);
    }
    return out;
}

std::vector<JointStart> startOf(const anim::Skeleton& skeleton, std::span<const anim::JointIndex> joints,
                                std::span<const math::Transform> locals, std::span<const glm::mat4> worlds)
{
    std::vector<JointStart> out;
    if (locals.size() != skeleton.size() || worlds.size() != skeleton.size())
        return out;
    for (anim::JointIndex j : joints) {
        if (j < 0 || static_cast<std::size_t>(j) >= skeleton.size())
            continue;
        const auto i = static_cast<std::size_t>(j);
        const anim::JointIndex parent = skeleton.parents[i];
        out.push_back({j, locals[i], worlds[i], parent >= 0 ? worlds[static_cast<std::size_t>(parent)] : glm::mat4(1.f)});
    }
    return out;
}

glm::vec3 localAxis(const JointStart& start, int axis)
{
    const glm::vec3 column(start.world[std::clamp(axis, 0, 2)]);
    const float length = glm::length(column);
    if (!(length > 1e-12f)) {
        glm::vec3 unit(0.f);
        unit[std::clamp(axis, 0, 2)] = 1.f;
        return unit;
    }
    return column / length;
}

glm::vec3 constraintAxis(const JointStart& start, Constraint constraint, const glm::vec3& view)
{
    if (constraint.space == Space::View || constraint.axis < 0 || constraint.axis > 2)
        return view;
    if (constraint.space == Space::Local)
        return localAxis(start, constraint.axis);
    glm::vec3 unit(0.f);
    unit[constraint.axis] = 1.f;
    return unit;
}

int nearestLocalAxis(const JointStart& start, const glm::vec3& worldAxis)
{
    int best = 0;
    float bestDot = -1.f;
    for (int axis = 0; axis < 3; ++axis) {
        const float d = std::abs(glm::dot(localAxis(start, axis), worldAxis));
        if (d > bestDot) {
            bestDot = d;
            best = axis;
        }
    }
    return best;
}

math::Transform rotated(const JointStart& start, const glm::vec3& worldAxis, float radians)
{
    math::Transform parent;
    if (!math::fromMatrix(start.parentWorld, parent) || !(glm::length(worldAxis) > 1e-12f))
        return start.local;
    const glm::quat turn = glm::angleAxis(radians, glm::normalize(worldAxis));
    math::Transform out = start.local;
    // World rotation = parent * local, so a world turn on the left is this local one.
    out.rotation = glm::normalize(glm::inverse(parent.rotation) * turn * parent.rotation * start.local.rotation);
    return out;
}

math::Transform translated(const JointStart& start, const glm::vec3& worldDelta)
{
    const glm::mat3 linear(start.parentWorld);
    if (std::abs(glm::determinant(linear)) < 1e-20f)
        return start.local;
    math::Transform out = start.local;
    out.translation += glm::inverse(linear) * worldDelta;
    return out;
}

math::Transform scaled(const JointStart& start, int localAxis, float factor)
{
    math::Transform out = start.local;
    if (!std::isfinite(factor))
        return out;
    if (localAxis >= 0 && localAxis <= 2)
        out.scale[localAxis] *= factor;
    else
        out.scale *= factor;
    return out;
}

std::optional<glm::vec2> project(const glm::mat4& viewProjection, glm::vec2 viewport, const glm::vec3& point)
{
    const glm::vec4 clip = viewProjection * glm::vec4(point, 1.f);
    if (!(clip.w > 1e-6f))
        return std::nullopt;
    const glm::vec2 ndc(clip.x / clip.w, clip.y / clip.w);
    return glm::vec2((ndc.x * .5f + .5f) * viewport.x, (.5f - ndc.y * .5f) * viewport.y);
}

float screenAngle(glm::vec2 pivot, glm::vec2 from, glm::vec2 to)
{
    // y down on screen: flip it so counter-clockwise is positive.
    const glm::vec2 a(from.x - pivot.x, pivot.y - from.y), b(to.x - pivot.x, pivot.y - to.y);
    if (glm::length(a) < 1e-6f || glm::length(b) < 1e-6f)
        return 0.f;
    return std::atan2(a.x * b.y - a.y * b.x, glm::dot(a, b));
}

float angleAbout(const glm::vec3& axis, const glm::vec3& cameraForward, float screenRadians)
{
    // Counter-clockwise as the viewer sees it is positive about the axis towards the viewer.
    return glm::dot(axis, -cameraForward) >= 0.f ? screenRadians : -screenRadians;
}

namespace {

Ray rayAt(const OrbitCamera& camera, glm::vec2 viewport, glm::vec2 pixel)
{
    return camera.rayThrough(pixel.x, pixel.y, viewport.x, viewport.y);
}

std::optional<glm::vec3> onViewPlane(const OrbitCamera& camera, glm::vec2 viewport, const glm::vec3& pivot, glm::vec2 pixel)
{
    const Ray ray = rayAt(camera, viewport, pixel);
    const glm::vec3 forward = camera.forward();
    const float along = glm::dot(ray.direction, forward);
    if (!(along > 1e-6f))
        return std::nullopt;
    return ray.origin + ray.direction * (glm::dot(pivot - ray.origin, forward) / along);
}

// The parameter s of the point pivot + s * axis closest to the pixel's ray.
std::optional<float> lineParameter(const OrbitCamera& camera, glm::vec2 viewport, const glm::vec3& pivot,
                                   const glm::vec3& axis, glm::vec2 pixel)
{
    const Ray ray = rayAt(camera, viewport, pixel);
    const glm::vec3 w0 = pivot - ray.origin;
    const float b = glm::dot(axis, ray.direction), d = glm::dot(axis, w0), e = glm::dot(ray.direction, w0);
    const float denominator = 1.f - b * b;  // both unit length
    if (!(denominator > 1e-6f))
        return std::nullopt;
    return (b * e - d) / denominator;
}

} // namespace

glm::vec3 viewPlaneOffset(const OrbitCamera& camera, glm::vec2 viewport, const glm::vec3& pivot, glm::vec2 from,
                          glm::vec2 to)
{
    const auto a = onViewPlane(camera, viewport, pivot, from), b = onViewPlane(camera, viewport, pivot, to);
    return a && b ? *b - *a : glm::vec3(0.f);
}

float axisOffset(const OrbitCamera& camera, glm::vec2 viewport, const glm::vec3& pivot, const glm::vec3& axis,
                 glm::vec2 from, glm::vec2 to)
{
    if (!(glm::length(axis) > 1e-12f))
        return 0.f;
    const glm::vec3 unit = glm::normalize(axis);
    const auto a = lineParameter(camera, viewport, pivot, unit, from), b = lineParameter(camera, viewport, pivot, unit, to);
    return a && b ? *b - *a : 0.f;
}

float scaleRatio(glm::vec2 pivot, glm::vec2 from, glm::vec2 to)
{
    const float start = glm::length(from - pivot);
    return start > 1e-3f ? glm::length(to - pivot) / start : 1.f;
}

} // namespace marrow::ui::pose_transform
