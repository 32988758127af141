// SPDX-License-Identifier: MIT
#pragma once
#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

namespace marrow::app {

// What `marrow` was asked to do on its command line:
//   marrow [FILE]
//   marrow --screenshot OUT.png [--clip C] [--time T] [--size WxH] [--window] [--select JOINT]
//          [--tool NAME] [--skinning lbs|dqs] [--retarget-from SOURCE] [FILE]
// With no FILE the bundled sample opens. --screenshot renders and exits
// without reading or writing user settings, so its output is reproducible.
struct EditorOptions {
    QString file;               // empty: the bundled sample
    QString screenshotPath;     // non-empty: screenshot mode
    QString clip;               // name or index; empty: the first clip
    std::optional<double> time; // seconds
    QSize size{1280, 800};
    bool wholeWindow = false;   // --window: the main window, not just the viewport
    QString selectJoint;        // --select: a joint name to select (highlighted bone; its heat map with --tool "Weight Paint")
    QString tool;               // --tool: the viewport tool to make active (its overlay shows), by name
    bool dualQuaternion = false; // --skinning dqs; a screenshot ignores the saved preference, so LBS by default
    QString retargetFrom;       // --retarget-from: the Retarget dock previews this file's first clip
};

// Parses the arguments (argv[0] included). On a usage error returns nullopt
// and sets `error` to a one-line message.
std::optional<EditorOptions> parseEditorOptions(const QStringList& arguments, QString& error);

// A bundled sample, looked for next to the executable (installed layouts)
// and then in the source tree it was built from; empty when missing. The
// default is the first sample (public_rig.gltf), which the tests use.
QString bundledSamplePath(const QString& name = QStringLiteral("public_rig.gltf"));
// What the editor opens with no file given: marrow_character.gltf, the
// symmetric character made for weight painting and transitions.
QString defaultSamplePath();

// The question the next start asks after a crash: names the file the work
// came from (its name and folder), or "an untitled document".
QString recoveryQuestion(const QString& sourcePath);

} // namespace marrow::app
