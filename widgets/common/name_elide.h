// SPDX-License-Identifier: MIT
#pragma once
#include <QString>

class QFontMetrics;

namespace marrow::ui {

// A joint or clip name shortened to `width` pixels, never cut at the end:
// imported names share a long start ("mixamorig:", "Armature|mixamo.com|")
// and differ at the end (Left/Right, the number), so the part after the last
// ':' or '|' stays whole and the start before it is elided in its middle
// ("mix…:RightHandThumb4"). When that part alone is too wide, the start goes
// ("…RightH…mb4", elided in the middle); a name without such a separator is
// elided in the middle. Empty when not even "…" fits.
// NameElision::Tail, for a tree whose nesting already tells the side, keeps
// the tail instead when the last part is too wide: "…Thumb1" and "…Index1"
// beside each other, not "…Left…mb1" and "…Left…ex1" or dots.
enum class NameElision { BothEnds, Tail };
QString elideName(const QFontMetrics& metrics, const QString& name, int width,
                  NameElision mode = NameElision::BothEnds);

} // namespace marrow::ui
