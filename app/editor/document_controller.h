// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/document_extras.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <string>
#include <vector>

class QWidget;

namespace marrow::doc {
class Document;
}
namespace marrow::anim {
struct Clip;
}
namespace marrow::model {
struct Rig;
}

namespace marrow::app {

// Opening and saving for the main window: reads a file in a worker thread
// (a busy progress dialog appears when it takes longer than 0.3 s), then
// swaps the rig in; asks before discarding unsaved work; saves atomically;
// keeps the recent-files list. A failed open shows one error dialog naming
// the file and the problem and leaves the open document exactly as it was
// (the new rig is built and validated completely before the swap).
//
// Dialogs are window-modal and opened with open(), never exec(), so the
// event loop keeps running and GUI tests can read and close them.
class DocumentController : public QObject {
    Q_OBJECT
public:
    DocumentController(doc::Document* document, QWidget* window, QObject* parent = nullptr);

    // What the title shows: the file's name, or "Untitled".
    QString displayName() const;
    // The file the document came from (native or imported); empty when new.
    QString sourcePath() const;
    // Where Save As starts: the source's folder when it is writable and not
    // the install or recovery folder, else the user's documents folder.
    QString saveAsFolder() const;
    // Folders that are no home for the user's documents: recovery files are
    // kept out of Open Recent, and neither folder is offered by Save As.
    void setProtectedFolders(const QString& recoveryDir, const QString& installDir);

    // Opens `path` (any format core/io reads, or .marrow). Returns true when
    // the document now holds it. With `askToSave`, unsaved changes are
    // offered for saving first (after the file was read successfully, so a
    // bad file never costs a question).
    bool open(const QString& path, bool askToSave = true);
    // Restores a recovery file as the document it was written for: the native
    // path and the source (from Autosave's companion file) become the
    // document's, so it is titled and saved like that document. Not added to
    // Open Recent; never asks to save.
    bool openRecovery(const QString& recoveryFile, const QString& documentPath, const QString& sourcePath);
    // File › Import Clips: reads each of `paths` (any format) and adds its
    // clips to the document, joints matched by name (model::transferClips),
    // as one undo entry for them all. A clip whose name the document uses
    // takes its file's (model::importedClipName). A file that cannot be read
    // or has no clip for this rig shows its error and is left out. Returns
    // the indices of the new clips (empty when none came in). The document's
    // rig, meshes and other clips are untouched.
    QList<int> importClips(const QStringList& paths);
    QList<int> importClips(const QString& path) { return importClips(QStringList{path}); }
    // Reads another file's rig (Retarget From's source) without touching the
    // document: nullopt, or the file and the problem in words.
    std::optional<QString> readRig(const QString& path, model::Rig& rig);
    // File › Import Mesh: reads `path` (any format) and adds its meshes, with
    // their materials and textures, as static meshes on a new root node named
    // after the file (model::appendMeshes), one undo entry; Weights › Bind to
    // Skeleton then binds them. False, with the error shown, when the file
    // cannot be read or has no mesh.
    bool importMesh(const QString& path);
    // The warnings of the last successful open (import repairs), for the log.
    QStringList lastWarnings() const { return m_lastWarnings; }
    // What else the last successful open decided (an import's frame rate), for the log.
    QStringList lastNotes() const { return m_lastNotes; }
    bool save();    // Save As when the document has no native path
    // Asks for a name: a .marrow is saved; a .glb or .gltf is exported (the
    // export handler); anything else is refused with the reason, never
    // given a second suffix. A name without a suffix takes the chosen type's.
    bool saveAs();
    // What Save As does with a name it was given (tests call it directly).
    bool saveOrExport(const QString& path);
    // The export behind Save As to .glb or .gltf (the ExportController's
    // exportTo): true when written.
    void setExportHandler(std::function<bool(const QString& path)> handler) { m_export = std::move(handler); }
    bool saveTo(const QString& path);
    // Where the user is (the active clip, time, mode), asked for before each
    // save so the document reopens there (doc::ViewState; no edit).
    void setViewStateSource(std::function<doc::ViewState()> source) { m_viewState = std::move(source); }
    // Unsaved changes: asks Save / Discard / Cancel. True to go on.
    bool maybeSave();

    QStringList recentFiles() const { return m_recent; }
    void setRecentFiles(const QStringList& files, int maxCount);

    // Last error shown (empty when the last operation succeeded); for tests and the status bar.
    QString lastError() const { return m_lastError; }
    // The dialog showing the last error, while it is open (tests close it).
    QWidget* errorDialog() const { return m_errorDialog; }

    // Replaces the question "save changes?" (tests answer it without a dialog):
    // return QMessageBox::Save, Discard or Cancel.
    void setSaveQuestion(std::function<int()> ask) { m_askSave = std::move(ask); }
    // Replaces the file dialog of Save As (tests give a path; empty cancels).
    void setSaveAsPathProvider(std::function<QString(const QString& suggested)> provider)
    {
        m_saveAsPath = std::move(provider);
    }

signals:
    void documentOpened(const QString& path, const QStringList& warnings);
    void documentSaved(const QString& path);
    void recentFilesChanged(const QStringList& files);
    void statusMessage(const QString& message);
    // Clips came in from `path`; `warnings` name the joints the document lacks.
    void clipsImported(const QString& path, const QStringList& clips, const QStringList& warnings);
    // An open or a save failed: the file and the message the dialog shows.
    void operationFailed(const QString& path, const QString& message);

private:
    void showError(const QString& title, const QString& message);
    void addRecent(const QString& path);
    std::optional<std::string> readInBackground(const QString& path, std::vector<std::string>& warnings,
                                               model::Rig& rig, doc::DocumentExtras& extras);
    bool load(const QString& absolute, bool askToSave);
    // One Import Clips file's clips, matched to the document's skeleton; false (error shown) when none.
    bool readClips(const QString& absolute, std::vector<anim::Clip>& clips, QStringList& warnings);
    void announceOpened(const QString& absolute);

    QPointer<doc::Document> m_document;
    std::function<doc::ViewState()> m_viewState;
    QPointer<QWidget> m_window;
    QPointer<QWidget> m_errorDialog;
    QString m_lastError;
    QStringList m_lastWarnings;
    QStringList m_lastNotes;
    QString m_recoveryDir;
    QString m_protectedDir;
    QStringList m_recent;
    int m_maxRecent = 10;
    std::function<int()> m_askSave;
    std::function<QString(const QString&)> m_saveAsPath;
    std::function<bool(const QString&)> m_export;
};

} // namespace marrow::app
