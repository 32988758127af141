// SPDX-License-Identifier: MIT
#include "app/editor/main_window.h"

#include "app/editor/apply_rest_action.h"
#include "app/editor/bone_display_menu.h"
#include "app/editor/bone_tree_menu.h"
#include "app/editor/document_controller.h"
#include "app/editor/dope_sheet_wiring.h"
#include "app/editor/editor_actions.h"
#include "app/editor/editor_docks.h"
#include "app/editor/editor_menus.h"
#include "app/editor/export_actions.h"
#include "app/editor/editor_tools.h"
#include "app/editor/clip_actions.h"
#include "app/editor/key_actions.h"
#include "app/editor/log_wiring.h"
#include "app/editor/mesh_visibility_actions.h"
#include "app/editor/select_actions.h"
#include "app/editor/viewpoint_actions.h"
#include "app/editor/retarget_dock.h"
#include "app/editor/transitions_dock.h"
#include "app/editor/view_settings.h"
#include "app/editor/viewport_menus.h"
#include "core/commands/set_fps_command.h"
#include "app/editor/weight_paint_mode.h"
#include "app/editor/dock_tabs.h"
#include "widgets/weight_paint/weight_health_panel.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/key_selection.h"
#include "core/workspace/mesh_visibility.h"
#include "app/editor/shortcut_sections.h"
#include "app/editor/status_bar_presenter.h"
#include "app/editor/editor_options.h"
#include "app/editor/input_routing.h"
#include "core/commands/pose_clean_keeper.h"
#include "core/commands/set_joint_pose_command.h"
#include "core/commands/undo_macro.h"
#include "core/document/autosave.h"
#include "core/document/document.h"
#include "core/document/document_io.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/retarget_preview.h"
#include "core/workspace/transition_preview.h"
#include "core/workspace/selection.h"
#include "widgets/bone_tree/bone_filter_proxy_model.h"
#include "widgets/bone_tree/bone_tree_model.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/inspector/inspector_panel.h"
#include "widgets/log/log_panel.h"
#include "widgets/preferences/preferences_dialog.h"
#include "widgets/preferences/recent_files.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoView>
#include <QVBoxLayout>

#include <algorithm>

