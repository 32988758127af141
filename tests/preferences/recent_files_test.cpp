// SPDX-License-Identifier: MIT
// RecentFiles: newest first, absolute paths, no duplicates, trimmed to the
// maximum, and a settings round trip that keeps files that no longer exist.
#include "preferences_test_support.h"

#include "widgets/preferences/recent_files.h"

#include <QDir>

using marrow::ui::RecentFiles;

namespace marrow::test {
namespace {

TEST(RecentFilesTest, AddPutsNewestFirst)
{
    QStringList list;
    list = RecentFiles::add(list, "/models/a.glb", 10);
    list = RecentFiles::add(list, "/models/b.glb", 10);
    list = RecentFiles::add(list, "/models/c.fbx", 10);
    EXPECT_EQ(list, (QStringList{"/models/c.fbx", "/models/b.glb", "/models/a.glb"}));
}

TEST(RecentFilesTest, AddMovesAnExistingEntryToTheFront)
{
    const QStringList list{"/m/c.glb", "/m/b.glb", "/m/a.glb"};
    EXPECT_EQ(RecentFiles::add(list, "/m/a.glb", 10), (QStringList{"/m/a.glb", "/m/c.glb", "/m/b.glb"}));
    EXPECT_EQ(RecentFiles::add(list, "/m/c.glb", 10), list);
}

TEST(RecentFilesTest, AddRemovesDuplicatesAfterNormalising)
{
    const QStringList list{"/m/b.glb", "/m/x/../a.glb", "/m/b.glb", "/m/./c.glb"};
    EXPECT_EQ(RecentFiles::add(list, "/m/a.glb", 10), (QStringList{"/m/a.glb", "/m/b.glb", "/m/c.glb"}));
}

TEST(RecentFilesTest, AddMakesRelativePathsAbsolute)
{
    const QStringList list = RecentFiles::add({}, "rig.glb", 10);
    ASSERT_EQ(list.size(), 1);
    EXPECT_EQ(list.front(), QDir::current().absoluteFilePath("rig.glb"));
    EXPECT_TRUE(QDir::isAbsolutePath(list.front()));
}

TEST(RecentFilesTest, AddTrimsToMax)
{
    QStringList list;
    for (int i = 0; i < 8; ++i)
        list = RecentFiles::add(list, QString("/m/%1.glb").arg(i), 5);
    EXPECT_EQ(list, (QStringList{"/m/7.glb", "/m/6.glb", "/m/5.glb", "/m/4.glb", "/m/3.glb"}));
    // A lower maximum cuts an existing list at once.
    EXPECT_EQ(RecentFiles::add(list, "/m/3.glb", 2), (QStringList{"/m/3.glb", "/m/7.glb"}));
}

TEST(RecentFilesTest, EdgeCases)
{
    const QStringList list{"/m/a.glb", "/m/b.glb"};
    EXPECT_TRUE(RecentFiles::add(list, "/m/c.glb", 0).isEmpty());
    EXPECT_TRUE(RecentFiles::add(list, "/m/c.glb", -1).isEmpty());
    EXPECT_EQ(RecentFiles::add(list, QString(), 10), list);
    EXPECT_EQ(RecentFiles::add(list, QString(), 1), QStringList{"/m/a.glb"});
}

TEST(RecentFilesTest, SaveLoadRoundTripKeepsMissingFiles)
{
    TempIni ini;
    const QStringList files{"/does/not/exist.glb", "/m/with, comma.glb", "/m/ünïcode rig.fbx"};
    {
        auto settings = ini.open();
        RecentFiles::save(*settings, files);
    }
    auto settings = ini.open();
    EXPECT_EQ(RecentFiles::load(*settings), files);
}

TEST(RecentFilesTest, LoadDropsBlankEntriesAndToleratesNothingStored)
{
    TempIni ini;
    EXPECT_TRUE(RecentFiles::load(*ini.open()).isEmpty());
    {
        auto settings = ini.open();
        RecentFiles::save(*settings, {"/m/a.glb", "", "  ", "/m/b.glb"});
    }
    EXPECT_EQ(RecentFiles::load(*ini.open()), (QStringList{"/m/a.glb", "/m/b.glb"}));
    {
        auto settings = ini.open();
        RecentFiles::save(*settings, {});
    }
    EXPECT_TRUE(RecentFiles::load(*ini.open()).isEmpty());
}

} // namespace
} // namespace marrow::test
