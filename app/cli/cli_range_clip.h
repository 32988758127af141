// SPDX-License-Identifier: MIT
#pragma once
// --range-clip NEW=CLIP:START:END: a clip cut from seconds START to END of
// CLIP (a name or index), named NEW, for every command that reads clips.
#include "core/model/rig.h"

#include <optional>
#include <string>
#include <vector>

namespace marrow::cli {

struct RangeClipSpec {
    std::string text;  // as given, for messages
    std::string name;
    std::string clip;
    double start = 0.0;
    double end = 0.0;
};

// NEW=CLIP:START:END (CLIP may hold ':' and '=': START and END are the last
// two fields); nullopt with `why`.
std::optional<RangeClipSpec> parseRangeClip(const std::string& text, std::string& why);

// The option at args[i] when it is --range-clip: its spec appended to
// `specs` (i moved past the value) and true; false when it is another
// option. `error` is set when the spec is bad.
bool takeRangeClip(const std::vector<std::string>& args, std::size_t& i, std::vector<RangeClipSpec>& specs,
                   std::string& error);

// Adds each spec's clip to the rig, in order (model::clipFromRange), after
// the --clips-from ones. kExitOk, or kExitUsage having printed the spec and
// its problem (no such clip, a name taken, a range outside the clip).
int addRangeClips(model::Rig& rig, const std::vector<RangeClipSpec>& specs);

} // namespace marrow::cli
