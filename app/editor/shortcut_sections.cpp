// SPDX-License-Identifier: MIT
#include "app/editor/shortcut_sections.h"

#include "app/editor/editor_actions.h"
#include "app/editor/key_actions.h"
#include "app/editor/main_window.h"
#include "app/editor/select_actions.h"
#include "widgets/timeline/graph/graph_view.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/select_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/viewport/weight_brush_tool.h"

#include <QAction>

namespace marrow::app {
namespace {

QString keyText(QKeyCombination key)
{
    return QKeySequence(key).toString(QKeySequence::NativeText);
}

// The graph editor takes these keys itself (GraphView::event and
// keyPressEvent, graph_view_input.cpp); the rest are its actions (Home,
// Delete, Ctrl+C, ...), listed from the view. ShortcutsDialogTest checks
// that it takes each one listed here.
QList<ui::KeyBinding> graphKeys()
{
    return {{keyText(Qt::Key_F), QObject::tr("Frame the selected keys")},
            {keyText(Qt::Key_Period), QObject::tr("Frame the selected keys")},
            {keyText(Qt::Key_V), QObject::tr("Handle Type menu for the selected keys")},
            {QObject::tr("Right click"), QObject::tr("Key menu: copy, paste, interpolation, handle type, delete, frame")},
            {QObject::tr("Click, Shift+click"), QObject::tr("Select a key; Shift toggles it")},
            {QObject::tr("Drag keys"), QObject::tr("Move the selected keys (Ctrl: off the frames)")},
            {QObject::tr("Drag a handle"), QObject::tr("Set the tangent, as the key's handle type says")},
            {QObject::tr("Wheel, Ctrl+wheel"), QObject::tr("Zoom the values; the time")},
            {QObject::tr("Middle drag, Alt+wheel"), QObject::tr("Pan; pan the time")}};
}

template <class Tool>
Tool* findTool(const ui::ToolManager& tools)
{
    for (ui::ViewportTool* tool : tools.tools())
        if (auto* found = qobject_cast<Tool*>(tool))
            return found;
    return nullptr;
}

QList<ui::KeyBinding> helpOf(const ui::ViewportTool* tool)
{
    return tool ? tool->keyHelp() : QList<ui::KeyBinding>{};
}

} // namespace

QList<ShortcutsDialog::Section> editorShortcutSections(MainWindow& window)
{
    ui::TimelineWidget& timeline = window.timeline();
    ui::ToolManager& tools = window.viewport().tools();
    const auto* selectTool = findTool<ui::SelectTool>(tools);
    const PoseMode& pose = window.poseMode();
    const KeyActions& keys = window.keyActions();
    const SelectActions& select = window.selectActions();
    ui::WeightBrushTool& brush = window.brushTool();

    return {
        {QObject::tr("Everywhere"), {&window}},
        {QObject::tr("Viewport (under the mouse)"),
         {&window.viewport()},
         {},
         {{QObject::tr("Right click"), QObject::tr("Context menu of the mode: Pose, Edit Skeleton, Weight Paint or Select")}}},
        {QObject::tr("Select mode"), {}, {tools.actionFor(selectTool)}, helpOf(selectTool)},
        {QObject::tr("Select menu (viewport and bone tree)"),
         {},
         {select.all, select.none, select.invert, select.mirror, select.mirrorExtend, select.parent, select.children,
          select.similarName}},
        {QObject::tr("Pose mode"),
         {},
         {tools.actionFor(pose.tool), pose.moveGizmo, pose.rotateGizmo, pose.scaleGizmo, pose.localAxes, pose.autoIk,
          keys.insertKeys, keys.insertKeyMenu, keys.deleteKeys, keys.clearLocation, keys.clearRotation,
          keys.clearScale, keys.autoKey, pose.copyPose, pose.pastePose, pose.pasteFlipped},
         helpOf(pose.tool)},
        {QObject::tr("Edit Skeleton mode (G/R/S and the gizmo as in Pose mode; hold Alt to move only the joint)"),
         {},
         {window.skeletonMode().toggle, window.skeletonMode().extrude, window.skeletonMode().extrudeMirrored,
          window.skeletonMode().add, window.skeletonMode().remove, window.skeletonMode().parent,
          window.skeletonMode().clearParent, window.skeletonMode().rename}},
        {QObject::tr("Weight Paint mode"),
         {},
         {tools.actionFor(&brush), tools.toggleModeAction(), window.actions().restPosition},
         brush.keyHelp()},
        {QObject::tr("Dope sheet (under the mouse)"),
         {&timeline, timeline.keyTrackView()},
         {},
         {{QObject::tr("Right click"), QObject::tr("Key menu: copy, paste, interpolation, handle type, delete")}}},
        {QObject::tr("Lists"),
         {},
         {},
         {{QObject::tr("Right click in the bone tree"), QObject::tr("Select, lock, rename, copy name, frame")},
          {QObject::tr("Right click on the clip chooser"), QObject::tr("New, duplicate, rename, delete, set active clip")},
          {QObject::tr("Right click in the Transitions list"), QObject::tr("New, duplicate, rename, delete, bake")}}},
        {QObject::tr("Graph editor (under the mouse)"), {timeline.graphView()}, {}, graphKeys()},
    };
}

} // namespace marrow::app
