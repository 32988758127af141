// SPDX-License-Identifier: MIT
#pragma once
#include <optional>
#include <string>

namespace marrow::io::assimp {

// Checks a Doom 3 .md5anim text for the inconsistencies Assimp 5.2 accepts
// silently: numFrames against the frame blocks (and bounds), numJoints against
// the hierarchy and base frame, numAnimatedComponents against every frame and
// every joint's start index and flags, parents before children, finite numbers.
// Returns the problem (no path prefix), or nullopt when the text is consistent.
std::optional<std::string> checkMd5Anim(const std::string& text);

// Checks a .md5mesh text: joint parents precede their joints, and in every
// mesh each vertex's weight range, each triangle index and each weight's joint
// are in range (Assimp 5.2 crashes or silently drops on these).
std::optional<std::string> checkMd5Mesh(const std::string& text);

// Checks a .md5camera text: numFrames against the camera frames and every
// cut inside the frame range.
std::optional<std::string> checkMd5Camera(const std::string& text);

} // namespace marrow::io::assimp
