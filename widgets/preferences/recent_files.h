// SPDX-License-Identifier: MIT
#pragma once
#include <QString>
#include <QStringList>

class QSettings;

namespace marrow::ui {

// The most-recently-used file list, newest first, stored under "files/recent".
// Stateless helpers over a QStringList so the app keeps the list wherever it
// likes (its menu, its settings) and the rules stay testable.
//
// Entries are absolute, cleaned paths. load() deliberately keeps entries whose
// file no longer exists: the File > Recent menu shows them greyed out, so a
// file on an unmounted drive is not forgotten for good.
class RecentFiles {
public:
    // `path` made absolute and moved to the front; other entries equal to it
    // (after the same normalisation) removed; the result cut to `max` entries
    // (none when max <= 0). An empty `path` leaves the list as it was, cut to max.
    static QStringList add(QStringList list, const QString& path, int max);

    // The stored list without blank entries; no existence check (see above).
    static QStringList load(QSettings& settings);
    static void save(QSettings& settings, const QStringList& files);
};

} // namespace marrow::ui
