// SPDX-License-Identifier: MIT
#include "core/commands/set_export_settings_command.h"

#include "core/commands/change_value_command.h"
#include "core/commands/rename_clip_command.h"

namespace marrow::cmd {

std::unique_ptr<QUndoCommand> makeSetExportSettingsCommand(doc::Document* document,
                                                           const model::ExportSettings& settings,
                                                           const model::ExportProfile& profile)
{
    if (settings == document->exportSettings() && profile == document->exportProfile())
        return nullptr;
    if (settings.validate() || (profile.maxInfluences != 4 && profile.maxInfluences != 8))
        return nullptr;
    auto parent = std::make_unique<QUndoCommand>(QObject::tr("Export Settings"));
    if (settings != document->exportSettings())
        new ChangeValueCommand<model::ExportSettings>(
            document, ValueKey{kExportSettingsProperty, 0}, model::InteractionId{},
            [](const doc::Document& d) { return d.exportSettings(); },
            [](doc::Document& d, const model::ExportSettings& v) { d.setExportSettings(v); }, settings,
            QObject::tr("Export Settings"), parent.get());
    if (profile != document->exportProfile())
        new ChangeValueCommand<model::ExportProfile>(
            document, ValueKey{kExportProfileProperty, 0}, model::InteractionId{},
            [](const doc::Document& d) { return d.exportProfile(); },
            [](doc::Document& d, const model::ExportProfile& v) { d.setExportProfile(v); }, profile,
            QObject::tr("Set Export Profile"), parent.get());
    return parent;
}

} // namespace marrow::cmd
