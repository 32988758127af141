// SPDX-License-Identifier: MIT
// Help › Keyboard Shortcuts as the window opens it: a section per mode and
// per area, every row a key and an action, the tools' own keys taken from
// the tools (and handled by them), and a changed shortcut shown changed.
#include "app/editor/editor_actions.h"
#include "app/editor/key_actions.h"
#include "app/editor/select_actions.h"
#include "app/editor/shortcuts_dialog.h"
#include "editor_fixture.h"
#include "widgets/timeline/graph/graph_view.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/viewport/weight_brush_tool.h"

#include <QAction>
#include <QKeyEvent>

namespace marrow::test {
namespace {

using Row = app::ShortcutsDialog::Row;

class ShortcutsDialogTest : public EditorTest {
protected:
    // Opens the dialog through Help › Keyboard Shortcuts and reads its rows.
    QList<Row> openRows()
    {
        window().actions().keyboardShortcuts->trigger();
        const auto dialogs = window().findChildren<app::ShortcutsDialog*>();
        EXPECT_FALSE(dialogs.isEmpty());
        if (dialogs.isEmpty())
            return {};
        app::ShortcutsDialog* dialog = dialogs.back();
        const QList<Row> rows = dialog->rows();
        dialog->close();
        delete dialog;
        return rows;
    }
    static QList<Row> section(const QList<Row>& rows, const QString& title)
    {
        QList<Row> out;
        for (const Row& row : rows)
            if (row.section.startsWith(title))
                out << row;
        return out;
    }
    static bool has(const QList<Row>& rows, const QString& keys, const QString& actionPart = {})
    {
        for (const Row& row : rows)
            if (row.keys == keys && row.action.contains(actionPart, Qt::CaseInsensitive))
                return true;
        return false;
    }
    static std::string dump(const QList<Row>& rows)
    {
        QString out;
        for (const Row& row : rows)
            out += row.section + QStringLiteral(" | ") + row.keys + QStringLiteral(" | ") + row.action + u'\n';
        return out.toStdString();
    }
};

TEST_F(ShortcutsDialogTest, EveryModeAndAreaHasASectionAndEveryRowAKeyAndAnAction)
{
    const QList<Row> rows = openRows();
    for (const char* title : {"Everywhere", "Viewport", "Select mode", "Select menu", "Pose mode", "Weight Paint mode",
                              "Dope sheet", "Graph editor", "Viewport navigation"})
        EXPECT_FALSE(section(rows, QString::fromUtf8(title)).isEmpty()) << title << "\n" << dump(rows);
    for (const Row& row : rows) {
        EXPECT_FALSE(row.keys.trimmed().isEmpty()) << dump({row});
        EXPECT_FALSE(row.action.trimmed().isEmpty()) << dump({row});
    }
}

TEST_F(ShortcutsDialogTest, EachModeListsItsKeys)
{
    const QList<Row> rows = openRows();
    const QList<Row> paint = section(rows, QStringLiteral("Weight Paint mode"));
    for (const char* keys : {"F", "Shift+F", "[", "]", "Ctrl+drag", "Shift+drag", "Ctrl+click"})
        EXPECT_TRUE(has(paint, QString::fromUtf8(keys))) << keys << "\n" << dump(rows);
    const QList<Row> pose = section(rows, QStringLiteral("Pose mode"));
    for (const char* keys : {"G", "R", "S", "I", "K", "Alt+I", "Alt+G", "Alt+R", "Alt+S"})
        EXPECT_TRUE(has(pose, QString::fromUtf8(keys))) << keys << "\n" << dump(rows);
    const QList<Row> select = section(rows, QStringLiteral("Select menu"));
    EXPECT_TRUE(has(select, QStringLiteral("A"), QStringLiteral("All"))) << dump(rows);
    EXPECT_TRUE(has(select, QStringLiteral("Alt+A"), QStringLiteral("None"))) << dump(rows);
    EXPECT_TRUE(has(select, QStringLiteral("Ctrl+I"), QStringLiteral("Invert"))) << dump(rows);
    EXPECT_TRUE(has(section(rows, QStringLiteral("Select mode")), QStringLiteral("Click"))) << dump(rows);
    EXPECT_TRUE(has(section(rows, QStringLiteral("Dope sheet")), QStringLiteral("G"), QStringLiteral("Move"))) << dump(rows);
    const QList<Row> graph = section(rows, QStringLiteral("Graph editor"));
    EXPECT_TRUE(has(graph, QStringLiteral("V"), QStringLiteral("Handle"))) << dump(rows);
    EXPECT_TRUE(has(graph, QStringLiteral("Home"))) << dump(rows);
    // A mode's keys are listed under the mode, not again under Everywhere.
    EXPECT_FALSE(has(section(rows, QStringLiteral("Everywhere")), QStringLiteral("Alt+I"))) << dump(rows);
}

// A listed key that is a plain key sequence is one the tool or the graph
// takes itself, so the list cannot promise what the code does not do.
TEST_F(ShortcutsDialogTest, ListedToolAndGraphKeysAreHandledThere)
{
    const QList<Row> rows = openRows();
    const auto keyEventFor = [](const QString& text, QEvent::Type type) -> std::unique_ptr<QKeyEvent> {
        const QKeySequence sequence = QKeySequence::fromString(text, QKeySequence::NativeText);
        if (sequence.count() != 1 || sequence[0].key() == Qt::Key_unknown)
            return nullptr;
        return std::make_unique<QKeyEvent>(type, sequence[0].key(), sequence[0].keyboardModifiers());
    };
    // The brush's own list is what the dialog shows, and its keys are the brush's.
    const QList<Row> paint = section(rows, QStringLiteral("Weight Paint mode"));
    int checked = 0;
    for (const ui::KeyBinding& binding : window().brushTool().keyHelp()) {
        EXPECT_TRUE(has(paint, binding.keys, binding.action)) << binding.keys.toStdString() << "\n" << dump(rows);
        if (binding.keys.contains(QStringLiteral("click"), Qt::CaseInsensitive) ||
            binding.keys.contains(QStringLiteral("drag"), Qt::CaseInsensitive))
            continue;  // a mouse gesture
        const auto event = keyEventFor(binding.keys, QEvent::KeyPress);
        ASSERT_TRUE(event) << binding.keys.toStdString();
        EXPECT_TRUE(window().brushTool().claimsKey(*event)) << binding.keys.toStdString();
        ++checked;
    }
    EXPECT_GE(checked, 4);  // F, Shift+F, [ and ]
    checked = 0;
    for (const Row& row : section(rows, QStringLiteral("Graph editor"))) {
        const auto event = keyEventFor(row.keys, QEvent::ShortcutOverride);
        if (!event)
            continue;
        // Straight to the view (no routing filters): does it take the key before any shortcut?
        event->ignore();
        QObject* graph = window().timeline().graphView();
        EXPECT_TRUE(graph->event(event.get()) && event->isAccepted()) << dump({row});
        ++checked;
    }
    EXPECT_GE(checked, 3);
}

TEST_F(ShortcutsDialogTest, AChangedShortcutShowsChanged)
{
    QAction* insert = window().keyActions().insertKeys;
    const QString text = insert->text().remove(u'&');
    ASSERT_TRUE(has(section(openRows(), QStringLiteral("Pose mode")), QStringLiteral("I"), text));
    insert->setShortcut(QKeySequence(Qt::Key_J));
    QList<Row> pose = section(openRows(), QStringLiteral("Pose mode"));
    EXPECT_TRUE(has(pose, QStringLiteral("J"), text)) << dump(pose);
    EXPECT_FALSE(has(pose, QStringLiteral("I"), text)) << dump(pose);

    // The Maya keymap: Select All moves to Ctrl+Shift+A, and G/R/S are no longer the Pose tool's.
    ui::EditorSettings maya = window().settings();
    maya.navigation = ui::EditorSettings::Navigation::Maya;
    window().applySettings(maya);
    const QList<Row> rows = openRows();
    EXPECT_TRUE(has(section(rows, QStringLiteral("Select menu")), QStringLiteral("Ctrl+Shift+A"), QStringLiteral("All")))
        << dump(rows);
    EXPECT_FALSE(has(section(rows, QStringLiteral("Select menu")), QStringLiteral("A"), QStringLiteral("All")))
        << dump(rows);
    EXPECT_FALSE(has(section(rows, QStringLiteral("Pose mode")), QStringLiteral("G"))) << dump(rows);
    EXPECT_TRUE(has(section(rows, QStringLiteral("Pose mode")), QStringLiteral("E"), QStringLiteral("Rotate")))
        << dump(rows);
}

} // namespace
} // namespace marrow::test
