// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"

#include <QUndoCommand>

#include <memory>

namespace marrow::cmd {

// "Export Settings": File › Export's options and the export profile as the
// export dialog leaves them, one undo entry for both (each a
// ChangeValueCommand child). Null when neither changes, so an export with
// the options as they were adds nothing to the history.
std::unique_ptr<QUndoCommand> makeSetExportSettingsCommand(doc::Document* document,
                                                           const model::ExportSettings& settings,
                                                           const model::ExportProfile& profile);

} // namespace marrow::cmd
