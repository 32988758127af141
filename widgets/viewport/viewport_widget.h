// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/cpu_skinning_job.h"
#include "core/model/ids.h"
#include "widgets/viewport/bone_layout.h"
#include "widgets/viewport/heat_legend.h"
#include "widgets/viewport/orbit_camera.h"
#include "widgets/viewport/renderer/bone_display.h"
#include "widgets/viewport/renderer/weight_view.h"
#include "widgets/viewport/view_keys.h"
#include "widgets/viewport/viewport_navigation.h"

#include <QOpenGLWidget>
#include <QPoint>
#include <QPointer>

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class MeshVisibility;
class PoseEvaluator;
class Selection;
}
namespace marrow::gl {
class Renderer;
}

namespace marrow::ui {

class ToolManager;
struct ToolLabel;

// The 3D view: a QOpenGLWidget (GL 3.3 core) showing the posed,
// GPU-skinned rig with a grid and bones. It makes no GL call itself: it
// forwards initializeGL/resizeGL/paintGL to gl::Renderer and hands it plain
// data (the rig on rigReplaced, palettes on poseChanged, changed weight rows
// on weightsChanged). During playback only the palettes change, so only
// they are uploaded.
//
// Input: camera gestures by the chosen NavigationScheme; every other press,
// hover, enter/leave and key goes through the ToolManager to the active
// ViewportTool (SelectTool by default: click a bone), so tree, viewport and
// inspector share ws::Selection. Mouse tracking is on while the active tool
// wants hover; the cursor is the tool's; its overlay lines are drawn each frame.
// The camera is view state owned here. On the context's aboutToBeDestroyed
// (a dock re-parented or floated gets a new context) every GL object is
// freed; the next initializeGL uploads everything again.
class ViewportWidget : public QOpenGLWidget {
    Q_OBJECT
public:
    ViewportWidget(doc::Document* document, ws::Selection* selection, ws::PoseEvaluator* evaluator,
                   QWidget* parent = nullptr);
    ~ViewportWidget() override;

    OrbitCamera& camera() { return m_camera; }
    const BoneLayout& boneLayout() const { return m_bones; }
    NavigationScheme navigationScheme() const { return m_scheme; }
    bool heatMap() const { return m_heatMap; }
    bool wireframe() const { return m_wireframe; }
    bool showGrid() const { return m_showGrid; }
    bool showBones() const { return m_showBones; }
    mesh::SkinningMethod skinningMethod() const;
    // Why GL could not start (empty when it did).
    QString renderError() const { return m_renderError; }
    // The renderer, for tests that read back skinned positions (context current).
    gl::Renderer& renderer() { return *m_renderer; }

    // Where a joint's bone is drawn on screen (its midpoint), for tests and tools.
    std::optional<QPointF> boneScreenPosition(model::JointIndex joint) const;
    // The bone under a widget position (none while bones are hidden).
    std::optional<anim::JointIndex> pickBone(const QPointF& position) const;
    ws::Selection& jointSelection();
    // The tools that get the input navigation does not claim (owned here).
    ToolManager& tools() { return *m_tools; }
    glm::mat4 viewProjection() const;

    // Frames the posed model (the selected joints' bones when `selectedOnly`).
    void frameAll();
    // Room frameAll() leaves around the posed model on each side (the
    // transition's ghosts stand beside it).
    void setFrameMargin(const glm::vec3& margin) { m_frameMargin = margin; }
    void frameSelected();
    // Frames the box of half-size `radius` around a world point (a vertex to inspect).
    void framePoint(const glm::vec3& at, float radius);
    // A numpad view, orbit step or the perspective toggle (the keys and View › Viewpoint).
    void runViewCommand(ViewCommand command);
    // Hidden meshes are not drawn nor framed; entering Local View frames the
    // mesh it isolates, and leaving restores the camera it found.
    void setMeshVisibility(ws::MeshVisibility* visibility);
    // View › Follow: while on, every pose change slides the camera over the
    // ground by the character's travel (the centroid of its bones, X and Z),
    // so a clip with root motion stays in frame; height, angles and zoom stay.
    void setFollow(bool on);
    bool follow() const { return m_follow; }

    // Bytes the renderer has uploaded so far (difference two readings).
    std::size_t bytesUploaded() const;

