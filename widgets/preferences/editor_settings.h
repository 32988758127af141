// SPDX-License-Identifier: MIT
#pragma once

class QSettings;

namespace marrow::ui {

// The user's editor preferences as plain values, each with its default. It is
// what the Preferences dialog edits and what the app persists through
// QSettings; it knows nothing about the widgets that apply it.
//
// load() never trusts the file: a missing key or one that does not parse
// (navigation=sideways, fps=abc, a bool that is neither true nor false) takes
// the default, and a number that parses but lies outside its range is clamped
// to the nearest bound (intervalSeconds=999999 becomes 3600, fps=-3 becomes
// 1), so a hand-edited ini always yields settings the dialog can show.
struct EditorSettings {
    enum class Navigation {
        Blender,  // MMB orbit, Shift+MMB pan, wheel zoom, Home frame all
        Maya,     // Alt+LMB orbit, Alt+MMB pan, Alt+RMB zoom, F frame all
    };

    // The ranges load() clamps to and the dialog's spin boxes offer.
    static constexpr int kMaxAutosaveIntervalSeconds = 3600;  // 0 is off
    static constexpr double kMinFps = 1.0;
    static constexpr double kMaxFps = 240.0;
    static constexpr int kFpsDecimals = 3;  // 23.976 and 29.97 survive a round trip
    static constexpr int kMinRecentFiles = 1;
    static constexpr int kMaxRecentFiles = 30;

    Navigation navigation = Navigation::Blender;
    int autosaveIntervalSeconds = 60;
    double fps = 30.0;
    bool dualQuaternionSkinning = false;  // false: linear blend skinning
    bool showGrid = true;
    bool showBones = true;
    bool showWireframe = false;
    bool loopPlayback = true;
    int maxRecentFiles = 10;

    // Keys: viewport/{navigation,dqs,grid,bones,wireframe},
    // autosave/intervalSeconds, timeline/{fps,loop}, files/maxRecent.
    static EditorSettings load(QSettings& settings);
    void save(QSettings& settings) const;

    bool operator==(const EditorSettings&) const = default;
};

} // namespace marrow::ui
