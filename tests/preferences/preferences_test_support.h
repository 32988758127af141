// SPDX-License-Identifier: MIT
#pragma once
// Shared by the preferences tests: QSettings on an ini file in a temporary
// folder, so no test reads or writes the user's real settings, and a readable
// gtest printout of EditorSettings instead of its bytes.
#include "widgets/preferences/editor_settings.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <memory>
#include <ostream>

namespace marrow::ui {

// Found by ADL when an EXPECT_EQ on two EditorSettings fails.
inline void PrintTo(const EditorSettings& s, std::ostream* os)
{
    *os << "{navigation=" << (s.navigation == EditorSettings::Navigation::Maya ? "maya" : "blender")
        << " autosave=" << s.autosaveIntervalSeconds << " fps=" << s.fps << " dqs=" << s.dualQuaternionSkinning
        << " grid=" << s.showGrid << " bones=" << s.showBones << " wireframe=" << s.showWireframe
        << " loop=" << s.loopPlayback << " maxRecent=" << s.maxRecentFiles << "}";
}

} // namespace marrow::ui

namespace marrow::test {

class TempIni {
public:
    TempIni() { EXPECT_TRUE(m_dir.isValid()); }

    QString path() const { return m_dir.filePath(QStringLiteral("marrow.ini")); }

    // A fresh QSettings on the file, so reads see what was written to disk.
    std::unique_ptr<QSettings> open() const { return std::make_unique<QSettings>(path(), QSettings::IniFormat); }

    // Replaces the file with hand-written ini text (what a user might edit).
    void write(const QByteArray& text) const
    {
        QFile file(path());
        ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
    }

private:
    QTemporaryDir m_dir;
};

} // namespace marrow::test
