// SPDX-License-Identifier: MIT
#pragma once
// When a foot is planted, as a person watching sees it (issue 37): near its
// own clip's ground AND not moving over it. Height alone calls a swinging
// ankle that passes low a contact and a foot lifting at heel-off planted;
// speed alone calls a foot hanging still in the air planted. Thresholds
// scale with the leg, so one rule fits a 1 m mannequin and a 100-unit biped.
#include "core/anim/skeleton.h"

#include <glm/vec3.hpp>

#include <span>
#include <vector>

namespace marrow::anim {

struct ContactRule {
    // Planted within this height above the foot's ground, in leg lengths
    // (pab's heel has risen 2.7 cm of its 90 cm leg two frames after
    // heel-off, its toe 0.6 cm as it leaves the ground).
    float height = 0.03f;
    // ... and slower than this horizontally, in leg lengths per second
    // (a walk's swing moves 2 to 5, a lifting heel 0.3, a planted foot under 0.1).
    float speed = 0.25f;
    // A contact ends only past `release` times either threshold, so a
    // foot near one does not flicker in and out.
    float release = 1.5f;
    // Contacts shorter than this many frames are dropped, and gaps this
    // short between two contacts are closed (one-frame blips merge).
    int minFrames = 2;
    // > 0: planted within this height (the track's units) instead of
    // `height` leg lengths (a contact height the user typed).
    float absoluteHeight = 0.f;
    // Measuring one whole cycle of a clip: a leg the speed rule never
    // plants is planted where it is near its ground, its motion there
    // counting as slide. Every leg of a walk or run lands once a cycle; a
    // stylised in-place paw that skates against the others (the Khronos
    // Fox's Run) is never slow enough, yet a viewer sees it land.
    bool everyLegLands = false;
};

// One contact: frames `first` to `last` of the track, both planted.
struct Contact {
    int first = 0;
    int last = 0;
    bool operator==(const Contact&) const = default;
};

// The contacts of one foot's track (world positions, one per frame at
// `fps`): `ground` is the foot's ground height along `up` (footGround),
// `legLength` its leg's length (legLength). `treadmill` (empty, or one per
// frame): the ground's own motion into each frame, taken off the foot's
// step (an in-place clip's planted foot moves back with it). Speed is the
// central difference of the horizontal positions.
std::vector<Contact> footContacts(std::span<const glm::vec3> track, float ground, float legLength, double fps,
                                  const ContactRule& rule = {}, const glm::vec3& up = {0.f, 1.f, 0.f},
                                  std::span<const glm::vec3> treadmill = {});

// A foot's ground in one clip: the lowest height along `up` its track reaches.
float footGround(std::span<const glm::vec3> track, const glm::vec3& up = {0.f, 1.f, 0.f});

// The horizontal distance the foot travels while planted (each step of a
// contact, treadmill motion taken off), in the track's units.
double plantedTravel(std::span<const glm::vec3> track, std::span<const Contact> contacts,
                     const glm::vec3& up = {0.f, 1.f, 0.f}, std::span<const glm::vec3> treadmill = {});

// The length of the leg a foot ends: the rest distances summed from the
// foot up its chain to the hip (the first ancestor holding another leg or
// the spine: a joint with two or more children), at most four bones.
// `restWorld`: each joint's rest world transform. 0 for a root foot.
float legLength(const Skeleton& skeleton, std::span<const glm::mat4> restWorld, JointIndex foot);

} // namespace marrow::anim
