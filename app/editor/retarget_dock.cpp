// SPDX-License-Identifier: MIT
#include "app/editor/retarget_dock.h"

#include "app/editor/document_controller.h"
#include "app/editor/editor_docks.h"
#include "core/commands/add_clip_command.h"
#include "core/commands/rename_clip_command.h"
#include "core/model/bone_map_json.h"
#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/retarget_preview.h"
#include "core/workspace/selection.h"
#include "core/workspace/transition_preview.h"
#include "widgets/log/log_panel.h"
#include "widgets/retarget/retarget_panel.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QMainWindow>
#include <QStatusBar>
#include <QTimer>

namespace marrow::app {

namespace {

bool readSource(ws::RetargetPreview* preview, DocumentController* files, ui::LogPanel* log, const QString& path)
{
    model::Rig source;
    if (const std::optional<QString> error = files->readRig(path, source)) {
        log->addEntry(ui::LogPanel::Severity::Error, path, *error);
        return false;
    }
    preview->setSource(std::move(source), QFileInfo(path).fileName());
    if (!preview->error().isEmpty())
        log->addEntry(ui::LogPanel::Severity::Warning, path, preview->error());
    return preview->result().has_value();
}

void openSource(QMainWindow* window, ws::RetargetPreview* preview, DocumentController* files, ui::LogPanel* log)
{
    const QString path = QFileDialog::getOpenFileName(
        window, QObject::tr("Retarget From"), QString(),
        QObject::tr("Rigs and animations (*.gltf *.glb *.fbx *.dae *.md5mesh *.md5anim *.x *.bvh *.marrow);;All files (*)"));
    // A source that fits plays at once, its bones beside the character.
    if (!path.isEmpty() && readSource(preview, files, log, path))
        preview->setActive(true);
}

const QString kMapFilter = QStringLiteral("Bone maps (*.json);;All files (*)");

} // namespace

bool saveRetargetMap(const ws::RetargetPreview& preview, const QString& path, QString& error)
{
    const model::Rig* source = preview.source();
    if (!source || !preview.document()) {
        error = QObject::tr("no source to save a map for");
        return false;
    }
    const std::string json = model::boneMapToJson(preview.map(), preview.options(), source->skeleton,
                                                  preview.document()->rig().skeleton);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(json.data(), static_cast<qint64>(json.size())) != static_cast<qint64>(json.size()) ||
        !file.commit()) {
        error = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), file.errorString());
        return false;
    }
    return true;
}

bool loadRetargetMap(ws::RetargetPreview& preview, const QString& path, QString& error)
{
    const model::Rig* source = preview.source();
    if (!source || !preview.document()) {
        error = QObject::tr("open a source before loading a map for it");
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), file.errorString());
        return false;
    }
    const QByteArray text = file.readAll();
    std::string why;
    std::optional<model::BoneMapFile> map = model::boneMapFromJson(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                                                                  source->skeleton, preview.document()->rig().skeleton, why);
    if (!map) {
        error = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), QString::fromStdString(why));
        return false;
    }
    preview.setMap(std::move(map->map), map->options);
    return true;
}

