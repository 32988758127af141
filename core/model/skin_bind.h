// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <optional>

namespace marrow::model {

// The inverse bind matrix a joint gets when painting adds it to a skin that
// lacks it: the inverse of its bind-pose world transform. That world comes
// from its nearest ancestor in the skin (the ancestor's bind world, the
// inverse of its inverse bind, times the rest locals down to the joint), so
// the new bone binds where the skin's other bones were bound even when the
// rest pose differs from the bind pose; a joint with no ancestor in the skin
// takes its rest world. nullopt when an index is out of range or the result
// is not invertible (a zero-scaled chain).
std::optional<glm::mat4> inverseBindFor(const Rig& rig, int skin, anim::JointIndex joint);

} // namespace marrow::model
