// SPDX-License-Identifier: MIT
#pragma once
// Tiny rigs built in code, small enough that every expected value in a test
// can be worked out by hand.
#include "core/anim/clip.h"
#include "core/anim/skeleton.h"
#include "core/math/transform.h"
#include "core/model/rig.h"

#include <cmath>
#include <string>
#include <vector>

namespace marrow::test {

constexpr float kPi = 3.14159265358979323846f;

// Rotation of `degrees` about `axis` (any length), built from the half-angle
// formula so tests do not depend on glm's angleAxis conventions.
inline glm::quat axisAngle(glm::vec3 axis, float degrees)
{
    axis = glm::normalize(axis);
    const float h = degrees * kPi / 360.f;
    const float s = std::sin(h);
    return glm::quat(std::cos(h), s * axis.x, s * axis.y, s * axis.z);
}

inline math::Transform trs(glm::vec3 t, glm::quat r = glm::quat(1.f, 0.f, 0.f, 0.f), glm::vec3 s = glm::vec3(1.f))
{
    math::Transform x;
    x.translation = t;
    x.rotation = r;
    x.scale = s;
    return x;
}

// Column-major matrix from four columns, so expected matrices read as written.
inline glm::mat4 columns(glm::vec3 c0, glm::vec3 c1, glm::vec3 c2, glm::vec3 t)
{
    return glm::mat4(glm::vec4(c0, 0.f), glm::vec4(c1, 0.f), glm::vec4(c2, 0.f), glm::vec4(t, 1.f));
}

// 2-joint arm: "shoulder" (root at (0,1,0)) and "elbow" (2 units along +X).
// Rest world matrices: T(0,1,0) and T(2,1,0).
inline anim::Skeleton twoJointArm()
{
    anim::Skeleton s;
    s.names = {"shoulder", "elbow"};
    s.parents = {anim::kNoParent, 0};
    s.rest = {trs({0.f, 1.f, 0.f}), trs({2.f, 0.f, 0.f})};
    return s;
}

// 3-joint chain: "hip" at (1,0,0) turned 90 degrees about Z, "knee" 2 up with
// uniform scale 2, "ankle" 3 along Z. Rest worlds (worked out by hand):
// hip   = [ (0,1,0) (-1,0,0) (0,0,1) | (1,0,0) ]
// knee  = [ (0,2,0) (-2,0,0) (0,0,2) | (-1,0,0) ]
// ankle = [ (0,2,0) (-2,0,0) (0,0,2) | (-1,0,6) ]
inline anim::Skeleton threeJointChain()
{
    anim::Skeleton s;
    s.names = {"hip", "knee", "ankle"};
    s.parents = {anim::kNoParent, 0, 1};
    s.rest = {trs({1.f, 0.f, 0.f}, axisAngle({0.f, 0.f, 1.f}, 90.f)), trs({0.f, 2.f, 0.f}, glm::quat(1.f, 0.f, 0.f, 0.f), glm::vec3(2.f)),
              trs({0.f, 0.f, 3.f})};
    return s;
}

// A Vec3 channel from times and values (LINEAR unless told).
inline anim::Vec3Channel vec3Channel(std::vector<float> times, std::vector<glm::vec3> values,
                                     anim::Interpolation i = anim::Interpolation::Linear)
{
    anim::Vec3Channel c;
    c.times = std::move(times);
    c.values = std::move(values);
    c.interpolations.assign(c.times.size(), i);
    return c;
}

inline anim::QuatChannel quatChannel(std::vector<float> times, std::vector<glm::quat> values,
                                     anim::Interpolation i = anim::Interpolation::Linear)
{
    anim::QuatChannel c;
    c.times = std::move(times);
    c.values = std::move(values);
    c.interpolations.assign(c.times.size(), i);
    return c;
}

// The 4-vertex skin: the arm with one skin (joints {shoulder, elbow}, inverse
// bind matrices T(0,-1,0) and T(-2,-1,0), i.e. bound in the rest pose) and a
// strip of four vertices along y = 1:
//   v0 (0,1,0): shoulder 1
//   v1 (1,1,0): shoulder .75, elbow .25
//   v2 (2,1,0): elbow .75, shoulder .25
//   v3 (3,1,0): elbow 1
// all with normal +Z. Clips:
//   "bend": elbow rotation, LINEAR, identity at 0 -> 90 degrees about Z at 1.
//   "lift": shoulder translation (0,1,0) at 0 -> (0,3,0) at 2, and elbow
//           rotation held at identity (one key), so both clips animate the elbow.
inline model::Rig fourVertexSkinRig()
{
    model::Rig rig;
    rig.skeleton = twoJointArm();

    model::Skin skin;
    skin.name = "armSkin";
    skin.joints = {0, 1};
    skin.inverseBind = {columns({1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, -1, 0}),
                        columns({1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-2, -1, 0})};
    rig.skins.push_back(skin);

    mesh::Mesh m;
    m.name = "strip";
    m.node = 0;
    m.skin = 0;
    m.positions = {{0.f, 1.f, 0.f}, {1.f, 1.f, 0.f}, {2.f, 1.f, 0.f}, {3.f, 1.f, 0.f}};
    m.normals.assign(4, glm::vec3(0.f, 0.f, 1.f));
    m.indices = {0, 1, 2, 2, 1, 3};
    m.weights.stride = 4;
    m.weights.joints = {0, 0, 0, 0, /**/ 0, 1, 0, 0, /**/ 1, 0, 0, 0, /**/ 1, 0, 0, 0};
    m.weights.weights = {1.f, 0.f, 0.f, 0.f, /**/ .75f, .25f, 0.f, 0.f, /**/ .75f, .25f, 0.f, 0.f, /**/ 1.f, 0.f, 0.f, 0.f};
    rig.meshes.push_back(m);

    anim::Clip bend;
    bend.name = "bend";
    anim::JointTrack elbow;
    elbow.joint = 1;
    elbow.rotation = quatChannel({0.f, 1.f}, {glm::quat(1.f, 0.f, 0.f, 0.f), axisAngle({0.f, 0.f, 1.f}, 90.f)});
    bend.tracks.push_back(elbow);
    bend.duration = 1.f;
    rig.clips.push_back(bend);

    anim::Clip lift;
    lift.name = "lift";
    anim::JointTrack shoulder;
    shoulder.joint = 0;
    shoulder.translation = vec3Channel({0.f, 2.f}, {{0.f, 1.f, 0.f}, {0.f, 3.f, 0.f}});
    lift.tracks.push_back(shoulder);
    anim::JointTrack elbowHeld;
    elbowHeld.joint = 1;
    elbowHeld.rotation = quatChannel({0.f}, {glm::quat(1.f, 0.f, 0.f, 0.f)});
    lift.tracks.push_back(elbowHeld);
    lift.duration = 2.f;
    rig.clips.push_back(lift);
    return rig;
}

} // namespace marrow::test
