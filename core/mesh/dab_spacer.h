// SPDX-License-Identifier: MIT
#pragma once
#include <glm/vec3.hpp>

#include <vector>

namespace marrow::mesh {

// Places dabs evenly along a stroke path, so a fast stroke leaves no gaps:
// given the previous cursor point and the new one, it emits the points at
// which dabs fall, `step` apart along the path, carrying the distance
// travelled since the last dab over to the next segment. Points are vec3 so
// one spacer serves screen paths (z = 0) and world paths. Owns its state:
// the last cursor point and the distance since the last dab (in [0, step)).
class DabSpacer {
public:
    // Starts a stroke at p; the caller places the first dab there itself.
    void start(const glm::vec3& p);
    // Moves the cursor to p and appends to out the dab points on the way,
    // each `step` (> 0; the brush radius times the spacing fraction) after
    // the previous dab. Returns how many were appended. A non-positive or
    // non-finite step appends nothing and only moves the cursor.
    std::size_t moveTo(const glm::vec3& p, float step, std::vector<glm::vec3>& out);

    const glm::vec3& cursor() const { return m_cursor; }
    float sinceLastDab() const { return m_carry; }

private:
    glm::vec3 m_cursor{0.f};
    float m_carry = 0.f;
};

} // namespace marrow::mesh
