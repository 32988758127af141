// SPDX-License-Identifier: MIT
#include "widgets/preferences/editor_settings.h"

#include "widgets/preferences/settings_readers.h"

#include <QSettings>
#include <QString>

namespace marrow::ui {
namespace {

using settings_readers::readBool;
using settings_readers::readDouble;
using settings_readers::readInt;

constexpr auto kNavigation = "viewport/navigation";
constexpr auto kDqs = "viewport/dqs";
constexpr auto kGrid = "viewport/grid";
constexpr auto kBones = "viewport/bones";
constexpr auto kWireframe = "viewport/wireframe";
constexpr auto kAutosaveInterval = "autosave/intervalSeconds";
constexpr auto kFps = "timeline/fps";
constexpr auto kLoop = "timeline/loop";
constexpr auto kMaxRecent = "files/maxRecent";

EditorSettings::Navigation readNavigation(const QSettings& settings, EditorSettings::Navigation fallback)
{
    const QString text = settings.value(kNavigation).toString().trimmed().toLower();
    if (text == u"blender")
        return EditorSettings::Navigation::Blender;
    if (text == u"maya")
        return EditorSettings::Navigation::Maya;
    return fallback;
}

} // namespace

EditorSettings EditorSettings::load(QSettings& settings)
{
    const EditorSettings defaults;
    EditorSettings s;
    s.navigation = readNavigation(settings, defaults.navigation);
    s.dualQuaternionSkinning = readBool(settings, kDqs, defaults.dualQuaternionSkinning);
    s.showGrid = readBool(settings, kGrid, defaults.showGrid);
    s.showBones = readBool(settings, kBones, defaults.showBones);
    s.showWireframe = readBool(settings, kWireframe, defaults.showWireframe);
    s.autosaveIntervalSeconds =
        readInt(settings, kAutosaveInterval, defaults.autosaveIntervalSeconds, 0, kMaxAutosaveIntervalSeconds);
    s.fps = readDouble(settings, kFps, defaults.fps, kMinFps, kMaxFps, kFpsDecimals);
    s.loopPlayback = readBool(settings, kLoop, defaults.loopPlayback);
    s.maxRecentFiles = readInt(settings, kMaxRecent, defaults.maxRecentFiles, kMinRecentFiles, kMaxRecentFiles);
    return s;
}

void EditorSettings::save(QSettings& settings) const
{
    settings.setValue(kNavigation, navigation == Navigation::Maya ? QStringLiteral("maya") : QStringLiteral("blender"));
    settings.setValue(kDqs, dualQuaternionSkinning);
    settings.setValue(kGrid, showGrid);
    settings.setValue(kBones, showBones);
    settings.setValue(kWireframe, showWireframe);
    settings.setValue(kAutosaveInterval, autosaveIntervalSeconds);
    settings.setValue(kFps, fps);
    settings.setValue(kLoop, loopPlayback);
    settings.setValue(kMaxRecent, maxRecentFiles);
}

} // namespace marrow::ui
