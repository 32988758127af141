// SPDX-License-Identifier: MIT
#include "widgets/viewport/viewport_widget.h"

#include "core/document/document.h"
#include "core/workspace/mesh_visibility.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/grid_geometry.h"
#include "widgets/viewport/select_tool.h"
#include "widgets/viewport/tool_label_painter.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/renderer/renderer.h"

#include <QElapsedTimer>
#include <QOpenGLContext>
#include <QPainter>

#include <algorithm>
#include <limits>

namespace marrow::ui {

ViewportWidget::ViewportWidget(doc::Document* document, ws::Selection* selection, ws::PoseEvaluator* evaluator,
                               QWidget* parent)
    : QOpenGLWidget(parent), m_document(document), m_selection(selection), m_evaluator(evaluator),
      m_renderer(std::make_unique<gl::Renderer>()), m_tools(new ToolManager(document, this))
{
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(160, 120);
    ToolContext& ctx = m_tools->context();
    ctx.selection = selection;
    ctx.evaluator = evaluator;
    ctx.camera = &m_camera;
    ctx.requestUpdate = [this] { update(); };
    syncToolContext();
    connect(m_tools, &ToolManager::hoverWantedChanged, this, &QWidget::setMouseTracking);
    connect(m_tools, &ToolManager::cursorChanged, this, [this](const QCursor& cursor) { setCursor(cursor); });
    m_tools->addTool(std::make_unique<SelectTool>());
    connect(m_document, &doc::Document::rigReplaced, this, &ViewportWidget::onRigReplaced);
    connect(m_document, &doc::Document::weightsChanged, this, &ViewportWidget::onWeightsChanged);
    // A bone painted onto a skin that lacked it: palettes and bone marks change (rare: once per such stroke).
    connect(m_document, &doc::Document::skinJointsChanged, this, &ViewportWidget::reloadRig);
    // A new table (Max Influences, maybe another stride) re-uploads the whole mesh's rows.
    connect(m_document, &doc::Document::meshWeightsReplaced, this, [this](int mesh) {
        const auto& meshes = m_document->rig().meshes;
        if (mesh >= 0 && static_cast<std::size_t>(mesh) < meshes.size())
            m_renderer->replaceWeights(static_cast<std::size_t>(mesh), meshes[static_cast<std::size_t>(mesh)].weights);
        update();
    });
    connect(m_evaluator, &ws::PoseEvaluator::poseChanged, this, &ViewportWidget::onPoseChanged);
    connect(m_evaluator, &ws::PoseEvaluator::editSkeletonChanged, this, &ViewportWidget::reloadRig);
    connect(m_selection, &ws::Selection::jointsChanged, this, &ViewportWidget::onSelectionChanged);
    connect(m_selection, &ws::Selection::activeMeshChanged, this, [this] {
        applyHeatJoint();
        update();
    });
    onRigReplaced();
}

ViewportWidget::~ViewportWidget()
{
    // The context may still be alive (the widget dies first): free GL now,
    // and stop listening, or QOpenGLWidget's destructor would call back into
    // this half-destroyed object when it destroys the context.
    cleanupGl();
    if (context())
        disconnect(context(), nullptr, this, nullptr);
}

mesh::SkinningMethod ViewportWidget::skinningMethod() const
{
    return m_renderer->skinningMethod();
}

void ViewportWidget::reloadRig()
{
    const model::Rig& rig = m_document->rig();
    m_renderer->setRig(rig);
    std::vector<std::uint8_t> shown = rig.boneMask();
    // A rig without skins (rigid nodes only) shows every node as a bone, and
    // so does Edit Skeleton (a new joint has no weights yet).
    if (m_evaluator->editSkeleton() || std::find(shown.begin(), shown.end(), 1) == shown.end())
        shown.clear();
    m_bones.setSkeleton(rig.skeleton, shown);
    m_looseHelpers = rig.looseHelperMask();
    onPoseChanged();
    applyHeatJoint();
}

void ViewportWidget::onRigReplaced()
{
    // A rig edit (Add Joint, Extrude, their undo, Import Mesh) reshapes the
    // same character: the camera stays where the user put it, or joints
    // placed with the mouse land off target. Only a new document is framed.
    if (m_document->restructuring()) {
        reloadRig();
        update();
        return;
    }
    m_followAnchor.reset();  // another character: nothing to follow from
    reloadRig();
    m_frameOnNextResize = true;
    glm::vec3 lo, hi;
    const float size = posedBounds(lo, hi, false) ? glm::length(hi - lo) : 1.f;
    buildGrid(size, m_gridLines);
    m_renderer->setGridLines(m_gridLines);
    if (width() > 0 && height() > 0 && isVisible()) {
        frameBounds(false);
        m_frameOnNextResize = false;
    }
    applyHeatJoint();
    update();
}

void ViewportWidget::onPoseChanged()
{
    const model::Rig& rig = m_document->rig();
    m_renderer->setNodeWorlds(m_evaluator->worlds());
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (!rig.meshes[m].morphTargets.empty())
            m_renderer->setMorphWeights(m, m_evaluator->morphWeights(m));
    const bool dqs = m_renderer->skinningMethod() == mesh::SkinningMethod::DualQuaternion;
    for (std::size_t s = 0; s < rig.skins.size(); ++s) {
        m_renderer->setPalette(s, m_evaluator->palette(s));
        // Dual quaternions are built only when DQS draws, so LBS pays nothing for them.
        if (dqs)
            m_renderer->setDualQuats(s, m_evaluator->dualQuats(s));
    }
    m_bones.update(m_evaluator->worlds());
    followTravel();
    rebuildBoneGeometry();
    update();
}

void ViewportWidget::onSelectionChanged()
{
    rebuildBoneGeometry();
    applyHeatJoint();
    update();
}

void ViewportWidget::onWeightsChanged(int mesh, const QList<quint32>& vertices)
{
    const model::Rig& rig = m_document->rig();
    if (mesh < 0 || static_cast<std::size_t>(mesh) >= rig.meshes.size())
        return;
    const std::vector<std::uint32_t> rows(vertices.begin(), vertices.end());
    m_renderer->updateWeights(static_cast<std::size_t>(mesh), rig.meshes[static_cast<std::size_t>(mesh)].weights, rows);
    update();
}

void ViewportWidget::rebuildBoneGeometry()
{
    if (!m_showBones)
        return;
    const QList<model::JointIndex>& joints = m_selection->joints();
    const std::vector<anim::JointIndex> selected(joints.begin(), joints.end());
    m_bones.buildInstances(selected, m_boneInstances);
    m_bones.buildLinkLines(m_boneLinks);
    m_renderer->setBoneOverlay(m_boneInstances, m_boneLinks);
}

void ViewportWidget::applyHeatJoint()
{
    // Only the active mesh (what the brush paints) shows the heat map.
    const model::MeshId active = m_selection->activeMesh();
    m_renderer->setHeatMapMesh(active >= 0 ? std::optional<std::size_t>(static_cast<std::size_t>(active)) : std::nullopt);
    if (!m_heatMap) {
        m_renderer->setHeatMapJoint(std::nullopt);
        return;
    }
    // Heat-map mode with nothing selected shows plain shading: an all-blue
    // mesh would only say "nothing selected" in a confusing way.
    const model::JointIndex joint = m_selection->currentJoint();
    m_renderer->setHeatMapJoint(joint >= 0 ? std::optional<anim::JointIndex>(joint) : std::nullopt);
}

void ViewportWidget::setSkinningMethod(mesh::SkinningMethod method)
{
    m_renderer->setSkinningMethod(method);
    m_evaluator->setSkinningMethod(method);
    onPoseChanged();
}

void ViewportWidget::setHeatMap(bool on)
{
    m_heatMap = on;
    applyHeatJoint();
    update();
}

void ViewportWidget::setShowZeroWeights(bool on)
{
    m_renderer->setShowZeroWeights(on);
    update();
}

void ViewportWidget::setWireframe(bool on)
{
    m_wireframe = on;
    m_renderer->setWireframe(on);
    update();
}

void ViewportWidget::setTexturedShading(bool on)
{
    m_renderer->setTexturedShading(on);
    update();
}

void ViewportWidget::setShowGrid(bool on)
{
    m_showGrid = on;
    m_renderer->setShowGrid(on);
    update();
}

void ViewportWidget::setShowBones(bool on)
{
    m_showBones = on;
    m_renderer->setShowBones(on);
    syncToolContext();
    rebuildBoneGeometry();
    update();
}

void ViewportWidget::setBoneDisplay(const gl::BoneDisplay& display)
{
    m_renderer->setBoneDisplay(display);
    update();
}

gl::BoneDisplay ViewportWidget::boneDisplay() const
{
    return m_renderer->boneDisplay();
}

bool ViewportWidget::posedBounds(glm::vec3& lo, glm::vec3& hi, bool selectedOnly) const
{
    lo = glm::vec3(std::numeric_limits<float>::max());
    hi = glm::vec3(-std::numeric_limits<float>::max());
    bool any = false;
    const auto grow = [&](const glm::vec3& p) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
        any = true;
    };
    if (selectedOnly) {
        for (const BoneSegment& seg : m_bones.segments()) {
            if (m_selection->isSelected(seg.joint)) {
                grow(seg.head);
                grow(seg.tail);
            }
        }
        return any;
    }
    const model::Rig& rig = m_document->rig();
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (!m_visibility || !m_visibility->isHidden(static_cast<model::MeshId>(m)))
            for (const glm::vec3& p : m_evaluator->skinnedPositions(m))
                grow(p);
    if (m_visibility && m_visibility->localView())
        return any;  // Local View frames its mesh alone
    // The bones, less the cameras and lights beside the character, unless
    // nothing else is there.
    for (const bool skipHelpers : {true, false}) {
        for (const BoneSegment& seg : m_bones.segments()) {
            const auto j = static_cast<std::size_t>(seg.joint);
            if (skipHelpers && j < m_looseHelpers.size() && m_looseHelpers[j])
                continue;
            grow(seg.head);
            grow(seg.tail);
        }
        if (any)
            break;
    }
    return any;
}

