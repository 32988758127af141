// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"

namespace marrow::io::gltfexport {

// A channel whose keys mix interpolation modes, as glTF's one-mode samplers
// can hold it: LINEAR keys at every key time, plus, inside cubic segments,
// one at every frame of `rate` (frames per second) with the sampled value;
// a Step segment stays a hold and a jump (a key one float step before the
// next key, holding the value). Linear segments need no frames (LINEAR is
// exact for them, slerp for rotations as the document samples). Source jumps
// (two keys at one time) are kept as such.
template <class T>
anim::Channel<T> linearResample(const anim::Channel<T>& channel, float rate);

} // namespace marrow::io::gltfexport
