// SPDX-License-Identifier: MIT
#include "widgets/viewport/orbit_camera.h"
#include "core/math/finite.h"

#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace {

constexpr float kDegreesPerPixel = 0.5f;
constexpr float kMaxPitch = glm::half_pi<float>();
// How close the angles must be to an axis view's to count as that view.
constexpr float kAxisTolerance = 1e-5f;

} // namespace

glm::vec3 OrbitCamera::forward() const
{
    // Yaw 0 looks down -Z; positive pitch looks down at the target. At the
    // poles float cos(pi/2) is a hair below 0: clamp, so Top looks straight down.
    const float cp = std::max(std::cos(m_pitch), 0.f);
    return glm::normalize(glm::vec3(-std::sin(m_yaw) * cp, -std::sin(m_pitch), -std::cos(m_yaw) * cp));
}

glm::vec3 OrbitCamera::right() const
{
    return glm::vec3(std::cos(m_yaw), 0.f, -std::sin(m_yaw));
}

glm::vec3 OrbitCamera::up() const
{
    return glm::cross(right(), forward());
}

glm::vec3 OrbitCamera::eye() const
{
    return m_target - forward() * m_distance;
}

void OrbitCamera::setTarget(const glm::vec3& target)
{
    if (math::isFinite(target))
        m_target = target;
}

void OrbitCamera::setDistance(float distance)
{
    if (std::isfinite(distance))
        m_distance = std::clamp(distance, 1e-4f, 1e7f);
}

void OrbitCamera::setAngles(float yaw, float pitch)
{
    if (!std::isfinite(yaw) || !std::isfinite(pitch))
        return;
    // Keep yaw in (-pi, pi] so it never grows without bound over a long session.
    m_yaw = std::remainder(yaw, glm::two_pi<float>());
    m_pitch = std::clamp(pitch, -kMaxPitch, kMaxPitch);
}

void OrbitCamera::setOrthographic(bool on)
{
    m_orthographic = on;
    m_autoOrthographic = false;
}

float OrbitCamera::viewHalfHeight() const
{
    return m_distance * std::tan(m_fovY * 0.5f);
}

float OrbitCamera::worldPerPixel(const glm::vec3& point, float viewportHeightPixels) const
{
    if (!(viewportHeightPixels > 0.f))
        return 0.f;
    if (m_orthographic)
        return 2.f * viewHalfHeight() / viewportHeightPixels;
    const float depth = glm::dot(point - eye(), forward());
    if (!(depth > 0.f))
        return 0.f;
    return 2.f * depth * std::tan(m_fovY * 0.5f) / viewportHeightPixels;
}

namespace {

struct AxisAngles {
    float yaw, pitch;
};

AxisAngles anglesOf(AxisView view)
{
    const float quarter = glm::half_pi<float>();
    switch (view) {
    case AxisView::Front:
        return {0.f, 0.f};
    case AxisView::Back:
        return {glm::pi<float>(), 0.f};
    case AxisView::Right:
        return {quarter, 0.f};
    case AxisView::Left:
        return {-quarter, 0.f};
    case AxisView::Top:
        return {0.f, quarter};
    case AxisView::Bottom:
        return {0.f, -quarter};
    }
    return {0.f, 0.f};
}

constexpr AxisView kAxisViews[] = {AxisView::Front, AxisView::Back, AxisView::Right,
                                   AxisView::Left,  AxisView::Top,  AxisView::Bottom};

} // namespace

void OrbitCamera::viewFrom(AxisView view, bool autoPerspective)
{
    const AxisAngles a = anglesOf(view);
    setAngles(a.yaw, a.pitch);
    if (autoPerspective && !m_orthographic) {
        m_orthographic = true;
        m_autoOrthographic = true;
    }
}

std::optional<AxisView> OrbitCamera::axisView() const
{
    for (AxisView view : kAxisViews) {
        const AxisAngles a = anglesOf(view);
        // Yaw wraps at +-pi (Back may read as -pi).
        const float yawOff = std::abs(std::remainder(m_yaw - a.yaw, glm::two_pi<float>()));
        if (yawOff < kAxisTolerance && std::abs(m_pitch - a.pitch) < kAxisTolerance)
            return view;
    }
    return std::nullopt;
}