void ViewportWidget::frameBounds(bool selectedOnly)
{
    glm::vec3 lo, hi;
    if (selectedOnly && posedBounds(lo, hi, true))
        m_camera.frame(lo, hi, aspect());
    else if (posedBounds(lo, hi, false))
        m_camera.frame(lo - m_frameMargin, hi + m_frameMargin, aspect());
    update();
}

void ViewportWidget::frameAll()
{
    frameBounds(false);
    cameraMoved();
}

void ViewportWidget::frameSelected()
{
    frameBounds(true);
    cameraMoved();
}

void ViewportWidget::runViewCommand(ViewCommand command)
{
    applyViewCommand(m_camera, command);
    cameraMoved();
}

void ViewportWidget::cameraMoved()
{
    // The surface under a still cursor is another one now: without this the
    // brush circle stayed where the zoom had carried the old hit point, and
    // the readout stayed where a pan had started.
    if (m_cursor) {
        syncToolContext();
        m_tools->viewChanged(*m_cursor);
    }
    update();
}

float ViewportWidget::aspect() const
{
    return height() > 0 ? static_cast<float>(width()) / static_cast<float>(height()) : 1.f;
}

glm::mat4 ViewportWidget::viewProjection() const
{
    return m_camera.viewProjection(aspect());
}

