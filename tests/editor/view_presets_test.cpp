// SPDX-License-Identifier: MIT
// Blender's numpad views in the viewport (issue 18, "Views and selection"):
// the keys come in through the window with the pointer over the viewport,
// as the window system sends them; View › Viewpoint does the same; the
// corner names the view; bones are picked in the orthographic front view.
// With MARROW_SHOT_DIR set, the front orthographic window is saved there as
// front_ortho.png.
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/preferences/editor_settings.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QDir>
#include <QMenu>
#include <QMenuBar>

#include <glm/gtc/constants.hpp>

namespace marrow::test {
namespace {

class ViewPresetsTest : public EditorTest {
protected:
    ui::ViewportWidget& viewport() { return window().viewport(); }
    ui::OrbitCamera& camera() { return viewport().camera(); }
    void hoverViewport()
    {
        // The focus elsewhere: the key must follow the pointer.
        window().boneTree().setFocus();
        QTest::mouseMove(&viewport(), viewport().rect().center());
        QApplication::processEvents();
        ASSERT_EQ(QApplication::widgetAt(QCursor::pos()), &viewport());
    }
    void numpad(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QTest::keyClick(window().windowHandle(), key, modifiers | Qt::KeypadModifier);
        QApplication::processEvents();
    }
    QAction* viewpointAction(const QString& text)
    {
        auto* menu = window().findChild<QMenu*>(QStringLiteral("ViewpointMenu"));
        if (!menu)
            return nullptr;
        for (QAction* action : menu->actions())
            if (action->text().remove(QLatin1Char('&')) == text)
                return action;
        return nullptr;
    }
    void expectView(ui::AxisView view, const glm::vec3& forward)
    {
        ASSERT_TRUE(camera().axisView().has_value());
        EXPECT_EQ(*camera().axisView(), view);
        EXPECT_NEAR(glm::distance(camera().forward(), forward), 0.f, 1e-5f);
    }
    // Light grey text pixels in the view's top-left corner (the view's name).
    int titlePixels()
    {
        const QImage image = viewport().grabFramebuffer();
        int n = 0;
        for (int y = 4; y < 30 && y < image.height(); ++y)
            for (int x = 6; x < 160 && x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                n += c.red() > 150 && std::abs(c.red() - c.green()) < 8 && std::abs(c.red() - c.blue()) < 8;
            }
        return n;
    }
};

TEST_F(ViewPresetsTest, NumpadKeysOverTheViewportTurnToTheAxisViews)
{
    ASSERT_FALSE(camera().orthographic());
    ASSERT_FALSE(camera().axisView().has_value());
    hoverViewport();
    numpad(Qt::Key_1);
    expectView(ui::AxisView::Front, {0.f, 0.f, -1.f});
    EXPECT_TRUE(camera().orthographic()) << "auto perspective: an axis view is orthographic";
    EXPECT_TRUE(viewport().hasFocus());
    numpad(Qt::Key_1, Qt::ControlModifier);
    expectView(ui::AxisView::Back, {0.f, 0.f, 1.f});
    numpad(Qt::Key_3);
    expectView(ui::AxisView::Right, {-1.f, 0.f, 0.f});
    numpad(Qt::Key_3, Qt::ControlModifier);
    expectView(ui::AxisView::Left, {1.f, 0.f, 0.f});
    numpad(Qt::Key_7);
    expectView(ui::AxisView::Top, {0.f, -1.f, 0.f});
    EXPECT_FLOAT_EQ(camera().pitch(), glm::half_pi<float>());
    numpad(Qt::Key_7, Qt::ControlModifier);
    expectView(ui::AxisView::Bottom, {0.f, 1.f, 0.f});
    EXPECT_TRUE(camera().orthographic());

    // The Maya keymap keeps them.
    ui::EditorSettings maya = window().settings();
    maya.navigation = ui::EditorSettings::Navigation::Maya;
    window().applySettings(maya);
    hoverViewport();
    numpad(Qt::Key_3);
    expectView(ui::AxisView::Right, {-1.f, 0.f, 0.f});
}

TEST_F(ViewPresetsTest, FiveTogglesAndOrbitingAwayEndsTheAutomaticOrthographic)
{
    hoverViewport();
    const float yaw = camera().yaw();
    // Top-row digits and numpad 0 (Blender's camera view) are not views.
    QTest::keyClick(window().windowHandle(), Qt::Key_1);
    numpad(Qt::Key_0);
    EXPECT_EQ(camera().yaw(), yaw);
    EXPECT_FALSE(camera().orthographic());
    numpad(Qt::Key_5);
    EXPECT_TRUE(camera().orthographic());
    numpad(Qt::Key_5);
    EXPECT_FALSE(camera().orthographic());

    numpad(Qt::Key_1);
    ASSERT_TRUE(camera().orthographic());
    // Orbit Left (Blender's numpad 4) moves the viewpoint 15 degrees to the
    // viewer's left round the target (the scene turns right): out of Front.
    numpad(Qt::Key_4);
    EXPECT_NEAR(camera().yaw(), glm::radians(-15.f), 1e-5f);
    EXPECT_LT(camera().eye().x, camera().target().x) << "the eye went left of the target";
    EXPECT_FALSE(camera().axisView().has_value());
    EXPECT_FALSE(camera().orthographic()) << "back to perspective, as Blender's auto perspective";
    numpad(Qt::Key_8);
    EXPECT_NEAR(camera().pitch(), glm::radians(15.f), 1e-5f);

    // A middle-button orbit drag leaves the axis view the same way.
    numpad(Qt::Key_1);
    ASSERT_TRUE(camera().orthographic());
    const QPoint c = viewport().rect().center();
    QTest::mousePress(&viewport(), Qt::MiddleButton, {}, c);
    QTest::mouseMove(&viewport(), c + QPoint(30, 0));
    QTest::mouseRelease(&viewport(), Qt::MiddleButton, {}, c + QPoint(30, 0));
    EXPECT_FALSE(camera().orthographic());
}

TEST_F(ViewPresetsTest, TheViewpointMenuTurnsTheViewAndShowsTheNumpadKeys)
{
    auto* menu = window().findChild<QMenu*>(QStringLiteral("ViewpointMenu"));
    ASSERT_TRUE(menu);
    bool inView = false;
    for (QAction* top : window().menuBar()->actions())
        if (top->menu() && top->text().remove(QLatin1Char('&')) == QStringLiteral("View"))
            inView = top->menu()->actions().contains(menu->menuAction());
    EXPECT_TRUE(inView) << "Viewpoint is a submenu of View";
    for (const QString& name : {QStringLiteral("Front"), QStringLiteral("Back"), QStringLiteral("Right"),
                                QStringLiteral("Left"), QStringLiteral("Top"), QStringLiteral("Bottom"),
                                QStringLiteral("Perspective/Orthographic")})
        EXPECT_TRUE(viewpointAction(name)) << name.toStdString();
    ASSERT_TRUE(viewpointAction(QStringLiteral("Back")));
    EXPECT_EQ(viewpointAction(QStringLiteral("Back"))->shortcut(),
              QKeySequence(Qt::ControlModifier | Qt::KeypadModifier | Qt::Key_1));

    viewpointAction(QStringLiteral("Right"))->trigger();
    expectView(ui::AxisView::Right, {-1.f, 0.f, 0.f});
    EXPECT_TRUE(camera().orthographic());
    viewpointAction(QStringLiteral("Perspective/Orthographic"))->trigger();
    EXPECT_FALSE(camera().orthographic());
    viewpointAction(QStringLiteral("Top"))->trigger();
    expectView(ui::AxisView::Top, {0.f, -1.f, 0.f});
}

TEST_F(ViewPresetsTest, TheCornerNamesTheView)
{
    EXPECT_GT(titlePixels(), 20) << "User Perspective is written in the corner";
    hoverViewport();
    numpad(Qt::Key_1);
    EXPECT_EQ(ui::viewTitle(camera()), QStringLiteral("Front Orthographic"));
    EXPECT_GT(titlePixels(), 20);
    if (const QByteArray dir = qgetenv("MARROW_SHOT_DIR"); !dir.isEmpty()) {
        viewport().update();
        QTest::qWait(100);
        EXPECT_TRUE(window().grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("front_ortho.png"))));
    }
}