namespace marrow::app {

namespace {

constexpr int kLayoutVersion = 4;  // bump when docks change, so old saved layouts are ignored

} // namespace

MainWindow::MainWindow(QString stateDir, bool persistSettings, QWidget* parent)
    : QMainWindow(parent), m_stateDir(std::move(stateDir)), m_persist(persistSettings),
      m_document(std::make_unique<doc::Document>())
{
    setObjectName(QStringLiteral("MarrowMainWindow"));
    setWindowIcon(editorIcon("marrow"));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    m_selection = new ws::Selection(m_document.get(), this);
    m_playback = new ws::Playback(this);
    m_evaluator = new ws::PoseEvaluator(m_document.get(), m_playback, m_selection, this);
    m_brush = new ws::BrushState(this);
    m_poseEditor = new ws::PoseEditor(m_document.get(), m_playback, m_selection, m_evaluator, this);
    m_keys = new ws::KeySelection(m_document.get(), m_selection, this);
    m_transitionPreview = new ws::TransitionPreview(m_document.get(), m_playback, this);
    m_evaluator->setTransitionPreview(m_transitionPreview);
    // Picking a clip leaves the transition preview, as choosing a transition enters it.
    connect(m_selection, &ws::Selection::activeClipChanged, m_transitionPreview, [this] { m_transitionPreview->setActive(-1); });
    m_autosave = new doc::Autosave(m_document.get(), m_stateDir, this);
    m_files = new DocumentController(m_document.get(), this, this);
    {
        const QString sample = bundledSamplePath();
        m_files->setProtectedFolders(QDir(m_stateDir).filePath(QStringLiteral("recovery")),
                                     sample.isEmpty() ? QString() : QFileInfo(sample).absolutePath());
    }
    new cmd::PoseCleanKeeper(m_document.get(), this);
    m_actions = std::make_unique<EditorActions>(this, m_document->undoStack());

    m_viewport = new ui::ViewportWidget(m_document.get(), m_selection, m_evaluator, this);
    setCentralWidget(m_viewport);
    m_docks = std::make_unique<EditorDocks>(
        buildEditorDocks(this, m_document.get(), m_selection, m_playback, m_evaluator, m_brush));
    installTransitionsDock(this, *m_docks, m_document.get(), m_selection, m_playback, m_transitionPreview);
    installTransitionGhosts(m_viewport, m_document.get(), m_playback, m_transitionPreview);
    m_retargetPreview = new ws::RetargetPreview(m_document.get(), m_playback, this);
    installRetargetDock(this, *m_docks, m_actions->retargetFrom, m_document.get(), m_selection, m_playback, m_evaluator,
                        m_retargetPreview, m_transitionPreview, m_files, m_viewport);
    buildEditorMenus(this, *m_actions, *m_docks);
    buildEditorToolBar(this, *m_actions);
    installViewpointActions(this, m_viewport, m_actions->frameSelected);
    m_status = new StatusBarPresenter(statusBar(), m_document.get(), m_selection, m_playback);
    m_pose = installPoseMode(this, m_viewport, m_poseEditor, m_document.get(), m_selection, m_evaluator);
    m_paint = installWeightPaintMode(this, m_viewport, m_document.get(), m_selection, m_evaluator,
                                                         m_brush, m_actions->heatMap);
    wireWeightPaintDocks(m_paint, m_viewport, m_docks->weightPaint, m_docks->history, m_docks->logPanel,
                         m_document.get());
    wireRestPosition(m_actions->restPosition, m_evaluator, m_docks->weightPaintPanel);
    m_meshVisibility = new ws::MeshVisibility(m_document.get(), m_selection, this);
    installMeshVisibility(this, m_viewport, m_meshVisibility, m_paint.session);
    installEditorTools(this, m_viewport, m_viewport->tools(), m_status);
    m_keyActions = std::make_unique<KeyActions>(installKeyActions(this, m_viewport, *m_poseEditor, *m_selection));
    m_selectActions = std::make_unique<SelectActions>(
        installSelectActions(this, m_viewport, m_docks->boneTree, m_document.get(), m_selection, m_evaluator));
    m_weightViews = new WeightViewMenu(this, m_viewport, m_document.get(), m_evaluator, m_selection, m_playback,
                                       m_actions->heatMap);
    m_weightTable = installWeightTableDock(this, m_docks->weightPaint, m_document.get(), m_selection, m_paint.vertices,
                                           m_brush);
    m_weightTable.health->setViewSelector(m_weightViews->createSelector(m_weightTable.health));
    keepDockTabTitlesWhole(this);
    m_weightsMenu = installWeightsMenu(this, m_viewport, m_document.get(), m_selection, m_paint.vertices, m_brush, m_docks->logPanel);
    m_docks->timelineWidget->addTransportAction(m_keyActions->autoKey);
    addPoseMenuActions(m_pose, m_keyActions->menu);
    installApplyPoseAsRest(this, m_keyActions->menu, m_document.get(), m_evaluator);
    m_skeleton = installSkeletonEditMode({this, m_viewport, m_document.get(), m_selection, m_evaluator, m_poseEditor, m_pose.tool,
                             m_paint.vertices, m_docks->logPanel, m_status});
    m_viewState = installViewState(m_selection, m_playback, m_viewport, m_pose, m_paint, m_skeleton, m_files);
    wireDopeSheet(m_docks->timelineWidget, m_keys, m_viewport);
    m_docks->timelineWidget->addGraphTab(m_keys);
    installInputRouting(this, m_viewport, m_docks->boneTree, m_docks->timelineWidget);
    showKeyDragStatus(statusBar(), m_docks->timelineWidget);
    m_docks->inspectorPanel->setPoseEditor(m_poseEditor);
    m_clipActions = std::make_unique<ClipActions>(
        installClipActions(this, m_docks->timelineWidget, m_document.get(), m_selection, m_playback));
    installBoneTreeMenu(m_docks->boneTree, *m_selectActions, m_actions->frameSelected, m_document.get(), m_selection);
    installViewportMenus(m_viewport, {m_actions.get(), *m_keyActions, *m_selectActions, m_pose, m_paint,
                                      m_document.get(), m_selection, m_brush, m_skeleton});
    connect(m_document.get(), &doc::Document::rigReplaced, this, &MainWindow::syncFps);
    connect(m_document.get(), &doc::Document::fpsChanged, this, &MainWindow::syncFps);
    connect(m_docks->timelineWidget->fpsSpinBox(), &QSpinBox::valueChanged, this, [this](int fps) {
        m_document->undoStack()->push(cmd::makeSetFpsCommand(m_document.get(), fps).release());
    });
    wireActions();
    wireLog(m_files, *m_docks);
    m_exporter = installExportActions(this, *m_actions, m_document.get(), m_selection, m_meshVisibility, m_playback,
                                      m_files, m_docks->logPanel);

    if (m_persist) {
        QSettings settings;
        applySettings(ui::EditorSettings::load(settings));
        m_files->setRecentFiles(ui::RecentFiles::load(settings), m_settings.maxRecentFiles);
        restoreLayout();
        loadViewSettings(settings, *this);
    } else {
        applySettings(ui::EditorSettings{});
        resize(1280, 800);
    }
    updateTitle();
}

MainWindow::~MainWindow()
{
    // Listeners go before the document (Qt deletes children after members): its last cleanChanged updates no title.
    disconnect(m_document->undoStack(), nullptr, this, nullptr);
    delete m_viewport;
    const auto docks = findChildren<QDockWidget*>();
    for (QDockWidget* dock : docks)
        delete dock;
    delete m_docks->boneFilter;
    delete m_docks->boneModel;
    delete m_files;
    delete m_autosave;
    delete m_evaluator;
    delete m_transitionPreview;
    delete m_selection;
    delete m_playback;
    m_actions.reset();
}

void MainWindow::wireActions()
{
    EditorActions& a = *m_actions;
    connect(a.open, &QAction::triggered, this, [this] {
        const QString dir = m_files->sourcePath().isEmpty() ? QString() : QFileInfo(m_files->sourcePath()).absolutePath();
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open"), dir,
            tr("Rigs and documents (*.marrow *.gltf *.glb *.fbx *.dae *.md5mesh *.x *.bvh *.3ds *.ms3d *.smd);;"
               "All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    connect(a.importClips, &QAction::triggered, this, [this] {
        const QString dir = m_files->sourcePath().isEmpty() ? QString() : QFileInfo(m_files->sourcePath()).absolutePath();
        const QStringList paths = QFileDialog::getOpenFileNames(
            this, tr("Import Clips"), dir,
            tr("Animated files (*.marrow *.gltf *.glb *.fbx *.dae *.md5anim *.md5mesh *.x *.bvh);;All files (*)"));
        if (!paths.isEmpty())
            importClips(paths);
    });
    connect(a.importMesh, &QAction::triggered, this, [this] {
        const QString dir = m_files->sourcePath().isEmpty() ? QString() : QFileInfo(m_files->sourcePath()).absolutePath();
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Import Mesh"), dir, tr("Meshes (*.gltf *.glb *.obj *.fbx *.dae *.x *.md5mesh);;All files (*)"));
        if (!path.isEmpty())
            m_files->importMesh(path);
    });
    connect(a.save, &QAction::triggered, m_files, &DocumentController::save);
    connect(a.saveAs, &QAction::triggered, m_files, &DocumentController::saveAs);
    connect(a.preferences, &QAction::triggered, this, &MainWindow::showPreferences);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(a.about, &QAction::triggered, this, &MainWindow::showAbout);
    connect(a.keyboardShortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    connect(a.resetPose, &QAction::triggered, this, [this] {
        const auto overrides = m_document->poseOverrides();
        if (overrides.empty())
            return;
        cmd::UndoMacro macro(m_document->undoStack(), tr("Reset Pose"));
        for (const auto& [joint, pose] : overrides)
            m_document->undoStack()->push(
                new cmd::SetJointPoseCommand(m_document.get(), joint, std::nullopt, m_document->beginInteraction()));
    });
    connect(a.frameAll, &QAction::triggered, m_viewport, &ui::ViewportWidget::frameAll);
    connect(a.frameSelected, &QAction::triggered, m_viewport, &ui::ViewportWidget::frameSelected);
    connect(a.wireframe, &QAction::toggled, m_viewport, &ui::ViewportWidget::setWireframe);
    connect(a.textureColour, &QAction::toggled, m_viewport, &ui::ViewportWidget::setTexturedShading);
    m_viewport->setTexturedShading(a.textureColour->isChecked());
    connect(a.grid, &QAction::toggled, m_viewport, &ui::ViewportWidget::setShowGrid);
    installBoneDisplayMenu(a.boneDisplay, a.bones, m_viewport);
    connect(a.heatMap, &QAction::toggled, m_viewport, &ui::ViewportWidget::setHeatMap);
    connect(a.follow, &QAction::toggled, m_viewport, &ui::ViewportWidget::setFollow);
    connect(a.dualQuaternion, &QAction::toggled, this, [this](bool on) {
        m_viewport->setSkinningMethod(on ? mesh::SkinningMethod::DualQuaternion : mesh::SkinningMethod::Linear);
    });

    connect(a.playPause, &QAction::triggered, m_playback, &ws::Playback::togglePlay);
    connect(a.playReversed, &QAction::triggered, m_playback, &ws::Playback::togglePlayReversed);
    connect(a.stepForward, &QAction::triggered, m_playback, &ws::Playback::stepForward);
    connect(a.stepBackward, &QAction::triggered, m_playback, &ws::Playback::stepBackward);
    connect(a.jumpStart, &QAction::triggered, m_playback, &ws::Playback::jumpToStart);
    connect(a.jumpEnd, &QAction::triggered, m_playback, &ws::Playback::jumpToEnd);
    connect(a.loop, &QAction::toggled, m_playback, &ws::Playback::setLoop);
    connect(m_playback, &ws::Playback::loopChanged, a.loop, &QAction::setChecked);
    connect(m_playback, &ws::Playback::playingChanged, this, [this](bool playing) {
        m_actions->playPause->setIcon(editorIcon(playing ? "pause" : "play"));
    });
    // Left/Right step frames in the viewport too (the tree keeps its arrows).
    for (const auto& [key, slot] : {std::pair{Qt::Key_Right, &ws::Playback::stepForward},
                                    std::pair{Qt::Key_Left, &ws::Playback::stepBackward}}) {
        auto* step = new QAction(key == Qt::Key_Right ? tr("Next frame") : tr("Previous frame"), m_viewport);
        step->setShortcut(QKeySequence(key));
        step->setShortcutContext(Qt::WidgetShortcut);
        m_viewport->addAction(step);
        connect(step, &QAction::triggered, m_playback, slot);
    }

    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_document.get(), &doc::Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_files, &DocumentController::documentOpened, this, &MainWindow::showNewDocument);
    connect(m_files, &DocumentController::documentSaved, this, &MainWindow::updateTitle);
    connect(m_files, &DocumentController::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, 6000); });
    connect(m_files, &DocumentController::recentFilesChanged, this, [this] {
        rebuildRecentMenu();
        if (m_persist) {
            QSettings settings;
            ui::RecentFiles::save(settings, m_files->recentFiles());
        }
    });
    connect(m_viewport, &ui::ViewportWidget::frameStats, m_status, &StatusBarPresenter::onFrame);
    connect(m_viewport, &ui::ViewportWidget::viewMoved, m_status, &StatusBarPresenter::onViewMoved);
    rebuildRecentMenu();
}

