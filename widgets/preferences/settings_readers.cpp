// SPDX-License-Identifier: MIT
#include "widgets/preferences/settings_readers.h"

#include <QSettings>
#include <QString>
#include <QVariant>

#include <algorithm>
#include <cmath>

namespace marrow::ui::settings_readers {

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
    // Rounded to what a spin box shows, so opening and accepting a dialog
    // without edits saves the same value back.
    const double scale = std::pow(10.0, decimals);
    return std::clamp(std::round(value * scale) / scale, low, high);
}

int readChoice(const QSettings& settings, const char* key, const QStringList& names, int fallback)
{
    const QString text = settings.value(key).toString().trimmed();
    for (int i = 0; i < names.size(); ++i)
        if (text.compare(names[i], Qt::CaseInsensitive) == 0)
            return i;
    return fallback;
}

} // namespace marrow::ui::settings_readers
