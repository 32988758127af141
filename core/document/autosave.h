// SPDX-License-Identifier: MIT
#pragma once
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <optional>
#include <string>

namespace marrow::doc {

class Document;

// Writes the document to a recovery file on a timer, so a crash (kill -9)
// loses at most one interval of work. A recovery file is written only when
// the undo stack's index moved (or the rig was replaced) since the last one,
// and never through saveDocument: autosave must not call setClean(), or the
// user's modified mark and QUndoStack's merge barrier at the clean index
// would lie. When the document becomes clean (saved, or undone back to the
// saved state) the recovery file is removed: there is nothing to recover.
//
// Recovery files live in <stateDir>/recovery/, one per document (a hash of
// its native path, or of the file it was imported from while it has none, so
// two documents with the same name do not collide), in the native format:
// the next start offers to open them. A recovery file goes when its document
// is saved, undone back to the saved state, or replaced (saved or discarded).
class Autosave : public QObject {
    Q_OBJECT
public:
    // `stateDir`: a per-user writable folder (the app passes
    // QStandardPaths::AppLocalDataLocation; tests pass a temporary folder).
    Autosave(Document* document, QString stateDir, QObject* parent = nullptr);

    // Timer interval; 0 stops the timer (autosave off). Default 60 s.
    void setIntervalMs(int ms);
    int intervalMs() const { return m_timer.interval(); }

    // Writes now if anything changed since the last write. Returns true when a
    // file was written; on a write error, lastError() says why.
    bool autosaveNow();
    std::optional<std::string> lastError() const { return m_lastError; }

    QString recoveryPath() const;
    // A recovery file restored into this document: removed like our own when
    // the document is saved or discarded.
    void adoptRecoveryFile(const QString& recoveryFile);
    // Removes this document's recovery file (closing without saving).
    void discardCurrent();
    static QString recoveryPathFor(const QString& documentPath, const QString& stateDir);
    static bool hasRecovery(const QString& documentPath, const QString& stateDir);
    static bool discardRecovery(const QString& documentPath, const QString& stateDir);
    // Every recovery file in `stateDir`, newest first: what a crash left behind.
    static QStringList recoveryFiles(const QString& stateDir);
    // The document path a recovery file was written for (a ".source" file
    // beside it); empty for an untitled or imported document.
    static QString recoveredDocumentPath(const QString& recoveryFile);
    // The file that document was opened or imported from (the native path
    // for a native document); empty for a new document.
    static QString recoveredSourcePath(const QString& recoveryFile);
    // Removes a recovery file and its ".source" companion.
    static bool removeRecoveryFile(const QString& recoveryFile);

signals:
    void recoveryWritten(const QString& path);

private:
    void onCleanChanged(bool clean);

    QPointer<Document> m_document;
    QString m_stateDir;
    QTimer m_timer;
    int m_lastIndex = -1;       // undo index at the last write (or at a clean state)
    quint64 m_rigGeneration = 0;   // bumped on rigReplaced: a new rig at the same index
    quint64 m_writtenGeneration = 0;
    QString m_lastPath;         // where the last recovery file went (the path can change on Save As)
    std::optional<std::string> m_lastError;
};

} // namespace marrow::doc