void OrbitCamera::orbit(float dxPixels, float dyPixels)
{
    if (!finite(dxPixels) || !finite(dyPixels))
        return;
    setAngles(m_yaw - glm::radians(dxPixels * kDegreesPerPixel), m_pitch + glm::radians(dyPixels * kDegreesPerPixel));
    // Blender's auto perspective: the orthographic an axis view brought ends with it.
    if (m_autoOrthographic && !axisView()) {
        m_orthographic = false;
        m_autoOrthographic = false;
    }
}

void OrbitCamera::pan(float dxPixels, float dyPixels, float viewportHeightPixels)
{
    if (!finite(dxPixels) || !finite(dyPixels) || !(viewportHeightPixels > 0.f))
        return;
    // World units per pixel at the target's depth (in orthographic, everywhere).
    const float unitsPerPixel = 2.f * viewHalfHeight() / viewportHeightPixels;
    m_target += (-dxPixels * right() + dyPixels * up()) * unitsPerPixel;
}

void OrbitCamera::zoomSteps(float steps)
{
    if (std::isfinite(steps))
        setDistance(m_distance * std::pow(0.85f, steps));
}

void OrbitCamera::zoomDrag(float dxPixels, float dyPixels)
{
    if (finite(dxPixels) && finite(dyPixels))
        setDistance(m_distance * std::exp(-(dxPixels - dyPixels) * 0.005f));
}

void OrbitCamera::frame(const glm::vec3& lo, const glm::vec3& hi, float aspect)
{
    if (!math::isFinite(lo) || !math::isFinite(hi) || lo.x > hi.x || lo.y > hi.y || lo.z > hi.z)
        return;
    const float radius = std::max(0.5f * glm::length(hi - lo), 1e-3f);
    const float halfY = m_fovY * 0.5f;
    const float halfX = std::atan(std::tan(halfY) * (aspect > 0.f && std::isfinite(aspect) ? aspect : 1.f));
    m_target = 0.5f * (lo + hi);
    m_framedRadius = radius;
    const float narrower = std::min(halfX, halfY);
    // Perspective fits the sphere's silhouette cone; orthographic its disc.
    setDistance(1.1f * radius / (m_orthographic ? std::tan(narrower) : std::sin(narrower)));
}

glm::mat4 OrbitCamera::view() const
{
    // up(), not world Y: Top and Bottom look along Y.
    return glm::lookAt(eye(), m_target, up());
}

float OrbitCamera::orthographicDepth() const
{
    // Zoomed in, the distance is small but the model is not: keep the
    // framed model's depth too.
    return std::max(100.f * m_distance, 4.f * m_framedRadius + 2.f * m_distance);
}

glm::mat4 OrbitCamera::projection(float aspect) const
{
    const float a = aspect > 0.f && std::isfinite(aspect) ? aspect : 1.f;
    if (m_orthographic) {
        const float h = viewHalfHeight(), depth = orthographicDepth();
        return glm::ortho(-h * a, h * a, -h, h, -depth, depth);
    }
    return glm::perspective(m_fovY, a, m_distance * 0.01f, m_distance * 100.f);
}

Ray OrbitCamera::rayThrough(float x, float y, float width, float height) const
{
    Ray ray;
    ray.origin = eye();
    if (!(width > 0.f) || !(height > 0.f)) {
        ray.direction = forward();
        return ray;
    }
    const float ndcX = 2.f * x / width - 1.f;
    const float ndcY = 1.f - 2.f * y / height;
    if (m_orthographic) {
        const float h = viewHalfHeight();
        ray.direction = forward();
        ray.origin = eye() + forward() * -orthographicDepth() + right() * (ndcX * h * width / height) + up() * (ndcY * h);
        return ray;
    }
    const float t = std::tan(m_fovY * 0.5f);
    ray.direction = glm::normalize(forward() + right() * (ndcX * t * width / height) + up() * (ndcY * t));
    return ray;
}

} // namespace marrow::ui