std::optional<QPointF> ViewportWidget::boneScreenPosition(model::JointIndex joint) const
{
    for (const BoneSegment& seg : m_bones.segments()) {
        if (seg.joint != joint)
            continue;
        const glm::vec4 clip = viewProjection() * glm::vec4(0.5f * (seg.head + seg.tail), 1.f);
        if (clip.w <= 0.f)
            return std::nullopt;
        const glm::vec3 ndc = glm::vec3(clip) / clip.w;
        return QPointF((ndc.x * 0.5 + 0.5) * width(), (0.5 - ndc.y * 0.5) * height());
    }
    return std::nullopt;
}

std::size_t ViewportWidget::bytesUploaded() const
{
    return m_renderer->bytesUploaded();
}

void ViewportWidget::initializeGL()
{
    // A re-docked widget gets a new context: free everything in the old one
    // while it is still current-able.
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &ViewportWidget::cleanupGl, Qt::UniqueConnection);
    if (!m_renderer->initialize()) {
        m_renderError = m_renderer->lastError();
        emit renderingFailed(m_renderError);
        return;
    }
    m_renderError.clear();
}

void ViewportWidget::cleanupGl()
{
    if (!m_renderer->initialized() || !context())
        return;
    makeCurrent();
    m_renderer->cleanup();
    doneCurrent();
}