TEST_F(ViewPresetsTest, ClickingABoneInTheFrontOrthographicViewSelectsIt)
{
    hoverViewport();
    numpad(Qt::Key_1);
    ASSERT_TRUE(camera().orthographic());
    window().selection().clearJoints();
    viewport().setHeatMap(false);
    const auto found = window().document().rig().skeleton.find("thigh_R");
    ASSERT_TRUE(found.has_value());
    const model::JointIndex joint = *found;
    const auto where = viewport().boneScreenPosition(joint);
    ASSERT_TRUE(where.has_value());
    QTest::mouseClick(&viewport(), Qt::LeftButton, {}, where->toPoint());
    ASSERT_EQ(window().selection().joints().size(), 1);
    EXPECT_EQ(window().selection().joints().front(), joint);
    // Drawn where it was picked: the selected bone's orange is under the click.
    const QImage frame = viewport().grabFramebuffer();
    const qreal dpr = viewport().devicePixelRatioF();
    if (const QByteArray dir = qgetenv("MARROW_SHOT_DIR"); !dir.isEmpty())
        frame.save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("front_ortho_pick.png")));
    // Beside the exact midpoint: seen straight on, the bone's front ridge
    // is drawn there as a dark outline.
    const QPoint centre(qRound(where->x() * dpr), qRound(where->y() * dpr));
    int orange = 0;
    for (int dy = -3; dy <= 3; ++dy)
        for (int dx = -3; dx <= 3; ++dx) {
            const QColor c = frame.pixelColor(centre + QPoint(dx, dy));
            orange += c.red() > c.blue() + 60 && c.red() > 150;
        }
    EXPECT_GE(orange, 4) << "the selected bone's orange under the click";
}

} // namespace
} // namespace marrow::test
