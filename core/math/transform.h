// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

namespace marrow::math {

// A local transform as translation, rotation (unit quaternion) and scale.
// The matrix is T * R * S, the order glTF and every DCC tool use.
struct Transform {
    glm::vec3 translation{0.f};
    glm::quat rotation{1.f, 0.f, 0.f, 0.f};
    glm::vec3 scale{1.f};

    bool operator==(const Transform&) const = default;
};

// T * R * S as a column-major matrix; the rotation is used as given (callers normalise).
glm::mat4 toMatrix(const Transform& t);

// Splits an affine matrix into T, R, S. Shear is lost; a negative determinant
// is kept as a negative X scale. Returns false when the 3x3 part is singular.
bool fromMatrix(const glm::mat4& m, Transform& out);

// True when every component of the transform is finite.
bool isFinite(const Transform& t);

} // namespace marrow::math
