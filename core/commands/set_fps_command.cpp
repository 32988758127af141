// SPDX-License-Identifier: MIT
#include "core/commands/set_fps_command.h"

namespace marrow::cmd {

std::unique_ptr<ChangeValueCommand<double>> makeSetFpsCommand(doc::Document* document, double fps)
{
    auto get = [](const doc::Document& d) { return d.fps(); };
    auto set = [](doc::Document& d, const double& value) { d.setFps(value); };
    return std::make_unique<ChangeValueCommand<double>>(document, ValueKey{kFpsProperty, 0}, model::InteractionId{}, get,
                                                        set, fps, QObject::tr("Set Frame Rate"));
}

std::unique_ptr<ChangeValueCommand<model::ExportProfile>> makeSetExportProfileCommand(doc::Document* document,
                                                                                     const model::ExportProfile& profile)
{
    auto get = [](const doc::Document& d) { return d.exportProfile(); };
    auto set = [](doc::Document& d, const model::ExportProfile& value) { d.setExportProfile(value); };
    return std::make_unique<ChangeValueCommand<model::ExportProfile>>(document, ValueKey{kExportProfileProperty, 0},
                                                                       model::InteractionId{}, get, set, profile,
                                                                       QObject::tr("Set Export Profile"));
}

} // namespace marrow::cmd