void MainWindow::applySettings(const ui::EditorSettings& settings)
{
    m_settings = settings;
    EditorActions& a = *m_actions;
    const ui::NavigationScheme scheme = settings.navigation == ui::EditorSettings::Navigation::Maya
                                            ? ui::NavigationScheme::Maya
                                            : ui::NavigationScheme::Blender;
    m_viewport->setNavigationScheme(scheme);
    setViewportKeymap(a, m_viewport, scheme);
    setPoseKeymap(m_pose, m_viewport->tools(), scheme);
    setSkeletonKeymap(m_skeleton, scheme);
    setSelectKeymap(*m_selectActions, scheme);
    a.dualQuaternion->setChecked(settings.dualQuaternionSkinning);
    a.grid->setChecked(settings.showGrid);
    a.bones->setChecked(settings.showBones);
    a.wireframe->setChecked(settings.showWireframe);
    a.loop->setChecked(settings.loopPlayback);
    syncFps();
    m_autosave->setIntervalMs(settings.autosaveIntervalSeconds * 1000);
}

void MainWindow::syncFps()
{
    // The document's own frame rate wins; a document without one takes the preference.
    m_playback->setFps(m_document->fps() > 0.0 ? m_document->fps() : m_settings.fps);
}

bool MainWindow::openFile(const QString& path)
{
    return m_files->open(path);
}

