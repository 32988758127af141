// SPDX-License-Identifier: MIT
#include "core/document/autosave.h"
#include "core/document/document.h"
#include "core/document/document_io.h"
#include "core/io/atomic_write.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace marrow::doc {

Autosave::Autosave(Document* document, QString stateDir, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_stateDir(std::move(stateDir))
{
    m_timer.setInterval(60 * 1000);
    connect(&m_timer, &QTimer::timeout, this, [this] { autosaveNow(); });
    if (m_document) {
        m_lastIndex = m_document->undoStack()->index();
        connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, &Autosave::onCleanChanged);
        // The document is being replaced: its work was saved or knowingly
        // discarded, so the recovery file written (or adopted) for it goes.
        // A restructuring edit (Import Mesh) is work on the same document, not a new one.
        connect(m_document, &Document::rigAboutToBeReplaced, this, [this] {
            if (m_document->restructuring())
                return;
            if (!m_lastPath.isEmpty())
                removeRecoveryFile(m_lastPath);
            m_lastPath.clear();
        });
        connect(m_document, &Document::rigReplaced, this, [this] {
            if (m_document->restructuring())
                return;
            ++m_rigGeneration;
            m_lastIndex = m_document->undoStack()->index();
        });
        m_timer.start();
    }
}

void Autosave::setIntervalMs(int ms)
{
    if (ms <= 0) {
        m_timer.stop();
        return;
    }
    m_timer.setInterval(ms);
    if (m_document)
        m_timer.start();
}

QString Autosave::recoveryPath() const
{
    if (!m_document)
        return {};
    // An imported file has no native path yet: key it by the file it came from.
    const QString key = m_document->filePath().isEmpty() ? m_document->sourcePath() : m_document->filePath();
    return recoveryPathFor(key, m_stateDir);
}

void Autosave::adoptRecoveryFile(const QString& recoveryFile)
{
    m_lastPath = recoveryFile;
}

void Autosave::discardCurrent()
{
    if (!m_lastPath.isEmpty())
        removeRecoveryFile(m_lastPath);
    m_lastPath.clear();
    if (m_document)
        removeRecoveryFile(recoveryPath());
}

QString Autosave::recoveryPathFor(const QString& documentPath, const QString& stateDir)
{
    // Untitled documents share one slot: only one editor session is expected
    // to hold an untitled document worth recovering at a time.
    QString base = QStringLiteral("untitled");
    QString key = base;
    if (!documentPath.isEmpty()) {
        const QFileInfo info(documentPath);
        base = info.completeBaseName();
        key = info.absoluteFilePath();
    }
    const QByteArray hash = QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return QDir(stateDir).filePath(QStringLiteral("recovery/%1-%2.%3").arg(base, QString::fromLatin1(hash),
                                                                             QLatin1String(kNativeSuffix)));
}

bool Autosave::hasRecovery(const QString& documentPath, const QString& stateDir)
{
    return QFile::exists(recoveryPathFor(documentPath, stateDir));
}

bool Autosave::discardRecovery(const QString& documentPath, const QString& stateDir)
{
    return removeRecoveryFile(recoveryPathFor(documentPath, stateDir));
}

bool Autosave::removeRecoveryFile(const QString& recoveryFile)
{
    QFile::remove(recoveryFile + QStringLiteral(".source"));
    return !QFile::exists(recoveryFile) || QFile::remove(recoveryFile);
}

QStringList Autosave::recoveryFiles(const QString& stateDir)
{
    const QDir dir(QDir(stateDir).filePath(QStringLiteral("recovery")));
    const QFileInfoList found = dir.entryInfoList({QStringLiteral("*.") + QLatin1String(kNativeSuffix)}, QDir::Files,
                                                  QDir::Time);
    QStringList paths;
    for (const QFileInfo& info : found)
        paths << info.absoluteFilePath();
    return paths;
}

namespace {
// The companion file: line 1 the native document path, line 2 the file the
// document was opened or imported from (older files have line 1 only).
QStringList companionLines(const QString& recoveryFile)
{
    QFile source(recoveryFile + QStringLiteral(".source"));
    if (!source.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(source.readAll()).split(QLatin1Char('\n'));
}
} // namespace

QString Autosave::recoveredDocumentPath(const QString& recoveryFile)
{
    return companionLines(recoveryFile).value(0);
}

QString Autosave::recoveredSourcePath(const QString& recoveryFile)
{
    const QStringList lines = companionLines(recoveryFile);
    return lines.size() > 1 && !lines[1].isEmpty() ? lines[1] : lines.value(0);
}

bool Autosave::autosaveNow()
{
    if (!m_document)
        return false;
    const QUndoStack* stack = m_document->undoStack();
    const bool changedSinceLast = stack->index() != m_lastIndex || m_rigGeneration != m_writtenGeneration;
    if (!changedSinceLast || stack->isClean())
        return false;
    const QString path = recoveryPath();
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        m_lastError = path.toStdString() + ": cannot create the recovery folder";
        return false;
    }
    // Straight to bytes: saveDocument would mark the stack clean.
    if (auto err = io::writeFileAtomically(QFile::encodeName(path).toStdString(), encodeDocument(*m_document))) {
        m_lastError = err;
        return false;
    }
    // Beside it, the document's own path, so a restore can name the file it recovers.
    QFile source(path + QStringLiteral(".source"));
    if (source.open(QIODevice::WriteOnly | QIODevice::Truncate))
        source.write((m_document->filePath() + QLatin1Char('\n') + m_document->sourcePath()).toUtf8());
    m_lastError.reset();
    m_lastIndex = stack->index();
    m_writtenGeneration = m_rigGeneration;
    if (!m_lastPath.isEmpty() && m_lastPath != path)
        removeRecoveryFile(m_lastPath);  // Save As moved the document: one recovery file per document
    m_lastPath = path;
    emit recoveryWritten(path);
    return true;
}

void Autosave::onCleanChanged(bool clean)
{
    if (!clean || !m_document)
        return;
    // Saved, or undone back to the saved state: the file on disk is the truth.
    if (!m_lastPath.isEmpty())
        removeRecoveryFile(m_lastPath);
    discardRecovery(m_document->filePath(), m_stateDir);
    m_lastPath.clear();
    m_lastIndex = m_document->undoStack()->index();
    m_writtenGeneration = m_rigGeneration;
}

} // namespace marrow::doc
