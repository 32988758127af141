// SPDX-License-Identifier: MIT
#include "widgets/preferences/editor_settings.h"

#include <QSettings>
#include <QString>
#include <QVariant>

#include <algorithm>
#include <cmath>

namespace marrow::ui {
namespace {

constexpr auto kNavigation = "viewport/navigation";
constexpr auto kDqs = "viewport/dqs";
constexpr auto kGrid = "viewport/grid";
constexpr auto kBones = "viewport/bones";
constexpr auto kWireframe = "viewport/wireframe";
constexpr auto kAutosaveInterval = "autosave/intervalSeconds";
constexpr auto kFps = "timeline/fps";
constexpr auto kLoop = "timeline/loop";
constexpr auto kMaxRecent = "files/maxRecent";

// An ini file hands every value back as a string, and QVariant::toBool() calls
// any non-empty string other than "0"/"false" true: parse strictly instead,
// so "abc" falls back to the default rather than switching a flag on.
bool readBool(const QSettings& settings, const char* key, bool fallback)
{
    const QVariant value = settings.value(key);
    if (value.typeId() == QMetaType::Bool)
        return value.toBool();
    const QString text = value.toString().trimmed().toLower();
    if (text == u"true" || text == u"1" || text == u"yes" || text == u"on")
        return true;
    if (text == u"false" || text == u"0" || text == u"no" || text == u"off")
        return false;
    return fallback;
}

int readInt(const QSettings& settings, const char* key, int fallback, int low, int high)
{
    bool ok = false;
    // Through qlonglong so that 99999999999 clamps instead of failing to parse.
    const qlonglong value = settings.value(key).toLongLong(&ok);
    if (!ok)
        return fallback;
    return static_cast<int>(std::clamp<qlonglong>(value, low, high));
}

double readDouble(const QSettings& settings, const char* key, double fallback, double low, double high, int decimals)
{
    bool ok = false;
    const double value = settings.value(key).toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return fallback;
    // Rounded to what the dialog's spin box shows, so opening and accepting
    // the dialog without edits saves the same value back.
    const double scale = std::pow(10.0, decimals);
    return std::clamp(std::round(value * scale) / scale, low, high);
}

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