    // The transition's ghosts (viewport_widget_layers.cpp): side 0 (A) or 1
    // (B) posed by its palettes per skin and joint worlds, tinted; hidden
    // until shown and again after hideGhosts().
    void showGhost(std::size_t side, std::span<const std::vector<glm::mat4>> palettes, std::span<const glm::mat4> worlds,
                   const glm::vec3& tint);
    void hideGhosts();
    // Lines drawn over the scene with the tool's (world-space pairs): the
    // retarget source's bones beside the character. Empty: none.
    void setGuideLines(std::vector<gl::OverlayVertex> lines);
    const std::vector<gl::OverlayVertex>& guideLines() const { return m_guideLines; }
    // View › Weights: what the heat map shows (InfluenceCount: red above
    // influenceLimit; Scalar: setVertexScalars' figures, red at scalarMax)
    // and, for views other than Weight, the legend in the corner.
    void setWeightView(gl::WeightView view, int influenceLimit, float scalarMax, HeatLegend legend = {});
    gl::WeightView weightView() const;
    // The legend drawn in the corner: while the heat map shows, the view's
    // (Weight: the active bone's name over the 0..1 ramp); nullopt otherwise.
    std::optional<HeatLegend> shownLegend() const;
    // Where it is drawn (empty: none), for tests that count the mesh's pixels.
    QRect legendRect() const;
    // One mesh's figure per vertex for the Scalar view (empty: none).
    void setVertexScalars(std::size_t mesh, std::vector<float> values);

public slots:
    void setNavigationScheme(marrow::ui::NavigationScheme scheme) { m_scheme = scheme; }
    void setSkinningMethod(marrow::mesh::SkinningMethod method);
    void setHeatMap(bool on);
    void setWireframe(bool on);
    // Lit meshes in their materials' colours and textures, or plain clay.
    void setTexturedShading(bool on);
    // Zero weights of the heat map's joint in their own colour (the paint panel's toggle).
    void setShowZeroWeights(bool on);
    void setShowGrid(bool on);
    void setShowBones(bool on);
    // Octahedral, Stick or Wire bones, in front of the meshes or hidden by them.
    void setBoneDisplay(const gl::BoneDisplay& display);
    gl::BoneDisplay boneDisplay() const;

signals:
    // After each paint: the CPU time of that paintGL call (ms; the GL work
    // runs asynchronously). The status bar measures the frame rate from these.
    void frameStats(double paintMs);
    // The user moved the view: a navigation drag step or a wheel zoom (not
    // Frame All or Frame Selected, which jump).
    void viewMoved();
    void renderingFailed(const QString& message);

protected:
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void enterEvent(QEnterEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void onRigReplaced();
    void onPoseChanged();
    void onSelectionChanged();
    void onWeightsChanged(int mesh, const QList<quint32>& vertices);
    void cleanupGl();
    // The tools' context: the current size and whether bones can be picked.
    void syncToolContext();
    void rebuildBoneGeometry();
    void applyHeatJoint();
    // Hands the renderer and bone layout the document's rig again (no reframing).
    void reloadRig();
    void drawToolLabel(const ToolLabel& label);
    bool event(QEvent* event) override;
    bool posedBounds(glm::vec3& lo, glm::vec3& hi, bool selectedOnly) const;
    float aspect() const;
    // The camera changed under the cursor: the active tool redoes what it
    // shows under it (the brush circle, the readout) at once.
    void cameraMoved();
    // Frames without telling the tools (a new rig: their state is not ready).
    void frameBounds(bool selectedOnly);
    void onMeshVisibilityChanged();
    void onLocalViewChanged(bool on);
    // Follow's step: the camera moves by the bones' travel since the last pose.
    void followTravel();
    std::optional<glm::vec3> boneCentroid() const;

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::PoseEvaluator> m_evaluator;
    QPointer<ws::MeshVisibility> m_visibility;
    std::optional<OrbitCamera> m_cameraOutsideLocalView;  // what leaving Local View restores
    std::unique_ptr<gl::Renderer> m_renderer;
    OrbitCamera m_camera;
    glm::vec3 m_frameMargin{0.f};
    BoneLayout m_bones;
    std::vector<std::uint8_t> m_looseHelpers;  // Rig::looseHelperMask: not framed
    std::vector<gl::BoneInstance> m_boneInstances;
    std::vector<gl::OverlayVertex> m_boneLinks, m_gridLines;
    NavigationScheme m_scheme = NavigationScheme::Blender;
    ToolManager* m_tools;  // child
    std::vector<gl::OverlayVertex> m_toolOverlay;  // the active tool's lines, rebuilt each frame
    std::vector<gl::OverlayVertex> m_guideLines;   // setGuideLines
    std::vector<gl::OverlayVertex> m_toolPoints;   // the active tool's dots, rebuilt each frame
    NavigationAction m_drag = NavigationAction::None;
    QPoint m_lastMouse;
    std::optional<QPointF> m_cursor;  // where the mouse is over the view; none once it leaves
    bool m_heatMap = false;
    bool m_wireframe = false, m_showGrid = true, m_showBones = true;
    bool m_frameOnNextResize = true;
    bool m_follow = false;
    std::optional<glm::vec3> m_followAnchor;  // the bones' centroid the camera last followed
    QString m_renderError;
    HeatLegend m_legend;  // the weight view's (not Weight's)
};

} // namespace marrow::ui
