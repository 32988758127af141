// SPDX-License-Identifier: MIT
#include "app/editor/viewport_menus.h"

#include "core/commands/set_bone_lock_command.h"
#include "core/document/document.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/selection.h"
#include "widgets/common/menu_proxy_action.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/viewport/weight_brush_tool.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMouseEvent>

#include <optional>
#include <utility>

namespace marrow::app {

namespace {

void addSelectMenu(QMenu* menu, const SelectActions& select)
{
    QMenu* sub = menu->addMenu(QObject::tr("Select"));
    for (QAction* action : {select.all, select.none, select.invert, select.mirror, select.parent, select.children})
        ui::addProxyAction(sub, action);
}

void fillPoseMenu(QMenu* menu, const ViewportMenuSources& s)
{
    const bool bones = !s.selection->joints().isEmpty();
    menu->addSection(QObject::tr("Pose"));
    ui::addProxyAction(menu, s.keys.insertKeys, bones);
    ui::addProxyAction(menu, s.keys.deleteKeys, bones);
    QMenu* clear = menu->addMenu(QObject::tr("Clear Transform"));
    for (QAction* action : {s.keys.clearLocation, s.keys.clearRotation, s.keys.clearScale})
        ui::addProxyAction(clear, action);
    clear->setEnabled(bones);
    menu->addSeparator();
    ui::addProxyAction(menu, s.pose.copyPose, bones);
    const bool copied = s.pose.clipboard && !s.pose.clipboard->empty();
    ui::addProxyAction(menu, s.pose.pastePose, copied);
    ui::addProxyAction(menu, s.pose.pasteFlipped, copied);
    menu->addSeparator();
    addSelectMenu(menu, s.select);
    ui::addProxyAction(menu, s.pose.autoIk);
    menu->addSeparator();
    ui::addProxyAction(menu, s.editor->resetPose, !s.document->poseOverrides().empty());
}

void fillSkeletonMenu(QMenu* menu, const ViewportMenuSources& s)
{
    const SkeletonEditMode& k = s.skeleton;
    const bool joints = !s.selection->joints().isEmpty();
    menu->addSection(QObject::tr("Skeleton"));
    for (QAction* action : {k.extrude, k.extrudeMirrored, k.subdivide, k.symmetrize, k.snap})
        ui::addProxyAction(menu, action, joints);
    ui::addProxyAction(menu, k.add);
    menu->addSeparator();
    for (QAction* action : {k.parent, k.clearParent, k.rename, k.remove})
        ui::addProxyAction(menu, action, joints);
    menu->addSeparator();
    ui::addProxyAction(menu, k.xMirror);
    addSelectMenu(menu, s.select);
    menu->addSeparator();
    ui::addProxyAction(menu, k.toggle);
}

void addBrushMode(QMenu* menu, ws::BrushState* brush, const QString& text, skin::BrushMode mode)
{
    QAction* action = menu->addAction(text);
    action->setCheckable(true);
    action->setChecked(brush->settings().mode == mode);
    QObject::connect(action, &QAction::triggered, brush, [brush, mode] { brush->setMode(mode); });
}

// A check item for one of the brush's booleans.
void addBrushToggle(QMenu* menu, ws::BrushState* brush, const QString& text, bool skin::BrushSettings::*flag)
{
    QAction* action = menu->addAction(text);
    action->setCheckable(true);
    action->setChecked(brush->settings().*flag);
    QObject::connect(action, &QAction::toggled, brush, [brush, flag](bool on) {
        skin::BrushSettings settings = brush->settings();
        settings.*flag = on;
        brush->setSettings(settings);
    });
}

void fillWeightPaintMenu(QMenu* menu, const ViewportMenuSources& s)
{
    menu->addSection(QObject::tr("Weight Paint"));
    QMenu* modes = menu->addMenu(QObject::tr("Brush"));
    addBrushMode(modes, s.brush, QObject::tr("Mix"), skin::BrushMode::Mix);
    addBrushMode(modes, s.brush, QObject::tr("Add"), skin::BrushMode::Add);
    addBrushMode(modes, s.brush, QObject::tr("Subtract"), skin::BrushMode::Subtract);
    addBrushMode(modes, s.brush, QObject::tr("Multiply"), skin::BrushMode::Multiply);
    addBrushMode(modes, s.brush, QObject::tr("Smooth"), skin::BrushMode::Smooth);
    addBrushMode(menu, s.brush, QObject::tr("Sample Weight"), skin::BrushMode::Sample);
    addBrushToggle(menu, s.brush, QObject::tr("X-Mirror"), &skin::BrushSettings::xMirror);
    addBrushToggle(menu, s.brush, QObject::tr("Auto-Normalize"), &skin::BrushSettings::autoNormalize);
    menu->addSeparator();
    const model::JointIndex joint = s.selection->currentJoint();
    doc::Document* document = s.document;
    const bool locked = joint >= 0 && document->isLocked(joint);
    QAction* lock = menu->addAction(locked ? QObject::tr("Unlock Active Bone") : QObject::tr("Lock Active Bone"));
    lock->setEnabled(joint >= 0);
    QObject::connect(lock, &QAction::triggered, document, [document, joint, locked] {
        document->undoStack()->push(new cmd::SetBoneLockCommand(document, {joint}, !locked));
    });
    menu->addSeparator();
    ui::addProxyAction(menu, s.editor->restPosition);
    ui::addProxyAction(menu, s.editor->heatMap);
}

void fillSelectMenu(QMenu* menu, const ViewportMenuSources& s)
{
    menu->addSection(QObject::tr("Select"));
    for (QAction* action : {s.select.all, s.select.none, s.select.invert, s.select.mirror, s.select.parent,
                            s.select.children})
        ui::addProxyAction(menu, action);
    menu->addSeparator();
    ui::addProxyAction(menu, s.editor->frameSelected, !s.selection->joints().isEmpty());
    ui::addProxyAction(menu, s.editor->frameAll);
}

// Watches the viewport's right button: a press and release within the drag
// distance, that was neither a navigation nor a modal's cancel, pops the menu.
class RightClickMenu : public QObject {
public:
    RightClickMenu(ui::ViewportWidget* viewport, ViewportMenuSources sources)
        : QObject(viewport), m_viewport(viewport), m_sources(std::move(sources))
    {
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        switch (event->type()) {
        case QEvent::MouseButtonPress: onPress(*static_cast<QMouseEvent*>(event)); break;
        case QEvent::MouseMove: onMove(*static_cast<QMouseEvent*>(event)); break;
        case QEvent::MouseButtonRelease: onRelease(*static_cast<QMouseEvent*>(event)); break;
        default: break;
        }
        return QObject::eventFilter(watched, event);
    }

private:
    // Before the tool sees the press: is a modal running that this click cancels?
    bool toolBusy() const
    {
        const ui::ToolManager& tools = m_viewport->tools();
        return tools.isDragging() || (m_sources.pose.tool && m_sources.pose.tool->transforming()) ||
               (m_sources.paint.tool && m_sources.paint.tool->adjusting() != ui::WeightBrushTool::Adjust::None);
    }

