// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/change_value_command.h"
#include "core/commands/rename_clip_command.h"

#include <memory>

namespace marrow::cmd {

// "Set Frame Rate": a ChangeValueCommand over Document::setFps (the
// document's own frame rate, saved with it).
std::unique_ptr<ChangeValueCommand<double>> makeSetFpsCommand(doc::Document* document, double fps);

// "Set Export Profile": the same over Document::setExportProfile (how an
// export stores the weights, saved with the document).
std::unique_ptr<ChangeValueCommand<model::ExportProfile>> makeSetExportProfileCommand(doc::Document* document,
                                                                                     const model::ExportProfile& profile);

} // namespace marrow::cmd
