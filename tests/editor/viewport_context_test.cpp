// SPDX-License-Identifier: MIT
// A viewport moved to another window (as a floated or re-docked panel is)
// gets a new GL context: the old one's objects are freed on
// aboutToBeDestroyed and everything is uploaded again into the new one, so
// the model still draws.
#include "app/editor/editor_options.h"
#include "core/document/document.h"
#include "core/document/document_io.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/viewport_widget.h"

#include <QTest>
#include <QVBoxLayout>

#include <gtest/gtest.h>

#include <memory>
#include <set>

namespace marrow::test {
namespace {

std::size_t distinctColours(const QImage& image)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    return colours.size();
}

TEST(ViewportContext, MovingToAnotherWindowUploadsAgainAndStillDraws)
{
    doc::Document document;
    ASSERT_FALSE(doc::openDocument(document, app::bundledSamplePath()).has_value());
    ws::Playback playback;
    ws::Selection selection(&document);
    ws::PoseEvaluator evaluator(&document, &playback, &selection);
    selection.setActiveClip(0);

    auto first = std::make_unique<QWidget>();
    auto* viewport = new ui::ViewportWidget(&document, &selection, &evaluator, first.get());
    (new QVBoxLayout(first.get()))->addWidget(viewport);
    first->resize(400, 300);
    first->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(first.get()));
    const QImage before = viewport->grabFramebuffer();
    EXPECT_GT(distinctColours(before), 30u);
    const std::size_t uploadedInFirst = viewport->bytesUploaded();
    ASSERT_GT(uploadedInFirst, 0u);

    QWidget second;
    (new QVBoxLayout(&second))->addWidget(viewport);  // reparents: a new context
    second.resize(400, 300);
    second.show();
    first.reset();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&second));
    const QImage after = viewport->grabFramebuffer();
    EXPECT_TRUE(viewport->renderError().isEmpty()) << viewport->renderError().toStdString();
    EXPECT_GT(distinctColours(after), 30u);
    // The mesh went up again into the new context.
    EXPECT_GE(viewport->bytesUploaded(), 2 * uploadedInFirst - uploadedInFirst / 10);
}

} // namespace
} // namespace marrow::test
