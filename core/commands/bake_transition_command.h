// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/transition_bake.h"
#include "core/commands/add_clip_command.h"

#include <QString>

#include <memory>

namespace marrow::cmd {

// "Bake Transition": samples one of the document's transitions at `fps`
// (anim::bakeTransition, the same poser as the preview) into a new clip
// named after it ("walk_to_run" -> "walk_to_run_baked", made unique) and
// appends it, as one AddClipCommand; undo removes the clip. Null with
// `error` set when the index is out of range or the transition cannot be
// sampled.
std::unique_ptr<AddClipCommand> makeBakeTransitionCommand(doc::Document* document, int transition, anim::BakeRange range,
                                                          double fps, QString* error = nullptr);

} // namespace marrow::cmd
