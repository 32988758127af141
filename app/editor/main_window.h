// SPDX-License-Identifier: MIT
#pragma once
#include "app/editor/editor_docks.h"
#include "app/editor/skeleton_edit_mode.h"
#include "app/editor/weight_table_dock.h"
#include "app/editor/weight_view_menu.h"
#include "app/editor/pose_mode.h"
#include "app/editor/weight_paint_mode.h"
#include "app/editor/view_state_keeper.h"
#include "app/editor/weights_menu.h"
#include "widgets/preferences/editor_settings.h"

#include <QMainWindow>

#include <memory>

// (editor_docks.h declares the document, workspace and dock classes.)
namespace marrow::doc {
class Autosave;
}
namespace marrow::ws {
class BrushState;
class KeySelection;
class MeshVisibility;
class PoseEditor;
class RetargetPreview;
class TransitionPreview;
}
namespace marrow::ui {
class ViewportWidget;
}

namespace marrow::app {

class DocumentController;
class ExportController;
class StatusBarPresenter;
struct KeyActions;
struct ClipActions;
struct SelectActions;
struct EditorActions;

// The editor's window: it owns the document and the workspace (selection,
// playback, pose evaluator), builds the docks (bone tree, inspector,
// timeline, undo history) around the viewport, and wires signals. Nothing
// else: file handling is in DocumentController, actions in EditorActions,
// drawing in the viewport, edits in commands.
//
// `stateDir` holds recovery files; with `persistSettings` the layout,
// window size, preferences and recent files are kept in QSettings
// (screenshot mode and tests pass false and a temporary folder).
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(QString stateDir, bool persistSettings, QWidget* parent = nullptr);
    ~MainWindow() override;

    doc::Document& document() { return *m_document; }
    ws::Selection& selection() { return *m_selection; }
    ws::Playback& playback() { return *m_playback; }
    ws::PoseEvaluator& evaluator() { return *m_evaluator; }
    // The weight brush shared by the paint panel and the brush tool.
    ws::BrushState& brushState() { return *m_brush; }
    ws::PoseEditor& poseEditor() { return *m_poseEditor; }
    ws::KeySelection& keySelection() { return *m_keys; }
    // Hidden meshes and Local View (H, Alt+H, numpad /).
    ws::MeshVisibility& meshVisibility() { return *m_meshVisibility; }
    // The transition on screen (none: the clips), its ghosts and foot-slide settings.
    ws::TransitionPreview& transitionPreview() { return *m_transitionPreview; }
    ws::RetargetPreview& retargetPreview() { return *m_retargetPreview; }
    const KeyActions& keyActions() const { return *m_keyActions; }
    const ClipActions& clipActions() const { return *m_clipActions; }
    const SelectActions& selectActions() const { return *m_selectActions; }
    const WeightsMenu& weightsMenu() const { return m_weightsMenu; }
    const WeightTableDock& weightTable() const { return m_weightTable; }
    WeightViewMenu& weightViews() { return *m_weightViews; }
    // Weight Paint mode: the session behind the brush and the brush tool.
    ws::WeightPaintSession& paintSession() { return *m_paint.session; }
    ui::WeightBrushTool& brushTool() { return *m_paint.tool; }
    // Weight Paint's vertex selection and its mask (V).
    ws::PaintSelection& vertexSelection() { return *m_paint.vertices; }
    // Posing: the Pose tool, its options and the pose clipboard's actions.
    const PoseMode& poseMode() const { return m_pose; }
    const SkeletonEditMode& skeletonMode() const { return m_skeleton; }
    ui::ViewportWidget& viewport() { return *m_viewport; }
    ui::BoneTreeView& boneTree() { return *m_docks->boneTree; }
    ui::InspectorPanel& inspector() { return *m_docks->inspectorPanel; }
    ui::TimelineWidget& timeline() { return *m_docks->timelineWidget; }
    ui::LogPanel& log() { return *m_docks->logPanel; }
    const EditorDocks& docks() const { return *m_docks; }
    StatusBarPresenter& statusPresenter() { return *m_status; }
    DocumentController& files() { return *m_files; }
    ExportController& exporter() { return *m_exporter; }
    EditorActions& actions() { return *m_actions; }
    doc::Autosave& autosave() { return *m_autosave; }
    const ui::EditorSettings& settings() const { return m_settings; }
    void applySettings(const ui::EditorSettings& settings);

    // Opens a file (see DocumentController::open); false leaves the document as it was.
    bool openFile(const QString& path);
    // File › Import Clips: adds other files' clips (one undo entry for them
    // all) and shows the first new one.
    bool importClips(const QString& path);
    bool importClips(const QStringList& paths);
    // Restores a recovery file left by a crash: the rig comes back unsaved
    // (modified), with the path of the document it belonged to.
    bool restoreRecovery(const QString& recoveryFile);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void syncFps();
    void wireActions();
    void showShortcuts();
    void showNewDocument();
    void updateTitle();
    void rebuildRecentMenu();
    void showPreferences();
    void showAbout();
    void restoreLayout();
    void saveLayout();

    QString m_stateDir;
    bool m_persist = false;
    ui::EditorSettings m_settings;
    std::unique_ptr<doc::Document> m_document;
    ws::Selection* m_selection = nullptr;
    ws::Playback* m_playback = nullptr;
    ws::PoseEvaluator* m_evaluator = nullptr;
    ws::BrushState* m_brush = nullptr;
    ws::PoseEditor* m_poseEditor = nullptr;
    ws::KeySelection* m_keys = nullptr;
    ws::MeshVisibility* m_meshVisibility = nullptr;
    ws::TransitionPreview* m_transitionPreview = nullptr;
    ws::RetargetPreview* m_retargetPreview = nullptr;
    std::unique_ptr<KeyActions> m_keyActions;
    std::unique_ptr<ClipActions> m_clipActions;
    std::unique_ptr<SelectActions> m_selectActions;
    WeightsMenu m_weightsMenu;
    WeightTableDock m_weightTable;
    WeightViewMenu* m_weightViews = nullptr;
    bool m_defaultDockHeights = true;  // no saved layout: size the timeline on first show
    WeightPaintMode m_paint;
    PoseMode m_pose;
    SkeletonEditMode m_skeleton;
    ViewStateParts m_viewState;  // what a save keeps of the view, and the mode an open restores
    doc::Autosave* m_autosave = nullptr;
    DocumentController* m_files = nullptr;
    ExportController* m_exporter = nullptr;
    std::unique_ptr<EditorActions> m_actions;
    // Children of this window (Qt owns them); created in the constructor.

    ui::ViewportWidget* m_viewport = nullptr;
    std::unique_ptr<EditorDocks> m_docks;
    StatusBarPresenter* m_status = nullptr;
};

} // namespace marrow::app