bool MainWindow::importClips(const QString& path)
{
    return importClips(QStringList{path});
}

bool MainWindow::importClips(const QStringList& paths)
{
    const QList<int> added = m_files->importClips(paths);
    if (added.isEmpty())
        return false;
    // Show what came in: the first new clip, from its start.
    m_selection->setActiveClip(added.front());
    m_playback->setTime(0.0);
    return true;
}

bool MainWindow::restoreRecovery(const QString& recoveryFile)
{
    const QString original = doc::Autosave::recoveredDocumentPath(recoveryFile);
    const QString source = doc::Autosave::recoveredSourcePath(recoveryFile);
    if (!m_files->openRecovery(recoveryFile, original, source))
        return false;
    // The recovered work is unsaved: show the modified mark until it is
    // saved, and let saving (or discarding) it remove the recovery file.
    m_document->undoStack()->resetClean();
    m_autosave->adoptRecoveryFile(recoveryFile);
    showNewDocument();
    statusBar()->showMessage(tr("Restored the unsaved work on %1").arg(m_files->displayName()), 8000);
    return true;
}

void MainWindow::showNewDocument()
{
    updateTitle();
    // The workspace put the saved clip and time back (else the first clip at 0); then the mode, framed.
    restoreEditorMode(m_viewState, m_document->viewState().mode);
    m_viewport->frameAll();
}

