// SPDX-License-Identifier: MIT
#include "widgets/preferences/recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace marrow::ui {
namespace {

constexpr auto kRecent = "files/recent";

// absoluteFilePath() keeps "." and ".." segments; cleanPath() removes them so
// "a/../b.glb" and "b.glb" count as the same file.
QString normalised(const QString& path)
{
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

} // namespace

QStringList RecentFiles::add(QStringList list, const QString& path, int max)
{
    QStringList result;
    if (max <= 0)
        return result;
    if (!path.isEmpty())
        result.append(normalised(path));
    for (const QString& entry : std::as_const(list)) {
        if (result.size() >= max)
            break;
        if (entry.isEmpty())
            continue;
        const QString clean = normalised(entry);
        if (!result.contains(clean))
            result.append(clean);
    }
    return result;
}

QStringList RecentFiles::load(QSettings& settings)
{
    QStringList files = settings.value(kRecent).toStringList();
    files.removeIf([](const QString& file) { return file.trimmed().isEmpty(); });
    return files;
}

void RecentFiles::save(QSettings& settings, const QStringList& files)
{
    settings.setValue(kRecent, files);
}

} // namespace marrow::ui
