// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/anim/root_match.h"
#include "core/anim/skeleton.h"
#include "core/anim/transition_timing.h"

#include <vector>

namespace marrow::anim {

// Root motion blended as velocity (Match root, crossfade). Lerping the two
// sides' root positions moves the root by (1 - w) vA + w vB + w' (pB - pA):
// the last term is a lunge when B runs ahead of A (pab's walk into run went
// from 3 to 27 cm a frame). The root's ground motion during the blend should
// be the integral of the blended ground velocity, starting from A's root at
// the exit, which differs from the lerp by
//   C(t) = integral from e to t of w'(s) (pB(s) - pA(s)) ds
// along the ground (w the root joint's weight, pA and pB the root's
// translation on each side with root matching's offsets). Subtracting C(t)
// from both sides' root translations before they blend makes the lerp that
// integral; after the root's blend span C stays at its end value, so B's
// own motion continues from where the blend left it, loops included.
// Heights are untouched. C is tabulated at construction (240 steps a
// second, trapezoids in w); between steps it follows w itself with the gap
// interpolated, so the root's speed stays continuous where w' is.
class RootVelocityBlend {
public:
    RootVelocityBlend() = default;
    // `rootScale`: the blend profile's time scale of the root joint (> 0).
    RootVelocityBlend(const Skeleton& skeleton, const Clip& a, const Clip& b, const TransitionTiming& timing,
                      const RootMatch& match, float rootScale);

    // C(t) at preview time t (zero before the exit).
    glm::vec3 correction(double t) const;

private:
    TransitionTiming m_timing;
    float m_rootScale = 1.f;
    double m_step = 0.0;
    std::vector<glm::vec3> m_table;  // C at exit + k * step, k = 0..n
    std::vector<glm::vec3> m_gap;    // pB - pA along the ground there
    std::vector<float> m_weight;     // the root's weight there
};

} // namespace marrow::anim