void MainWindow::updateTitle()
{
    QString name = m_files->displayName();
    if (!m_document->filePath().isEmpty())
        name = QFileInfo(m_document->filePath()).fileName();
    setWindowTitle(tr("%1[*] — Marrow").arg(name));
    setWindowModified(m_document->isModified());
}

void MainWindow::rebuildRecentMenu()
{
    QMenu* menu = m_actions->recentMenu;
    menu->clear();
    const QStringList files = m_files->recentFiles();
    for (const QString& path : files) {
        QAction* action = menu->addAction(QFileInfo(path).fileName());
        action->setToolTip(path);
        action->setStatusTip(path);
        // A file that has gone stays listed (it may be on a drive that comes back) but greyed.
        action->setEnabled(QFileInfo::exists(path));
        connect(action, &QAction::triggered, this, [this, path] { openFile(path); });
    }
    menu->setEnabled(!files.isEmpty());
}

void MainWindow::showPreferences()
{
    auto* dialog = new ui::PreferencesDialog(m_settings, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        applySettings(dialog->settings());
        if (m_persist) {
            QSettings settings;
            m_settings.save(settings);
        }
        m_files->setRecentFiles(m_files->recentFiles(), m_settings.maxRecentFiles);
    });
    dialog->open();
}

void MainWindow::showShortcuts()
{
    auto* dialog = new ShortcutsDialog(editorShortcutSections(*this), m_viewport->navigationScheme(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Marrow"),
                       tr("<b>Marrow %1</b><p>Rig and weight editor.</p>"
                          "<p>The bundled sample is a synthetic rig made by the Marrow project (MIT).</p>")
                           .arg(QStringLiteral(MARROW_VERSION)));
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1280, 800);
    m_defaultDockHeights = !restoreState(settings.value(QStringLiteral("window/state")).toByteArray(), kLayoutVersion);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (!m_defaultDockHeights)
        return;
    m_defaultDockHeights = false;
    // The default layout's timeline: room for the summary, a bone and its
    // three channels, and no more, so the right-hand docks above History
    // show every option at 1600x1000 (a dock's height only takes once the
    // window is laid out).
    QTimer::singleShot(0, this, [this] {
        resizeDocks({m_docks->timeline}, {std::clamp(height() * 27 / 100, 170, 216)}, Qt::Vertical);
    });
}

void MainWindow::saveLayout()
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kLayoutVersion));
    // Toggles changed from the toolbar are preferences too.
    m_settings.showGrid = m_actions->grid->isChecked();
    m_settings.showBones = m_actions->bones->isChecked();
    m_settings.showWireframe = m_actions->wireframe->isChecked();
    m_settings.dualQuaternionSkinning = m_actions->dualQuaternion->isChecked();
    m_settings.loopPlayback = m_actions->loop->isChecked();
    m_settings.save(settings);
    saveViewSettings(settings, *this);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    // Saved or knowingly discarded: nothing is left to recover.
    m_autosave->discardCurrent();
    if (m_persist)
        saveLayout();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls() && !event->mimeData()->urls().isEmpty() &&
        event->mimeData()->urls().front().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile())
        return;
    event->acceptProposedAction();
    // Opening shows dialogs: leave the drop handler first.
    const QString path = urls.front().toLocalFile();
    QMetaObject::invokeMethod(this, [this, path] { openFile(path); }, Qt::QueuedConnection);
}

} // namespace marrow::app
