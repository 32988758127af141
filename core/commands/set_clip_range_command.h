// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/change_value_command.h"
#include "core/commands/rename_clip_command.h"

#include <memory>
#include <optional>

namespace marrow::cmd {

// A clip's manual frame range and the length it gives the clip: both are
// what Set Range changes, so undo gives back the length a clip without
// keys had too.
struct ClipLength {
    std::optional<anim::ClipRange> range;
    float duration = 0.f;
    bool operator==(const ClipLength&) const = default;
};

// Clip › Set Range… (Blender's Manual Frame Range): sets the clip's range,
// the clip becoming range->end long, or with nullopt ("follow the keys")
// clears it, the clip's length then following its keys again
// (anim::followedLength). One undo entry, a ChangeValueCommand over
// Document::setClipRange; obsolete when nothing changes. nullptr when the
// clip is out of range or the range invalid.
std::unique_ptr<ChangeValueCommand<ClipLength>> makeSetClipRangeCommand(doc::Document* document, model::ClipId clip,
                                                                        std::optional<anim::ClipRange> range);

} // namespace marrow::cmd
