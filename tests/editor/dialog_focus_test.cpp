// SPDX-License-Identifier: MIT
// After a dialog closes the keyboard is the main window's again (issue 18):
// its last focused area has the focus and a Ctrl shortcut works at once.
// Xvfb runs no window manager here, the case where the key used to be lost.
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "widgets/inspector/inspector_panel.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"

#include <QDoubleSpinBox>
#include <QMessageBox>
#include <QTimer>

namespace marrow::test {
namespace {

TEST_F(EditorTest, AfterAMessageBoxClosesTheLastAreaHasTheKeysAndCtrlZUndoes)
{
    // An undoable edit to take back afterwards.
    window().selection().selectJoint(window().document().rig().skeleton.find("head").value_or(-1));
    QApplication::processEvents();
    QDoubleSpinBox* box = window().inspector().translationBox(1);
    box->setValue(box->value() + 0.5);
    ASSERT_EQ(window().document().poseOverrides().size(), 1u);

    ui::KeyTrackView* tracks = window().timeline().keyTrackView();
    tracks->setFocus();
    QApplication::processEvents();
    ASSERT_TRUE(tracks->hasFocus());

    QMessageBox message(QMessageBox::Information, QStringLiteral("Marrow"), QStringLiteral("Opened."),
                        QMessageBox::Ok, &window());
    bool shown = false;
    QTimer::singleShot(200, &message, [&] {
        shown = message.isVisible();
        message.accept();
    });
    message.exec();
    ASSERT_TRUE(shown);
    QTest::qWait(200);

    EXPECT_EQ(QApplication::activeWindow(), &window()) << "the main window is active again";
    EXPECT_TRUE(tracks->hasFocus()) << "the dope sheet has the keys again";
    QTest::keyClick(window().windowHandle(), Qt::Key_Z, Qt::ControlModifier);
    QApplication::processEvents();
    EXPECT_TRUE(window().document().poseOverrides().empty()) << "Ctrl+Z right after the dialog undid the edit";
}

} // namespace
} // namespace marrow::test
