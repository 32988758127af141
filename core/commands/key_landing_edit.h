// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/animation_edit.h"
#include "core/document/key_id.h"

#include <cstddef>
#include <functional>
#include <map>
#include <set>

namespace marrow::cmd {

// A move or scale of a key selection under the landing rules
// (anim/key_landing.h): every key at t asks for wanted(t); moved keys of one
// channel keep distinct times (a crowded one takes the next free frame at
// fps); a key landed on is replaced, and counted.
//
// The preview reads the clip only, for what a view shows while G, S or a
// drag runs (ghosts, the merge count); landSelectedKeys then makes the same
// landing in the edit, so the command puts keys where the ghosts were.
struct LandingPreview {
    std::map<doc::KeyId, float> landed;  // each selected key that exists -> its new time
    std::size_t merged = 0;              // keys the result would remove
};

LandingPreview previewLanding(const anim::Clip& clip, const std::set<doc::KeyId>& keys,
                              const std::function<float(float)>& wanted, double fps);

// Returns the keys where they now stand (for the KeySelection).
std::set<doc::KeyId> landSelectedKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys,
                                      const std::function<float(float)>& wanted, double fps);

// The keys Shift+D's copies at map(t) would replace (the originals stay, so
// a copy on its own original counts too).
std::size_t duplicateMerges(const anim::Clip& clip, const std::set<doc::KeyId>& keys,
                            const std::function<float(float)>& map);

} // namespace marrow::cmd
