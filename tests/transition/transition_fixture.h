// SPDX-License-Identifier: MIT
#pragma once
// The editor on the bundled sample with the Transitions dock in front and a
// transition idle -> stride made through it, as a user would.
#include "tests/document/document_fixture.h"
#include "tests/editor/editor_fixture.h"

#include "app/editor/editor_docks.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "core/workspace/transition_preview.h"
#include "widgets/transitions/transition_fields.h"
#include "widgets/transitions/transitions_panel.h"

#include <QComboBox>
#include <QDockWidget>
#include <QToolButton>

namespace marrow::test {

class TransitionEditorTest : public EditorTest {
protected:
    ui::TransitionsPanel& panel() { return *window().docks().transitionsPanel; }
    ws::TransitionPreview& preview() { return window().transitionPreview(); }

    // Picks idle as the active clip, presses New in the dock and chooses
    // stride as clip B; returns the new transition's index.
    int makeIdleToStride()
    {
        const model::Rig& rig = window().document().rig();
        const int idle = rig.findClip("idle"), stride = rig.findClip("stride");
        EXPECT_GE(idle, 0);
        EXPECT_GE(stride, 0);
        window().docks().transitions->raise();
        window().selection().setActiveClip(idle);
        auto* newButton = panel().findChild<QToolButton*>();  // the first button is New
        EXPECT_TRUE(newButton && newButton->text() == "New");
        QTest::mouseClick(newButton, Qt::LeftButton);
        QComboBox* b = panel().fields()->clipB();
        b->setCurrentIndex(stride);
        emit b->activated(stride);  // what a user's pick sends
        const int index = preview().active();
        EXPECT_GE(index, 0);
        EXPECT_EQ(rig.transitions[static_cast<std::size_t>(index)].clipB, stride);
        QApplication::processEvents();
        return index;
    }
};

} // namespace marrow::test
