// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/export_profile.h"
#include "app/editor/export_dialog.h"
#include "core/io/model_export.h"
#include "core/model/export_settings.h"

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QThread>

#include <functional>


class QWidget;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class MeshVisibility;
class Playback;
class Selection;
}

namespace marrow::app {



// File › Export for the main window: the dialog (options kept in the
// document, one undo entry when they change), Ctrl+E (the last export path
// and the saved options, no dialog), and Save As to a .glb or .gltf. The
// file is encoded on a worker thread (io::encodeExport, the code behind
// marrow-cli convert) under a progress dialog with Cancel; what it cannot
// carry is shown before anything is written, with Cancel; then it is
// written atomically. An export never touches the undo history or the
// document's modified mark: the path it went to is remembered beside the
// options (Document::exportPath) and saved with the document.
class ExportController : public QObject {
    Q_OBJECT
public:
    ExportController(doc::Document* document, ws::Selection* selection, ws::MeshVisibility* visibility,
                     ws::Playback* playback, QWidget* window, QObject* parent = nullptr);
    ~ExportController() override;

    // Where a first export is suggested (Save As's folder: beside the
    // source unless that is the install or recovery folder).
    void setFolderProvider(std::function<QString()> folder) { m_folder = std::move(folder); }

    // File › Export › glTF 2.0… and Export As…: opens the dialog (open(), so
    // the event loop runs); Export there stores the options and exports.
    void exportWithDialog();
    // Ctrl+E: again to the last path with the document's options; the
    // dialog when the document was never exported. True when written.
    bool exportAgain();
    // Exports to `path` (.glb or .gltf: the container follows the name)
    // with the document's options. True when written; false when cancelled
    // or failed (the error shown).
    bool exportTo(const QString& path);

    // The open export dialog (tests fill it and press Export), else null.
    ExportDialog* dialog() const { return m_dialog; }
    QString lastError() const { return m_lastError; }
    // Replaces the question "the file will not carry ...: export anyway?"
    // (tests answer without a dialog): true exports.
    void setWarningAnswer(std::function<bool(const QStringList& warnings)> answer) { m_answer = std::move(answer); }

signals:
    // Written: where, one line saying what, and what it did not carry.
    void exported(const QString& path, const QString& summary, const QStringList& warnings);
    void exportFailed(const QString& path, const QString& message);
    void statusMessage(const QString& message);

private:
    bool run(const QString& path, const model::ExportSettings& settings, const model::ExportProfile& profile);
    bool askToGoOn(const QString& path, const QStringList& warnings);
    io::ExportRequest requestFor(const model::ExportSettings& settings, const model::ExportProfile& profile) const;
    std::string sourceName() const;
    void previewLosses(ExportDialog* dialog);
    void fail(const QString& path, const QString& message);
    QString suggestedPath() const;

    QPointer<doc::Document> m_document;
    ws::Selection* m_selection;
    ws::MeshVisibility* m_visibility;
    ws::Playback* m_playback;
    QPointer<QWidget> m_window;
    QPointer<ExportDialog> m_dialog;
    QString m_lastError;
    // The warnings the user already accepted for a path: Ctrl+E does not ask twice.
    QString m_acceptedPath;
    QStringList m_accepted;
    std::function<bool(const QStringList&)> m_answer;
    std::function<QString()> m_folder;
    QPointer<QThread> m_preview;
};

} // namespace marrow::app
