// SPDX-License-Identifier: MIT
// View › Bone Display (issue 36 item 7: octahedral bones hid the rigid
// meshes they carry): on the bundled character, every bone lies inside the
// body, so with Bones In Front off the frame is the frame without bones
// (the mesh hides them); in front, octahedral bones change many pixels,
// sticks fewer, wires some. The menu sets the viewport's display and the
// choice survives a save and load of the view settings.
#include "app/editor/bone_display_menu.h"
#include "editor_fixture.h"
#include "widgets/viewport/viewport_widget.h"

#include <QImage>
#include <QMenu>
#include <QSettings>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>

namespace marrow::test {
namespace {

QImage frameWith(ui::ViewportWidget& viewport, bool bones, gl::BoneDisplay display)
{
    viewport.setShowBones(bones);
    viewport.setBoneDisplay(display);
    QApplication::processEvents();
    QImage frame = viewport.grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    // MARROW_TEST_SHOTS=<dir> keeps each frame to look at.
    if (const char* dir = std::getenv("MARROW_TEST_SHOTS"))
        frame.save(QStringLiteral("%1/bones_%2_%3_%4.png")
                       .arg(QString::fromUtf8(dir))
                       .arg(bones)
                       .arg(static_cast<int>(display.shape))
                       .arg(display.inFront));
    return frame;
}

// Pixels that differ by more than a little in any channel.
int differing(const QImage& a, const QImage& b)
{
    int n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            n += std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q)) > 24;
        }
    return n;
}

TEST_F(EditorTest, BoneDisplayShapesAndInFrontAsBlenderDrawsThem)
{
    ui::ViewportWidget& viewport = window().viewport();
    using gl::BoneShape;
    const QImage none = frameWith(viewport, false, {});
    const int octahedral = differing(frameWith(viewport, true, {BoneShape::Octahedral, true}), none);
    const int stick = differing(frameWith(viewport, true, {BoneShape::Stick, true}), none);
    const int wire = differing(frameWith(viewport, true, {BoneShape::Wire, true}), none);
    const int behind = differing(frameWith(viewport, true, {BoneShape::Octahedral, false}), none);
    std::printf("[bone display] pixels changed by the bones: octahedral %d, stick %d, wire %d, not in front %d\n",
                octahedral, stick, wire, behind);
    EXPECT_GT(octahedral, 2000);
    EXPECT_GT(stick, 200);
    EXPECT_LT(stick, octahedral * 3 / 5) << "sticks are thinner than octahedra";
    EXPECT_GT(wire, 200);
    EXPECT_LT(wire, octahedral) << "wires draw no faces";
    EXPECT_LT(behind, octahedral / 10) << "the body hides bones that are not in front";
}

TEST_F(EditorTest, TheBoneDisplayMenuSetsTheViewportAndTheSettingsKeepIt)
{
    ui::ViewportWidget& viewport = window().viewport();
    QAction* stick = window().findChild<QAction*>(QStringLiteral("boneShape_stick"));
    QAction* inFront = window().findChild<QAction*>(QStringLiteral("bonesInFront"));
    ASSERT_TRUE(stick && inFront) << "View › Bone Display holds Stick and Bones In Front";
    EXPECT_TRUE(inFront->isChecked()) << "bones draw in front by default";
    stick->trigger();
    inFront->trigger();
    EXPECT_EQ(viewport.boneDisplay(), (gl::BoneDisplay{gl::BoneShape::Stick, false}));

    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("view.ini")), QSettings::IniFormat);
    app::saveBoneDisplay(settings, viewport);
    viewport.setBoneDisplay({});
    app::loadBoneDisplay(settings, viewport);
    EXPECT_EQ(viewport.boneDisplay(), (gl::BoneDisplay{gl::BoneShape::Stick, false}));
    settings.setValue("view/boneShape", "blobs");  // hand-edited nonsense keeps what the viewport has
    app::loadBoneDisplay(settings, viewport);
    EXPECT_EQ(viewport.boneDisplay().shape, gl::BoneShape::Stick);
}

} // namespace
} // namespace marrow::test
