// SPDX-License-Identifier: MIT
#pragma once
// A leg's contacts and slide as a person watching sees them (issue 37): the
// foot is planted from heel strike to toe-off, while its ankle OR its toe
// is planted (footContacts, each against its own ground), and it slides
// when neither stays put: a foot rolling from heel to toe pivots about one
// of them, so each step's slide is the smaller of the two joints' steps.
#include "core/anim/foot_contacts.h"

#include <span>
#include <string>
#include <vector>

namespace marrow::anim {

// One leg of a character (model::findLegs finds them).
struct Leg {
    JointIndex foot = -1;  // the ankle (or the paw when the leg ends there)
    JointIndex toe = -1;   // the ball or toe below it; -1 when none
    float length = 0.f;    // hip to foot at rest (legLength)
    std::string label;     // L, R; FL, FR, HL, HR for four legs; else the foot's name
    bool operator==(const Leg&) const = default;
};

// A leg's world positions per frame: the foot's and (empty without a toe) the toe's.
struct LegTrack {
    std::vector<glm::vec3> foot, toe;
};

// Where a leg's joints touch the ground in one animation: each joint's
// lowest height (footGround).
struct LegGround {
    float foot = 0.f, toe = 0.f;
};
LegGround legGround(const LegTrack& track);

struct LegGait {
    std::vector<Contact> contacts;  // frames, planted from first to last
    double slide = 0.0;             // horizontal travel while planted, in the track's units
    std::vector<double> steps;      // per frame: the slide of the step into it (0 outside contacts)
};

// The contacts and slide of one leg's track at `fps` (treadmill: empty, or
// the ground's motion into each frame, taken off). `rule.absoluteHeight`
// > 0 replaces the leg-relative height.
LegGait legGait(const LegTrack& track, const LegGround& ground, float legLength, double fps,
                const ContactRule& rule = {}, std::span<const glm::vec3> treadmill = {});

// The contacts of two tracks of one leg merged: a frame is planted when it
// is in either (gaps under rule.minFrames closed).
std::vector<Contact> mergedContacts(std::span<const Contact> a, std::span<const Contact> b, int minFrames);

} // namespace marrow::anim
