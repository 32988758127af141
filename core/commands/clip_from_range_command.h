// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/add_clip_command.h"

#include <QString>

#include <memory>
#include <string>

namespace marrow::cmd {

// "New Clip from Range": the part [start, end] seconds of the document's
// clip `source` as a new clip appended to the rig (model::clipFromRange:
// keys moved to start at 0, both ends keyed, the name made unique), as one
// AddClipCommand; undo removes it. Null with `error` set when the range
// or clip is refused.
std::unique_ptr<AddClipCommand> makeClipFromRangeCommand(doc::Document* document, model::ClipId source, double start,
                                                         double end, const std::string& name, QString* error = nullptr);

} // namespace marrow::cmd
