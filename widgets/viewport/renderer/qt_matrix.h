// SPDX-License-Identifier: MIT
#pragma once
#include <QMatrix4x4>

#include <glm/glm.hpp>
#include <glm/gtc/type_ptr.hpp>

namespace marrow::gl {

// glm is column-major and QMatrix4x4's float constructor reads row-major.
inline QMatrix4x4 toQt(const glm::mat4& m)
{
    return QMatrix4x4(glm::value_ptr(m)).transposed();
}

} // namespace marrow::gl
