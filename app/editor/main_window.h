// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/preferences/editor_settings.h"

#include <QMainWindow>

#include <memory>

class QLabel;
class QLineEdit;
class QUndoView;

namespace marrow::doc {
class Autosave;
class Document;
}
namespace marrow::ws {
class Playback;
class PoseEvaluator;
class Selection;
}
namespace marrow::ui {
class BoneFilterProxyModel;
class BoneTreeModel;
class BoneTreeView;
class InspectorPanel;
class TimelineWidget;
class ViewportWidget;
}

namespace marrow::app {

class DocumentController;
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
    ui::ViewportWidget& viewport() { return *m_viewport; }
    ui::BoneTreeView& boneTree() { return *m_boneTree; }
    ui::InspectorPanel& inspector() { return *m_inspector; }
    ui::TimelineWidget& timeline() { return *m_timeline; }
    DocumentController& files() { return *m_files; }
    EditorActions& actions() { return *m_actions; }
    doc::Autosave& autosave() { return *m_autosave; }
    const ui::EditorSettings& settings() const { return m_settings; }
    void applySettings(const ui::EditorSettings& settings);

    // Opens a file (see DocumentController::open); false leaves the document as it was.
    bool openFile(const QString& path);
    // Restores a recovery file left by a crash: the rig comes back unsaved
    // (modified), with the path of the document it belonged to.
    bool restoreRecovery(const QString& recoveryFile);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildDocks();
    void buildMenus();
    void buildToolBar();
    void buildStatusBar();
    void wireActions();
    void showNewDocument();
    void updateTitle();
    void updateStatus();
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
    doc::Autosave* m_autosave = nullptr;
    DocumentController* m_files = nullptr;
    std::unique_ptr<EditorActions> m_actions;
    // Children of this window (Qt owns them); created in the constructor.

    ui::ViewportWidget* m_viewport = nullptr;
    ui::BoneTreeModel* m_boneModel = nullptr;
    ui::BoneFilterProxyModel* m_boneFilter = nullptr;
    ui::BoneTreeView* m_boneTree = nullptr;
    QLineEdit* m_boneFilterEdit = nullptr;
    ui::InspectorPanel* m_inspector = nullptr;
    ui::TimelineWidget* m_timeline = nullptr;
    QUndoView* m_undoView = nullptr;
    QLabel* m_selectionLabel = nullptr;
    QLabel* m_frameLabel = nullptr;
    QLabel* m_fpsLabel = nullptr;
    double m_lastFps = 0.0, m_lastPaintMs = 0.0;
};

} // namespace marrow::app
