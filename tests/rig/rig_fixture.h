// SPDX-License-Identifier: MIT
#pragma once
// Edit Skeleton through the real window (label rig): keys go to the
// viewport as a user's hands would send them (Tab, E, G X 0 . 2 5 Enter...),
// with helpers to read rest positions and to move a joint to a point by
// typed, axis-constrained grabs.
#include "app/editor/status_bar_presenter.h"
#include "core/model/mesh_bind.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "tests/document/document_fixture.h"
#include "tests/editor/editor_fixture.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QLabel>
#include <QUndoStack>

#include <cmath>
#include <string>

namespace marrow::test {

class RigEditTest : public EditorTest {
protected:
    void SetUp() override
    {
        EditorTest::SetUp();
        if (HasFatalFailure())
            return;
        for (ui::ViewportTool* tool : viewport().tools().tools())
            if (auto* pose = qobject_cast<ui::PoseTool*>(tool))
                m_tool = pose;
        ASSERT_TRUE(m_tool) << "no Pose tool";
        focusViewport();
    }

    void focusViewport()
    {
        viewport().setFocus();
        hoverTo(QPointF(viewport().width() / 2.0, viewport().height() / 2.0));
        QApplication::processEvents();
    }
    ui::ViewportWidget& viewport() { return window().viewport(); }
    doc::Document& document() { return window().document(); }
    QUndoStack& stack() { return *document().undoStack(); }
    QAction* action(const char* name)
    {
        auto* a = window().findChild<QAction*>(QString::fromLatin1(name));
        EXPECT_NE(a, nullptr) << name;
        return a;
    }
    bool editing() { return window().evaluator().editSkeleton(); }
    QString modeText() { return window().statusPresenter().modeLabel()->text(); }
    anim::JointIndex joint(const std::string& name)
    {
        const auto j = document().rig().skeleton.find(name);
        EXPECT_TRUE(j) << name;
        return j.value_or(0);
    }
    glm::vec3 restAt(anim::JointIndex j)
    {
        return glm::vec3(model::restWorlds(document().rig().skeleton)[static_cast<std::size_t>(j)][3]);
    }
    void key(Qt::Key k, Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        QTest::keyClick(&viewport(), k, mods);
        QApplication::processEvents();
    }
    void type(const std::string& text)
    {
        for (char c : text)
            key(c == '-' ? Qt::Key_Minus : c == '.' ? Qt::Key_Period : static_cast<Qt::Key>(Qt::Key_0 + (c - '0')));
    }
    void hoverTo(const QPointF& at)
    {
        QMouseEvent move(QEvent::MouseMove, at, viewport().mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(&viewport(), &move);
    }
    // G, an axis, the offset typed, Enter: one grab per axis that must move.
    void moveTo(anim::JointIndex j, const glm::vec3& target)
    {
        window().selection().selectJoint(j);
        QApplication::processEvents();
        const Qt::Key axes[] = {Qt::Key_X, Qt::Key_Y, Qt::Key_Z};
        for (int a = 0; a < 3; ++a) {
            const float delta = target[a] - restAt(j)[a];
            if (std::abs(delta) < 5e-5f)
                continue;
            char text[32];
            std::snprintf(text, sizeof text, "%.4f", static_cast<double>(delta));
            key(Qt::Key_G);
            key(axes[a]);
            type(text);
            key(Qt::Key_Return);
        }
    }

    // Every skinned mesh's positions as the evaluator has them (a rigid prop
    // rides on its joint, as it should, so it is left out).
    std::vector<glm::vec3> skinnedPositions()
    {
        QApplication::processEvents();
        std::vector<glm::vec3> all;
        const auto& meshes = document().rig().meshes;
        for (std::size_t m = 0; m < meshes.size(); ++m)
            if (meshes[m].skinned()) {
                const auto p = window().evaluator().skinnedPositions(static_cast<model::MeshId>(m));
                all.insert(all.end(), p.begin(), p.end());
            }
        return all;
    }

    ui::PoseTool* m_tool = nullptr;
};

} // namespace marrow::test
