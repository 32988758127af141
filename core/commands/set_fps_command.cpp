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

} // namespace marrow::cmd
