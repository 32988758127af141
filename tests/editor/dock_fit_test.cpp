// SPDX-License-Identifier: MIT
// Issue 18: at 1600x1000 and 1920x1080 the Weight Paint and Transitions docks
// show every option without a vertical scroll bar, their sections expanded
// as by default (Transitions' Foot slide folded); tabbed docks keep their whole
// titles. MARROW_DOCK_SHOTS=folder saves each window as a PNG there.
#include "app/editor/editor_docks.h"
#include "app/editor/editor_options.h"
#include "app/editor/main_window.h"
#include "core/document/document.h"
#include "widgets/common/collapsible_section.h"
#include "widgets/transitions/transitions_panel.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/viewport/weight_brush_tool.h"
#include "widgets/weight_paint/weight_paint_panel.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

namespace marrow::test {
namespace {

// The editor on the painting sample, shown at `size` as a first start would.
std::unique_ptr<app::MainWindow> openAt(const QTemporaryDir& state, QSize size)
{
    auto window = std::make_unique<app::MainWindow>(state.path(), false);
    EXPECT_TRUE(window->openFile(app::defaultSamplePath()));
    window->resize(size);
    window->show();
    EXPECT_TRUE(QTest::qWaitForWindowExposed(window.get()));
    QTest::qWait(50);
    QApplication::processEvents();
    return window;
}

void settle()
{
    for (int i = 0; i < 3; ++i) {
        QApplication::processEvents();
        QTest::qWait(20);
    }
}

// How far the dock's content would scroll (0: everything shows).
int overflow(const QDockWidget* dock)
{
    const auto* scroll = qobject_cast<const QScrollArea*>(dock->widget());
    EXPECT_NE(scroll, nullptr);
    return scroll ? scroll->verticalScrollBar()->maximum() : -1;
}

// Every section is unfolded as by default, except the named ones.
void expectDefaultSections(const QWidget* panel, const QStringList& folded = {})
{
    const auto sections = panel->findChildren<ui::CollapsibleSection*>();
    EXPECT_GE(sections.size(), 3);
    for (const ui::CollapsibleSection* s : sections)
        EXPECT_EQ(s->isExpanded(), !folded.contains(s->objectName())) << s->objectName().toStdString();
}

void saveShot(QWidget& window, const QString& name)
{
    const QString folder = qEnvironmentVariable("MARROW_DOCK_SHOTS");
    if (!folder.isEmpty())
        window.grab().save(QDir(folder).filePath(name));
}

class DockFitTest : public ::testing::TestWithParam<QSize> {};

TEST_P(DockFitTest, WeightPaintDockShowsEveryOptionWithoutScrolling)
{
    QTemporaryDir state;
    ASSERT_TRUE(state.isValid());
    auto window = openAt(state, GetParam());
    window->viewport().tools().setActiveTool(&window->brushTool());
    settle();
    const app::EditorDocks& docks = window->docks();
    ASSERT_TRUE(docks.weightPaint->isVisible());
    expectDefaultSections(docks.weightPaintPanel);
    EXPECT_EQ(overflow(docks.weightPaint), 0) << "dock height " << docks.weightPaint->height() << ", content needs "
                                              << docks.weightPaintPanel->minimumSizeHint().height();
    saveShot(*window, QStringLiteral("wp_dock_%1.png").arg(GetParam().width()));
    window->document().undoStack()->setClean();
}

TEST_P(DockFitTest, TransitionsDockShowsEveryOptionWithoutScrolling)
{
    QTemporaryDir state;
    ASSERT_TRUE(state.isValid());
    auto window = openAt(state, GetParam());
    const app::EditorDocks& docks = window->docks();
    docks.transitions->raise();
    settle();
    docks.transitionsPanel->newTransition();  // a transition shows every field enabled
    settle();
    ASSERT_TRUE(docks.transitions->isVisible());
    // Foot slide is a measurement that runs only while shown, Find best a
    // search on demand: folded.
    expectDefaultSections(docks.transitionsPanel,
                          {QStringLiteral("transitions.footSlide"), QStringLiteral("transitions.findBest")});
    EXPECT_EQ(overflow(docks.transitions), 0) << "dock height " << docks.transitions->height() << ", content needs "
                                              << docks.transitionsPanel->minimumSizeHint().height();
    saveShot(*window, QStringLiteral("transitions_dock_%1.png").arg(GetParam().width()));
    window->document().undoStack()->setClean();
}

// At 1280x800, five docks share the right-hand tab bar: each tab shows its
// whole title (three would read "Weight…"), and the bar scrolls instead.
TEST(DockTabs, TabbedDocksShowTheirWholeTitles)
{
    QTemporaryDir state;
    ASSERT_TRUE(state.isValid());
    auto window = openAt(state, QSize(1280, 800));
    settle();
    QStringList titles;
    for (const QTabBar* bar : window->findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        if (!bar->isVisible())
            continue;
        EXPECT_EQ(bar->elideMode(), Qt::ElideNone);
        EXPECT_TRUE(bar->usesScrollButtons());
        for (int i = 0; i < bar->count(); ++i) {
            titles << bar->tabText(i);
            const int needed = bar->fontMetrics().horizontalAdvance(bar->tabText(i));
            EXPECT_GE(bar->tabRect(i).width(), needed) << bar->tabText(i).toStdString();
        }
    }
    for (const char* title : {"Weight Paint", "Weight Table", "Weight Health"})
        EXPECT_TRUE(titles.contains(QString::fromLatin1(title))) << title << " in " << titles.join(QLatin1Char(',')).toStdString();
    window->document().undoStack()->setClean();
}

INSTANTIATE_TEST_SUITE_P(Sizes, DockFitTest, ::testing::Values(QSize(1600, 1000), QSize(1920, 1080)),
                         [](const auto& size) { return std::to_string(size.param.width()); });

} // namespace
} // namespace marrow::test
