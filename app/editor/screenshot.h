// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>

namespace marrow::app {

struct EditorOptions;

// `marrow --screenshot`: opens the file (or the bundled sample) in a window
// that reads and writes no user settings, poses it at the requested clip and
// time, renders one frame and saves the viewport (or, with --window, the
// whole window) as a PNG. Returns the process exit code: 0 written, 2 bad
// input (file, clip, joint), 3 rendering or writing failed. Needs a display
// (xvfb-run in tests): Qt's offscreen platform cannot host a QOpenGLWidget.
// `sinceLaunch` was started first thing in main(): the time to the first
// frame is printed with the result, for the launch-time figure.
int runScreenshot(const EditorOptions& options, const QElapsedTimer& sinceLaunch);

} // namespace marrow::app