    void onPress(const QMouseEvent& event)
    {
        if (event.button() != Qt::RightButton) {
            m_pressAt.reset();  // another button joined: a chord, not a click
            return;
        }
        const bool navigation = ui::navigationActionFor(m_viewport->navigationScheme(), event.button(),
                                                        event.modifiers()) != ui::NavigationAction::None;
        if (navigation || toolBusy() || event.buttons() != Qt::RightButton)
            m_pressAt.reset();
        else
            m_pressAt = event.position().toPoint();
    }

    void onMove(const QMouseEvent& event)
    {
        if (m_pressAt && (event.position().toPoint() - *m_pressAt).manhattanLength() >= QApplication::startDragDistance())
            m_pressAt.reset();
    }

    void onRelease(const QMouseEvent& event)
    {
        if (event.button() != Qt::RightButton || !std::exchange(m_pressAt, std::nullopt))
            return;
        buildViewportMenu(m_viewport, m_sources)->popup(event.globalPosition().toPoint());
    }

    ui::ViewportWidget* m_viewport;
    ViewportMenuSources m_sources;
    std::optional<QPoint> m_pressAt;
};

} // namespace

QMenu* buildViewportMenu(ui::ViewportWidget* viewport, const ViewportMenuSources& sources)
{
    auto* menu = new QMenu(viewport);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    const ui::ViewportTool* tool = viewport->tools().activeTool();
    if (sources.skeleton.toggle && sources.skeleton.toggle->isChecked())
        fillSkeletonMenu(menu, sources);
    else if (tool && tool == sources.pose.tool)
        fillPoseMenu(menu, sources);
    else if (tool && tool == sources.paint.tool)
        fillWeightPaintMenu(menu, sources);
    else
        fillSelectMenu(menu, sources);
    return menu;
}

void installViewportMenus(ui::ViewportWidget* viewport, const ViewportMenuSources& sources)
{
    viewport->installEventFilter(new RightClickMenu(viewport, sources));
}

} // namespace marrow::app
