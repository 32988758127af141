// SPDX-License-Identifier: MIT
#pragma once
// The editor on the painting sample (marrow_character.gltf) in Weight Paint
// mode, with helpers to project posed points to the viewport and to drag
// the brush with real mouse events. Runs under xvfb-run (xcb).
#include "app/editor/document_controller.h"
#include "app/editor/editor_options.h"
#include "app/editor/main_window.h"
#include "core/document/document.h"
#include "core/skin/weight_ops.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/viewport/weight_brush_tool.h"

#include <QApplication>
#include <QCursor>
#include <QMouseEvent>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>
#include "shared_models.h"

namespace marrow::test {

class PaintTest : public ::testing::Test {
protected:
    void SetUp() override { open(sample()); }
    // The file SetUp opens: the smooth painting sample unless a suite says otherwise.
    virtual QString sample() const { return app::defaultSamplePath(); }
    void TearDown() override
    {
        m_window->document().undoStack()->setClean();
        m_window->close();
        m_window.reset();
    }

    void open(const QString& file)
    {
        ASSERT_TRUE(m_stateDir.isValid());
        if (!m_window) {
            m_window = std::make_unique<app::MainWindow>(m_stateDir.path(), false);
            m_window->resize(1280, 800);
            m_window->show();
            ASSERT_TRUE(QTest::qWaitForWindowExposed(m_window.get()));
            m_window->activateWindow();
            ASSERT_TRUE(QTest::qWaitForWindowActive(m_window.get()));
            // Over no area, so keys go to the focus until a test moves the
            // pointer (see EditorTest).
            QCursor::setPos(m_window->statusBar()->mapToGlobal(m_window->statusBar()->rect().center()));
        }
        m_window->document().undoStack()->setClean();
        ASSERT_TRUE(m_window->openFile(file)) << m_window->files().lastError().toStdString();
        QTest::qWait(50);
        QApplication::processEvents();
    }

    app::MainWindow& window() { return *m_window; }
    ui::ViewportWidget& viewport() { return window().viewport(); }
    doc::Document& document() { return window().document(); }
    ws::BrushState& brush() { return window().brushState(); }
    const mesh::Mesh& mesh0() { return document().rig().meshes[0]; }

    model::JointIndex joint(const char* name) { return *document().rig().skeleton.find(name); }
    std::uint16_t skinJoint(model::JointIndex j)
    {
        const auto& joints = document().rig().skins[static_cast<std::size_t>(mesh0().skin)].joints;
        return static_cast<std::uint16_t>(std::find(joints.begin(), joints.end(), j) - joints.begin());
    }
    float weight(const mesh::SkinWeights& w, std::uint32_t v, std::uint16_t bone)
    {
        return skin::rowWeight(w.jointRow(v), w.weightRow(v), bone);
    }

    // Weight Paint mode on `bone`, with the brush radius in pixels.
    void paintMode(const char* bone, float radius)
    {
        window().selection().selectJoint(joint(bone));
        viewport().tools().setActiveTool(&window().brushTool());
        brush().setRadius(radius);
        settle();
    }
    // Lets the layout settle (entering the mode raises the paint dock, which
    // may resize the viewport) before points are projected to the screen.
    void settle()
    {
        QApplication::processEvents();
        QTest::qWait(30);
        QApplication::processEvents();
    }

    QPointF toScreen(const glm::vec3& world)
    {
        const glm::vec4 c = viewport().viewProjection() * glm::vec4(world, 1.f);
        return {(c.x / c.w * .5 + .5) * viewport().width(), (.5 - c.y / c.w * .5) * viewport().height()};
    }
    glm::vec3 jointWorld(const char* name) { return glm::vec3(window().evaluator().worlds()[static_cast<std::size_t>(joint(name))][3]); }

    // `count` points from a to b, both included.
    static std::vector<QPointF> line(QPointF a, QPointF b, int count)
    {
        std::vector<QPointF> out;
        for (int i = 0; i < count; ++i)
            out.push_back(a + (b - a) * (static_cast<double>(i) / (count - 1)));
        return out;
    }
    static double distanceToPath(QPointF p, const std::vector<QPointF>& path)
    {
        double best = 1e30;
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
            const QPointF ab = path[i + 1] - path[i];
            const double len2 = QPointF::dotProduct(ab, ab);
            const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - path[i], ab) / len2, 0., 1.) : 0.;
            const QPointF d = p - (path[i] + ab * t);
            best = std::min(best, std::hypot(d.x(), d.y()));
        }
        return best;
    }

    // A left-button drag through the points, as the user would make it.
    void drag(const std::vector<QPointF>& path, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        auto send = [&](QEvent::Type type, QPointF at, Qt::MouseButton button, Qt::MouseButtons buttons) {
            QMouseEvent e(type, at, viewport().mapToGlobal(at), button, buttons, modifiers);
            QApplication::sendEvent(&viewport(), &e);
        };
        send(QEvent::MouseMove, path.front(), Qt::NoButton, Qt::NoButton);
        send(QEvent::MouseButtonPress, path.front(), Qt::LeftButton, Qt::LeftButton);
        for (std::size_t i = 1; i < path.size(); ++i)
            send(QEvent::MouseMove, path[i], Qt::NoButton, Qt::LeftButton);
        send(QEvent::MouseButtonRelease, path.back(), Qt::LeftButton, Qt::NoButton);
        QApplication::processEvents();
    }

    // Vertices whose rows differ between two tables.
    static std::vector<std::uint32_t> changedRows(const mesh::SkinWeights& a, const mesh::SkinWeights& b)
    {
        std::vector<std::uint32_t> out;
        for (std::uint32_t v = 0; v < a.vertexCount(); ++v)
            if (!std::equal(a.jointRow(v).begin(), a.jointRow(v).end(), b.jointRow(v).begin())
                || !std::equal(a.weightRow(v).begin(), a.weightRow(v).end(), b.weightRow(v).begin()))
                out.push_back(v);
        return out;
    }

    QTemporaryDir m_stateDir;
    std::unique_ptr<app::MainWindow> m_window;
};

// A PaintTest run on each painting sample: the smooth one and its
// flat-shaded variant (every triangle its own vertices, as low-poly exports
// split them), so each behaviour holds where vertices are split too.
// Suites use TEST_P and MARROW_PAINT_ON_BOTH_SAMPLES(Suite).
class PaintSampleTest : public PaintTest, public ::testing::WithParamInterface<const char*> {
protected:
    QString sample() const override
    {
        return std::string_view(GetParam()) == "Flat" ? QString::fromStdString(test::flatSample()) : app::defaultSamplePath();
    }
    bool flat() const { return std::string_view(GetParam()) == "Flat"; }
};

#define MARROW_PAINT_ON_BOTH_SAMPLES(Suite)                                                                  \
    INSTANTIATE_TEST_SUITE_P(Samples, Suite, ::testing::Values("Smooth", "Flat"),                             \
                             [](const ::testing::TestParamInfo<const char*>& sample) { return std::string(sample.param); })

} // namespace marrow::test
