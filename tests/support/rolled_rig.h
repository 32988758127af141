// SPDX-License-Identifier: MIT
#pragma once
// A small humanoid built the way Blender writes an armature (issue 36):
// `.L/.R` names, every bone's local Y along the bone, and bone roll, so the
// right side's local axes are NOT the mirror images of the left side's (each
// right bone is turned about its own axis by a different amount: 90 degrees
// for the arm, 180 for the forearm...). The rest positions are symmetric
// across X = 0 unless asked otherwise.
#include "core/anim/skeleton.h"
#include "pose_worlds.h"  // worldsOf
#include "tiny_rigs.h"

#include <glm/gtc/quaternion.hpp>

#include <string>
#include <vector>

namespace marrow::test {

struct RolledJoint {
    std::string name;
    std::string parent;  // empty for the root
    glm::vec3 head;      // rest world position
    glm::vec3 tail;      // where the bone points (its local +Y)
    float roll;          // degrees about the bone, left side
    float rightRoll;     // degrees the right bone turns further about its axis (0: an exact mirror image)
};

// The bone's rest world frame: +Y from head to tail, the roll turning X and Z
// about it (Blender's convention: roll 0 keeps X as horizontal as it can).
inline glm::quat boneFrame(glm::vec3 head, glm::vec3 tail, float roll)
{
    const glm::vec3 y = glm::normalize(tail - head);
    const glm::vec3 up = std::abs(y.z) < .9f ? glm::vec3(0.f, 0.f, 1.f) : glm::vec3(1.f, 0.f, 0.f);
    const glm::vec3 x = glm::normalize(glm::cross(y, up));
    const glm::vec3 z = glm::cross(x, y);
    const glm::quat frame = glm::normalize(glm::quat_cast(glm::mat3(x, y, z)));
    return glm::normalize(frame * axisAngle({0.f, 1.f, 0.f}, roll));
}

// The mirror image across X = 0 of a proper frame, made proper again by
// negating its X axis (what Blender's Symmetrize gives), then turned `extra`
// degrees about its own Y (a roll that differs from the mirror's).
inline glm::quat mirroredFrame(glm::quat left, float extra)
{
    const glm::mat3 m(glm::vec3(-1.f, 0.f, 0.f), glm::vec3(0.f, 1.f, 0.f), glm::vec3(0.f, 0.f, 1.f));
    glm::mat3 f = m * glm::mat3_cast(left);
    f[0] = -f[0];
    return glm::normalize(glm::normalize(glm::quat_cast(f)) * axisAngle({0.f, 1.f, 0.f}, extra));
}

// The left side and centre of the rolled humanoid (the right side mirrors
// the left ones' heads and tails).
inline std::vector<RolledJoint> rolledHumanoidLeft()
{
    return {
        {"root", "", {0.f, 0.f, 0.f}, {0.f, 0.f, .2f}, 0.f, 0.f},
        {"hips", "root", {0.f, .95f, 0.f}, {0.f, 1.1f, -.01f}, 0.f, 0.f},
        {"spine", "hips", {0.f, 1.1f, -.01f}, {0.f, 1.42f, -.02f}, 0.f, 0.f},
        {"neck", "spine", {0.f, 1.5f, -.02f}, {0.f, 1.6f, 0.f}, 0.f, 0.f},
        {"collar.L", "spine", {.03f, 1.44f, -.01f}, {.16f, 1.45f, -.03f}, 14.f, 90.f},
        {"upperarm.L", "collar.L", {.16f, 1.45f, -.03f}, {.44f, 1.43f, -.05f}, -37.f, 90.f},
        {"forearm.L", "upperarm.L", {.44f, 1.43f, -.05f}, {.69f, 1.42f, -.02f}, 61.f, 180.f},
        {"hand.L", "forearm.L", {.69f, 1.42f, -.02f}, {.79f, 1.41f, -.02f}, 5.f, -90.f},
        {"thigh.L", "hips", {.09f, .92f, 0.f}, {.1f, .5f, .02f}, 180.f, 180.f},
        {"shin.L", "thigh.L", {.1f, .5f, .02f}, {.09f, .09f, -.01f}, 12.f, 45.f},
        {"foot.L", "shin.L", {.09f, .09f, -.01f}, {.1f, .03f, .13f}, -20.f, 133.f},
    };
}

// joints with side `.L` get a `.R` twin; asymmetry moves each right joint's
// head (and its bone's tail) by that much along +X, +Y, +Z in turn.
inline anim::Skeleton rolledHumanoid(float asymmetry = 0.f)
{
    const std::vector<RolledJoint> left = rolledHumanoidLeft();
    std::vector<RolledJoint> all;
    for (const RolledJoint& j : left)
        all.push_back(j);
    int turn = 0;
    for (const RolledJoint& j : left) {
        if (j.name.size() < 2 || j.name.substr(j.name.size() - 2) != ".L")
            continue;
        RolledJoint r = j;
        r.name = j.name.substr(0, j.name.size() - 2) + ".R";
        if (r.parent.size() > 2 && r.parent.substr(r.parent.size() - 2) == ".L")
            r.parent = r.parent.substr(0, r.parent.size() - 2) + ".R";
        glm::vec3 nudge(0.f);
        nudge[turn++ % 3] = asymmetry;
        r.head = glm::vec3(-j.head.x, j.head.y, j.head.z) + nudge;
        r.tail = glm::vec3(-j.tail.x, j.tail.y, j.tail.z);
        all.push_back(r);
    }
    anim::Skeleton s;
    std::vector<glm::quat> frames;
    for (const RolledJoint& j : all) {
        glm::quat frame = boneFrame(j.head, j.tail, j.roll);
        const bool right = j.name.size() > 2 && j.name.substr(j.name.size() - 2) == ".R";
        if (right) {
            const std::string twin = j.name.substr(0, j.name.size() - 2) + ".L";
            for (const RolledJoint& l : left)
                if (l.name == twin)
                    frame = mirroredFrame(boneFrame(l.head, l.tail, l.roll), j.rightRoll);
        }
        anim::JointIndex parent = anim::kNoParent;
        if (!j.parent.empty())
            parent = *s.find(j.parent);
        const glm::quat parentFrame = parent >= 0 ? frames[static_cast<std::size_t>(parent)] : glm::quat(1.f, 0.f, 0.f, 0.f);
        const glm::vec3 parentHead = parent >= 0 ? all[static_cast<std::size_t>(parent)].head : glm::vec3(0.f);
        s.names.push_back(j.name);
        s.parents.push_back(parent);
        s.rest.push_back(trs(glm::inverse(parentFrame) * (j.head - parentHead),
                             glm::normalize(glm::inverse(parentFrame) * frame)));
        frames.push_back(frame);
    }
    return s;
}

} // namespace marrow::test
