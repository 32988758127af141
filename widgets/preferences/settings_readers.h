// SPDX-License-Identifier: MIT
#pragma once
#include <QStringList>

class QSettings;

namespace marrow::ui::settings_readers {

// Strict readers for values a user may have hand-edited: a missing key or one
// that does not parse gives `fallback`; a number out of range is clamped.

// true/false, 1/0, yes/no, on/off (any case); anything else is `fallback`.
bool readBool(const QSettings& settings, const char* key, bool fallback);
int readInt(const QSettings& settings, const char* key, int fallback, int low, int high);
// Rounded to `decimals` places, as a spin box with that many shows it.
double readDouble(const QSettings& settings, const char* key, double fallback, double low, double high,
                  int decimals);
// The index of the stored name in `names` (any case), else `fallback`.
int readChoice(const QSettings& settings, const char* key, const QStringList& names, int fallback);

} // namespace marrow::ui::settings_readers
