// SPDX-License-Identifier: MIT
#include "app/editor/export_actions.h"

#include "app/editor/document_controller.h"
#include "app/editor/editor_actions.h"
#include "app/editor/export_controller.h"
#include "core/document/document.h"
#include "widgets/log/log_panel.h"

#include <QAction>
#include <QFileInfo>
#include <QMainWindow>
#include <QStatusBar>

namespace marrow::app {

ExportController* installExportActions(QMainWindow* window, const EditorActions& actions, doc::Document* document,
                                       ws::Selection* selection, ws::MeshVisibility* visibility,
                                       ws::Playback* playback, DocumentController* files, ui::LogPanel* log)
{
    auto* exporter = new ExportController(document, selection, visibility, playback, window, window);
    QObject::connect(actions.exportGltf, &QAction::triggered, exporter, &ExportController::exportWithDialog);
    QObject::connect(actions.exportAs, &QAction::triggered, exporter, &ExportController::exportWithDialog);
    QObject::connect(actions.exportAgain, &QAction::triggered, exporter, &ExportController::exportAgain);
    exporter->setFolderProvider([files] { return files->saveAsFolder(); });
    files->setExportHandler([exporter](const QString& path) { return exporter->exportTo(path); });
    // Re-export names where it writes, once there is a last export.
    const auto nameTarget = [document, action = actions.exportAgain] {
        const QString path = document->exportPath();
        action->setText(path.isEmpty() ? QObject::tr("&Re-export")
                                       : QObject::tr("&Re-export to %1").arg(QFileInfo(path).fileName()));
    };
    QObject::connect(exporter, &ExportController::exported, exporter, nameTarget);
    QObject::connect(document, &doc::Document::rigReplaced, exporter, nameTarget);
    nameTarget();

    QObject::connect(exporter, &ExportController::statusMessage, window,
                     [window](const QString& message) { window->statusBar()->showMessage(message, 8000); });
    QObject::connect(exporter, &ExportController::exported, log,
                     [log](const QString& path, const QString& summary, const QStringList& warnings) {
                         const QString file = QFileInfo(path).fileName();
                         for (const QString& warning : warnings)
                             log->addEntry(ui::LogPanel::Severity::Warning, file, warning);
                         log->addEntry(ui::LogPanel::Severity::Info, file, summary);
                     });
    QObject::connect(exporter, &ExportController::exportFailed, log, [log](const QString& path, const QString& message) {
        log->addEntry(ui::LogPanel::Severity::Error, QFileInfo(path).fileName(), message);
    });
    return exporter;
}

} // namespace marrow::app
