// SPDX-License-Identifier: MIT
#pragma once
// The editor in Weight Paint mode on a rig of several skinned meshes
// (BCN_Epileptic.X: Torso, Head, Legs), bones hidden so a Ctrl+click lands
// on a mesh, with helpers to find a screen point on one mesh and to hover
// and press keys as the window system delivers them.
#include "paint_fixture.h"
#include "shared_models.h"

#include "core/workspace/mesh_visibility.h"
#include "core/workspace/weight_paint_session.h"
#include "app/editor/editor_actions.h"
#include "widgets/viewport/renderer/renderer.h"
#include "widgets/weight_paint/mesh_chooser.h"
#include "widgets/weight_paint/paint_bone_list.h"
#include "widgets/weight_paint/weight_paint_panel.h"

#include <QAction>
#include <QCursor>
#include <QWindow>

#include <algorithm>

namespace marrow::test {

class PaintMeshesTest : public PaintTest {
protected:
    static constexpr model::MeshId kTorso = 0, kHead = 1, kLegs = 2;

    QString sample() const override { return QString::fromStdString(model("assimp/models/X/BCN_Epileptic.X")); }
    void SetUp() override
    {
        PaintTest::SetUp();
        ASSERT_EQ(document().rig().meshes.size(), 3u);
        openedOn = window().selection().activeMesh();
        window().selection().setActiveMesh(kTorso);  // the tests start from the torso
        window().actions().bones->setChecked(false);
        paintMode(document().rig().skeleton.names[3].c_str(), 20.f);
    }

    model::MeshId openedOn = -1;  // the active mesh the file opened on

    ui::WeightPaintPanel& panel() { return *window().docks().weightPaintPanel; }
    ui::MeshChooser& chooser() { return *panel().meshChooser(); }
    ws::MeshVisibility& visibility() { return window().meshVisibility(); }

    mesh::Ray rayAt(QPointF p)
    {
        const ui::Ray r = viewport().camera().rayThrough(static_cast<float>(p.x()), static_cast<float>(p.y()),
                                                         static_cast<float>(viewport().width()),
                                                         static_cast<float>(viewport().height()));
        return {r.origin, r.direction};
    }
    // The mesh nearest the eye at a viewport point among the shown ones (-1 none).
    model::MeshId meshAt(QPointF p)
    {
        const auto hit = window().paintSession().pick(rayAt(p));
        return hit ? hit->mesh : -1;
    }
    // A point well inside the viewport where `mesh` is the nearest surface,
    // as near the middle of its vertices on screen as can be found.
    QPointF pointOn(model::MeshId mesh)
    {
        const auto posed = window().evaluator().skinnedPositions(mesh);
        QPointF centre;
        for (const glm::vec3& p : posed)
            centre += toScreen(p) / static_cast<double>(posed.size());
        std::vector<QPointF> points;
        for (const glm::vec3& p : posed)
            points.push_back(toScreen(p));
        std::sort(points.begin(), points.end(), [&](QPointF a, QPointF b) {
            return QLineF(a, centre).length() < QLineF(b, centre).length();
        });
        const QRectF inside = QRectF(viewport().rect()).adjusted(30, 30, -30, -30);
        for (const QPointF& p : points)
            if (inside.contains(p) && meshAt(p) == mesh && meshAt(p + QPointF(3, 3)) == mesh)
                return p;
        ADD_FAILURE() << "no point of mesh " << mesh << " is on screen";
        return {};
    }

    // A real pointer move over the viewport, so keys go there.
    void hoverViewport(QPointF at)
    {
        QTest::mouseMove(&viewport(), at.toPoint());
        QApplication::processEvents();
    }
    void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QTest::keyClick(window().windowHandle(), key, modifiers);
        QApplication::processEvents();
    }
    void ctrlClick(QPointF at)
    {
        drag({at}, Qt::ControlModifier);
        settle();
    }
    // Paints a frame now and says whether it drew the mesh.
    bool drawn(model::MeshId mesh)
    {
        viewport().grabFramebuffer();
        return viewport().renderer().drewMesh(static_cast<std::size_t>(mesh));
    }
    // Paints a frame now and says whether it drew the mesh in the heat map's colours.
    bool drawnHot(model::MeshId mesh)
    {
        viewport().grabFramebuffer();
        return viewport().renderer().drewHeat(static_cast<std::size_t>(mesh));
    }
};

} // namespace marrow::test
