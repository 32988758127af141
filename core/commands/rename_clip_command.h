// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/change_value_command.h"

#include <memory>
#include <string>

namespace marrow::cmd {

// Property keys for ChangeValueCommand (ValueKey::property).
enum ValueProperty : int {
    kClipNameProperty = 1,
    kFpsProperty,
    kSyncMarkersProperty,
    kExportProfileProperty,
    kExportSettingsProperty,
    kClipRangeProperty,
    kBoneMapsProperty,
};

// "Rename Clip": a ChangeValueCommand over Document::setClipName. Typing in a
// line edit can pass one InteractionId per edit session so the keystrokes
// make one undo entry.
std::unique_ptr<ChangeValueCommand<std::string>> makeRenameClipCommand(doc::Document* document, model::ClipId clip,
                                                                       std::string name,
                                                                       model::InteractionId interaction = {});

} // namespace marrow::cmd
