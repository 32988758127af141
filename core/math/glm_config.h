// SPDX-License-Identifier: MIT
#pragma once
// One place for glm's configuration, so every translation unit sees the same layout.
#ifndef GLM_FORCE_XYZW_ONLY
#define GLM_FORCE_XYZW_ONLY
#endif
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
