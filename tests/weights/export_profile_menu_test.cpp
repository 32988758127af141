// SPDX-License-Identifier: MIT
// Weights › Export Profile in the editor (issue 23, label weights): the
// checks show the document's profile; choosing 4 Influences and 8-bit
// Weights sets it, one undo entry each, and Ctrl+Z puts the checks back.
#include "tests/document/document_fixture.h"
#include "tests/editor/editor_fixture.h"

#include "app/editor/weights_menu.h"

#include <QAction>

using namespace marrow;

using ExportProfileMenuTest = test::EditorTest;

TEST_F(ExportProfileMenuTest, ChoosingSetsTheDocumentsProfileAndUndoes)
{
    const app::ExportProfileMenu& menu = window().weightsMenu().exportProfile;
    ASSERT_NE(menu.menu, nullptr);
    EXPECT_TRUE(menu.eight->isChecked());
    EXPECT_TRUE(menu.asFloat->isChecked());
    doc::Document& d = window().document();
    const std::string before = test::bytesOf(d);
    menu.four->trigger();
    menu.as8->trigger();
    EXPECT_EQ(d.exportProfile(), (model::ExportProfile{4, model::WeightStorage::U8}));
    EXPECT_EQ(d.undoStack()->count(), 2);
    EXPECT_EQ(d.undoStack()->undoText(), QStringLiteral("Set Export Profile"));
    d.undoStack()->undo();
    EXPECT_TRUE(menu.asFloat->isChecked()) << "the checks follow undo";
    EXPECT_TRUE(menu.four->isChecked());
    d.undoStack()->undo();
    EXPECT_TRUE(menu.eight->isChecked());
    EXPECT_EQ(test::bytesOf(d), before);
}