void installRetargetDock(QMainWindow* window, EditorDocks& docks, QAction* retargetFrom, doc::Document* document,
                         ws::Selection* selection, ws::Playback* playback, ws::PoseEvaluator* evaluator,
                         ws::RetargetPreview* preview, ws::TransitionPreview* transitions, DocumentController* files,
                         ui::ViewportWidget* viewport)
{
    evaluator->setRetargetPreview(preview);
    docks.retargetPanel = new ui::RetargetPanel(document, preview, window);
    auto* dock = new QDockWidget(QObject::tr("Retarget"), window);
    dock->setObjectName(QStringLiteral("RetargetDock"));
    dock->setWidget(docks.retargetPanel);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    docks.retarget = dock;
    window->tabifyDockWidget(docks.transitions ? docks.transitions : docks.weightPaint, dock);
    giveColumnOnFirstShow(window, dock, docks.history);
    dock->hide();
    ui::LogPanel* log = docks.logPanel;
    QObject::connect(retargetFrom, &QAction::triggered, window, [=] {
        dock->show();
        dock->raise();
        window->resizeDocks({dock}, {520}, Qt::Horizontal);  // room for two trees side by side
        if (!preview->hasSource())
            openSource(window, preview, files, log);
    });
    QObject::connect(docks.retargetPanel, &ui::RetargetPanel::openRequested, window,
                     [=] { openSource(window, preview, files, log); });
    QObject::connect(docks.retargetPanel, &ui::RetargetPanel::saveMapRequested, window, [=] {
        const QString path = QFileDialog::getSaveFileName(window, QObject::tr("Save Bone Map"), QString(), kMapFilter);
        QString error;
        if (!path.isEmpty() && !saveRetargetMap(*preview, path, error))
            log->addEntry(ui::LogPanel::Severity::Error, path, error);
        else if (!path.isEmpty())
            window->statusBar()->showMessage(QObject::tr("Saved the bone map to %1").arg(path), 8000);
    });
    QObject::connect(docks.retargetPanel, &ui::RetargetPanel::loadMapRequested, window, [=] {
        const QString path = QFileDialog::getOpenFileName(window, QObject::tr("Load Bone Map"), QString(), kMapFilter);
        QString error;
        if (!path.isEmpty() && !loadRetargetMap(*preview, path, error))
            log->addEntry(ui::LogPanel::Severity::Error, path, error);
    });
    QObject::connect(docks.retargetPanel, &ui::RetargetPanel::bakeRequested, window, [=] {
        std::optional<anim::Clip> clip = preview->bake();
        if (!clip)
            return;
        const QString name = QString::fromStdString(clip->name);
        // One entry: the clip, and the map it was made with kept under the source's name.
        auto* bake = new QUndoCommand(QObject::tr("Retarget %1 from %2").arg(name, preview->sourceName()));
        auto* command = new cmd::AddClipCommand(document, std::move(*clip), -1, bake);
        doc::BoneMaps maps = document->boneMaps();
        maps[preview->sourceName().toStdString()] =
            model::boneMapToJson(preview->map(), preview->options(), preview->source()->skeleton, document->rig().skeleton);
        new cmd::ChangeValueCommand<doc::BoneMaps>(
            document, cmd::ValueKey{cmd::kBoneMapsProperty, 0}, model::InteractionId{},
            [](const doc::Document& d) { return d.boneMaps(); },
            [](doc::Document& d, const doc::BoneMaps& v) { d.setBoneMaps(v); }, maps, bake->text(), bake);
        document->undoStack()->push(bake);
        preview->setActive(false);
        selection->setActiveClip(command->index());
        window->statusBar()->showMessage(QObject::tr("Baked %1").arg(name), 8000);
    });
    // What plays, as the timeline and the status bar name it.
    const auto playing = [preview] {
        const QString clip = preview->result() ? QString::fromStdString(preview->result()->clip.name) : QString();
        return QObject::tr("%1 from %2").arg(clip, preview->sourceName());
    };
    ui::TimelineWidget* timeline = docks.timelineWidget;
    QObject::connect(preview, &ws::RetargetPreview::changed, window, [=] {
        if (timeline && preview->isActive())
            timeline->setPreviewing(playing());
    });
    // One preview at a time: the retarget's or a transition's; choosing a clip leaves both.
    QObject::connect(preview, &ws::RetargetPreview::activeChanged, window, [=](bool on) {
        if (on)
            transitions->setActive(-1);
        // Frame the character and the source beside it (the margin is set as the pose comes).
        viewport->setFrameMargin(on ? glm::abs(preview->figureOffset()) : glm::vec3(0.f));
        const QString what = playing();
        if (timeline)
            timeline->setPreviewing(on ? what : QString());
        if (on) {
            viewport->frameAll();
            window->statusBar()->showMessage(QObject::tr("Previewing %1: Bake keeps it as a clip").arg(what), 10000);
        }
    });
    if (timeline)
        QObject::connect(timeline, &ui::TimelineWidget::previewLeft, preview, [=] { preview->setActive(false); });
    QObject::connect(transitions, &ws::TransitionPreview::activeChanged, preview, [=] {
        if (transitions->isActive())
            preview->setActive(false);
    });
    QObject::connect(selection, &ws::Selection::activeClipChanged, preview, [=] { preview->setActive(false); });
    QObject::connect(dock, &QDockWidget::visibilityChanged, preview, [=](bool visible) {
        if (!visible && !dock->isVisible())
            preview->setActive(false);  // closed, not merely tabbed behind another
    });
    // The source's bones beside the character, as the pose moves.
    QObject::connect(evaluator, &ws::PoseEvaluator::poseChanged, viewport, [=] {
        std::vector<gl::OverlayVertex> lines;
        if (preview->isActive())
            for (const glm::vec3& p : preview->sourceFigure(playback->time()))
                lines.push_back({p, glm::vec4(0.45f, 0.7f, 1.f, 1.f)});
        viewport->setFrameMargin(preview->isActive() ? glm::abs(preview->figureOffset()) : glm::vec3(0.f));
        viewport->setGuideLines(std::move(lines));
    });
}

bool startRetarget(const EditorDocks& docks, ws::RetargetPreview* preview, DocumentController* files, const QString& path)
{
    docks.retarget->show();
    docks.retarget->raise();
    if (auto* window = qobject_cast<QMainWindow*>(docks.retarget->parentWidget()))
        window->resizeDocks({docks.retarget}, {520}, Qt::Horizontal);
    if (!readSource(preview, files, docks.logPanel, path))
        return false;
    preview->setActive(true);
    if (auto* window = qobject_cast<QMainWindow*>(docks.retarget->parentWidget()))  // in front once shown
        QTimer::singleShot(0, docks.retarget, [window, dock = docks.retarget] { bringDockToFront(window, dock); });
    return true;
}

} // namespace marrow::app
