// SPDX-License-Identifier: MIT
#pragma once
// Where the retargeted feet should stand (issue 40): per frame, how far each
// target foot moves off its carried path around the source's contacts.
// model::holdPlantedFeet turns these into IK. Pure; no skeletons.
#include "core/anim/foot_contacts.h"

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include <span>
#include <utility>
#include <vector>

namespace marrow::model {

namespace feet {
// The up axis both passes measure heights along (glTF's +Y), and a vector's part across it.
inline constexpr glm::vec3 kUp{0.f, 1.f, 0.f};
inline glm::vec3 horizontal(glm::vec3 v) { return v - kUp * glm::dot(v, kUp); }
} // namespace feet

// Frames over which a held foot's change fades in before a contact and out after it.
inline constexpr int kFootRelease = 6;
// A contact is held when holding it moves the foot no farther than this
// many leg lengths off its carried path along the ground.
inline constexpr float kFootMostShift = 0.15f;
// A source foot that travels farther than this many leg lengths through a
// contact skates in its own clip: the contact is not held.
inline constexpr float kFootMostSourceSlide = 0.1f;

// Per frame (up is +Y), how far the target's foot moves off its carried
// path `target`: around each contact its height follows the source's
// (`source`) above its ground, scaled by `ratio`, over the target's ground
// (where its carried foot typically stands through the contacts), fading
// over kFootRelease frames either side (where the source's foot has left
// its ground there, the target's rises with it, up to clear of the ground,
// so the two lift and land together); inside the contact it steps along
// the ground only as the source's foot does (scaled), easing back after.
// A contact that would move the foot farther than kFootMostShift of
// `legLength` along the ground is not held. `held` gets the frames inside
// held contacts. Contacts are frames of `target`.
std::vector<glm::vec3> footOffsets(std::span<const anim::Contact> contacts, std::span<const glm::vec3> source,
                                   std::span<const glm::vec3> target, float ratio, float legLength,
                                   std::vector<bool>& held);

// Eases each hold's last shift (`releases`: a hold's last frame and the
// shift there) back to nothing over the kFootRelease frames after it, up
// to the next held frame: out[f] gains the shift times the share left.
void easeBack(std::vector<glm::vec3>& out, const std::vector<bool>& held,
              std::span<const std::pair<int, glm::vec3>> releases);

// How far the source's foot (`track`, from time 0) travels along the
// ground through a contact of its cycle (frames from the cycle's start,
// which is `shift` frames in), an in-place clip's ground step into each
// cycle frame (`treadmill`, may be empty) taken off.
float sourceSlide(std::span<const glm::vec3> track, const anim::Contact& contact, std::span<const glm::vec3> treadmill,
                  int shift);

} // namespace marrow::model
