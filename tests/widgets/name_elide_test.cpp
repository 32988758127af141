// SPDX-License-Identifier: MIT
// elideName keeps the end of a long name whole (the side and the number)
// and shortens its start, in the middle.
#include "widgets/common/name_elide.h"

#include <QFont>
#include <QFontMetrics>

#include <gtest/gtest.h>

namespace marrow::test {
namespace {

const QChar kEllipsis(0x2026);

TEST(NameElide, ANameThatFitsIsWhole)
{
    const QFontMetrics m{QFont()};
    const QString name = QStringLiteral("mixamorig:RightHandThumb4");
    EXPECT_EQ(ui::elideName(m, name, m.horizontalAdvance(name)), name);
}

TEST(NameElide, TheNamespaceIsElidedBeforeTheName)
{
    const QFontMetrics m{QFont()};
    const QString name = QStringLiteral("mixamorig:RightHandThumb4");
    const int width = m.horizontalAdvance(QStringLiteral("mixa:RightHandThumb4"));
    const QString shown = ui::elideName(m, name, width);
    EXPECT_LE(m.horizontalAdvance(shown), width);
    EXPECT_TRUE(shown.endsWith(QStringLiteral(":RightHandThumb4"))) << shown.toStdString();
    EXPECT_TRUE(shown.startsWith(QLatin1Char('m'))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(kEllipsis)) << shown.toStdString();
    // Clip paths: the last part after '|'.
    const QString clip = QStringLiteral("Armature|mixamo.com|Layer0");
    const QString shownClip = ui::elideName(m, clip, m.horizontalAdvance(QStringLiteral("Arm|Layer0")));
    EXPECT_TRUE(shownClip.endsWith(QStringLiteral("|Layer0"))) << shownClip.toStdString();
}

TEST(NameElide, ANameTooLongForItsEndKeepsBothEndsOfIt)
{
    const QFontMetrics m{QFont()};
    const QString name = QStringLiteral("mixamorig:RightHandThumb4");
    const int width = m.horizontalAdvance(QStringLiteral("RightHand"));
    const QString shown = ui::elideName(m, name, width);
    EXPECT_LE(m.horizontalAdvance(shown), width);
    EXPECT_TRUE(shown.startsWith(kEllipsis)) << shown.toStdString();
    EXPECT_TRUE(shown.endsWith(QLatin1Char('4'))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QLatin1Char('R'))) << shown.toStdString();
    // No separator: elided in the middle.
    const QString plain = ui::elideName(m, QStringLiteral("RightHandThumb4"), width);
    EXPECT_TRUE(plain.startsWith(QLatin1Char('R')) && plain.endsWith(QLatin1Char('4'))) << plain.toStdString();
}

TEST(NameElide, TheTailModeKeepsTheTailOfANameTooLongForItsEnd)
{
    const QFontMetrics m{QFont()};
    const int width = m.horizontalAdvance(QStringLiteral("RightHa"));
    for (const QString& name : {QStringLiteral("mixamorig:LeftHandThumb1"), QStringLiteral("LeftHandThumb1")}) {
        const QString shown = ui::elideName(m, name, width, ui::NameElision::Tail);
        EXPECT_LE(m.horizontalAdvance(shown), width);
        EXPECT_TRUE(shown.startsWith(kEllipsis)) << shown.toStdString();
        EXPECT_TRUE(shown.endsWith(QStringLiteral("umb1"))) << shown.toStdString();
    }
}

} // namespace
} // namespace marrow::test
