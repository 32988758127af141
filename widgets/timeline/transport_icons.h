// SPDX-License-Identifier: MIT
#pragma once
#include <QColor>
#include <QIcon>

namespace marrow::ui {

// The timeline's transport buttons.
enum class TransportIcon { JumpStart, StepBack, Play, Pause, StepForward, JumpEnd, Loop };

// The freedesktop theme name ("media-playback-start") and the resource
// basename (":/icons/<name>.svg") of a transport icon.
const char* transportThemeName(TransportIcon icon);
const char* transportResourceName(TransportIcon icon);

// The icon for a transport button, from the first source that has it: the
// platform's icon theme, then the app's resource (:/icons/<name>.svg), then
// a glyph painted here in `color`. The last step means a missing theme or
// resource never leaves a button blank.
QIcon transportIcon(TransportIcon icon, const QColor& color);

// Just the painted glyph (16 and 32 px), for tests and as the last fallback.
QIcon paintedTransportIcon(TransportIcon icon, const QColor& color);

} // namespace marrow::ui
