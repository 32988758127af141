// SPDX-License-Identifier: MIT
#include "app/editor/log_wiring.h"

#include "app/editor/document_controller.h"
#include "app/editor/editor_docks.h"
#include "widgets/log/log_panel.h"

#include <QDockWidget>
#include <QFileInfo>

namespace marrow::app {
namespace {

// Import messages start with the file's path, which the log's File column
// already shows: keep the message itself.
QString withoutPath(const QString& message, const QString& path)
{
    for (const QString& prefix : {path + QStringLiteral(": "), QFileInfo(path).fileName() + QStringLiteral(": ")})
        if (message.startsWith(prefix))
            return message.mid(prefix.size());
    return message;
}

} // namespace

void wireLog(DocumentController* files, const EditorDocks& docks)
{
    ui::LogPanel* log = docks.logPanel;
    QObject::connect(files, &DocumentController::documentOpened, log,
                     [files, log](const QString& path, const QStringList& warnings) {
                         const QString file = QFileInfo(path).fileName();
                         for (const QString& warning : warnings)
                             log->addEntry(ui::LogPanel::Severity::Warning, file, withoutPath(warning, path));
                         log->addEntry(ui::LogPanel::Severity::Info, file,
                                       warnings.isEmpty()
                                           ? QObject::tr("Opened %1").arg(path)
                                           : QObject::tr("Opened %1 with %n warning(s)", nullptr, int(warnings.size()))
                                                 .arg(path));
                         for (const QString& note : files->lastNotes())
                             log->addEntry(ui::LogPanel::Severity::Info, file, note);
                     });
    QObject::connect(files, &DocumentController::operationFailed, log,
                     [log](const QString& path, const QString& message) {
                         log->addEntry(ui::LogPanel::Severity::Error, QFileInfo(path).fileName(),
                                       withoutPath(message, path));
                     });
    QObject::connect(files, &DocumentController::clipsImported, log,
                     [log](const QString& path, const QStringList& clips, const QStringList& warnings) {
                         const QString file = QFileInfo(path).fileName();
                         for (const QString& warning : warnings)
                             log->addEntry(ui::LogPanel::Severity::Warning, file, withoutPath(warning, path));
                         log->addEntry(ui::LogPanel::Severity::Info, file,
                                       QObject::tr("Imported clips %1").arg(clips.join(QStringLiteral(", "))));
                     });
    QObject::connect(files, &DocumentController::documentSaved, log, [log](const QString& path) {
        log->addEntry(ui::LogPanel::Severity::Info, QFileInfo(path).fileName(), QObject::tr("Saved %1").arg(path));
    });
    // Warnings are worth a look: bring the Log forward (it shares a tab with History).
    QDockWidget* dock = docks.log;
    QObject::connect(log, &ui::LogPanel::attentionNeeded, dock, [dock] {
        dock->show();
        dock->raise();
    });
}

} // namespace marrow::app
