// SPDX-License-Identifier: MIT
#include "widgets/viewport/orbit_camera.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace {

constexpr float kDegreesPerPixel = 0.5f;
constexpr float kMaxPitch = glm::radians(89.5f);

bool finite(float v)
{
    return std::isfinite(v);
}

bool finite(const glm::vec3& v)
{
    return finite(v.x) && finite(v.y) && finite(v.z);
}

} // namespace

glm::vec3 OrbitCamera::forward() const
{
    // Yaw 0 looks down -Z; positive pitch looks down at the target.
    const float cp = std::cos(m_pitch);
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
    if (finite(target))
        m_target = target;
}

void OrbitCamera::setDistance(float distance)
{
    if (finite(distance))
        m_distance = std::clamp(distance, 1e-4f, 1e7f);
}

void OrbitCamera::setAngles(float yaw, float pitch)
{
    if (!finite(yaw) || !finite(pitch))
        return;
    // Keep yaw in (-pi, pi] so it never grows without bound over a long session.
    m_yaw = std::remainder(yaw, glm::two_pi<float>());
    m_pitch = std::clamp(pitch, -kMaxPitch, kMaxPitch);
}

void OrbitCamera::orbit(float dxPixels, float dyPixels)
{
    if (!finite(dxPixels) || !finite(dyPixels))
        return;
    setAngles(m_yaw - glm::radians(dxPixels * kDegreesPerPixel), m_pitch + glm::radians(dyPixels * kDegreesPerPixel));
}

void OrbitCamera::pan(float dxPixels, float dyPixels, float viewportHeightPixels)
{
    if (!finite(dxPixels) || !finite(dyPixels) || !(viewportHeightPixels > 0.f))
        return;
    // World units per pixel at the target's depth.
    const float unitsPerPixel = 2.f * m_distance * std::tan(m_fovY * 0.5f) / viewportHeightPixels;
    m_target += (-dxPixels * right() + dyPixels * up()) * unitsPerPixel;
}

void OrbitCamera::zoomSteps(float steps)
{
    if (finite(steps))
        setDistance(m_distance * std::pow(0.85f, steps));
}

void OrbitCamera::zoomDrag(float dxPixels, float dyPixels)
{
    if (finite(dxPixels) && finite(dyPixels))
        setDistance(m_distance * std::exp(-(dxPixels - dyPixels) * 0.005f));
}

void OrbitCamera::frame(const glm::vec3& lo, const glm::vec3& hi, float aspect)
{
    if (!finite(lo) || !finite(hi) || lo.x > hi.x || lo.y > hi.y || lo.z > hi.z)
        return;
    const float radius = std::max(0.5f * glm::length(hi - lo), 1e-3f);
    const float halfY = m_fovY * 0.5f;
    const float halfX = std::atan(std::tan(halfY) * (aspect > 0.f && finite(aspect) ? aspect : 1.f));
    m_target = 0.5f * (lo + hi);
    setDistance(1.1f * radius / std::sin(std::min(halfX, halfY)));
}

glm::mat4 OrbitCamera::view() const
{
    return glm::lookAt(eye(), m_target, glm::vec3(0.f, 1.f, 0.f));
}

glm::mat4 OrbitCamera::projection(float aspect) const
{
    const float a = aspect > 0.f && finite(aspect) ? aspect : 1.f;
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
    const float t = std::tan(m_fovY * 0.5f);
    ray.direction = glm::normalize(forward() + right() * (ndcX * t * width / height) + up() * (ndcY * t));
    return ray;
}

} // namespace marrow::ui