void ViewportWidget::resizeGL(int w, int h)
{
    const qreal dpr = devicePixelRatioF();
    m_renderer->resize(static_cast<int>(w * dpr), static_cast<int>(h * dpr));
    if (m_frameOnNextResize && w > 0 && h > 0) {
        m_frameOnNextResize = false;
        frameBounds(false);
    }
}

void ViewportWidget::paintGL()
{
    QElapsedTimer cpu;
    cpu.start();
    if (!m_renderError.isEmpty()) {
        // No GL: say why instead of showing a black rectangle.
        QPainter painter(this);
        painter.fillRect(rect(), QColor(40, 30, 30));
        painter.setPen(Qt::white);
        painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
                         tr("The 3D view could not start:\n%1").arg(m_renderError));
        return;
    }
    const qreal dpr = devicePixelRatioF();
    m_renderer->resize(static_cast<int>(width() * dpr), static_cast<int>(height() * dpr));
    syncToolContext();
    m_toolOverlay.clear();
    m_toolPoints.clear();
    if (ViewportTool* tool = m_tools->activeTool()) {
        tool->overlay(m_tools->context(), m_toolOverlay);
        tool->overlayPoints(m_tools->context(), m_toolPoints);
    }
    m_toolOverlay.insert(m_toolOverlay.end(), m_guideLines.begin(), m_guideLines.end());
    m_renderer->setToolOverlay(m_toolOverlay);
    m_renderer->setToolPoints(m_toolPoints, static_cast<float>(2.5 * dpr));
    m_renderer->paint(viewProjection());
    {
        QPainter painter(this);
        paintViewTitle(painter, viewTitle(m_camera));
        if (const auto legend = shownLegend())
            paintHeatLegend(painter, size(), *legend);
    }
    if (ViewportTool* tool = m_tools->activeTool())
        if (const auto label = tool->label())
            drawToolLabel(*label);
    emit frameStats(static_cast<double>(cpu.nsecsElapsed()) / 1e6);
}

void ViewportWidget::drawToolLabel(const ToolLabel& label)
{
    QPainter painter(this);
    paintToolLabel(painter, size(), label);
}

ws::Selection& ViewportWidget::jointSelection()
{
    return *m_selection;
}

void ViewportWidget::syncToolContext()
{
    ToolContext& ctx = m_tools->context();
    ctx.viewportSize = size();
    ctx.bones = m_showBones ? &m_bones : nullptr;
}

std::optional<anim::JointIndex> ViewportWidget::pickBone(const QPointF& position) const
{
    if (!m_showBones)
        return std::nullopt;
    return m_bones.pick(viewProjection(), static_cast<float>(width()), static_cast<float>(height()),
                        static_cast<float>(position.x()), static_cast<float>(position.y()));
}

} // namespace marrow::ui
