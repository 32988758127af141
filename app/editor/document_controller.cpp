// SPDX-License-Identifier: MIT
#include "app/editor/document_controller.h"

#include "core/document/document.h"
#include "core/document/document_io.h"
#include "widgets/preferences/recent_files.h"

#include <QApplication>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QThread>

namespace marrow::app {

namespace {

// Imports shorter than this show no progress dialog at all.
constexpr int kProgressDelayMs = 300;

} // namespace

DocumentController::DocumentController(doc::Document* document, QWidget* window, QObject* parent)
    : QObject(parent), m_document(document), m_window(window)
{
}

QString DocumentController::displayName() const
{
    return m_sourcePath.isEmpty() ? tr("Untitled") : QFileInfo(m_sourcePath).fileName();
}

std::optional<std::string> DocumentController::readInBackground(const QString& path,
                                                               std::vector<std::string>& warnings, void* rigOut)
{
    auto& rig = *static_cast<model::Rig*>(rigOut);
    std::optional<std::string> error;
    // The reader touches no document and no GUI, so it can run on a thread;
    // the GUI thread keeps painting and shows progress if it takes a while.
    QThread* thread = QThread::create([&] { error = doc::readRigFile(path, rig, &warnings); });
    QEventLoop loop;
    connect(thread, &QThread::finished, &loop, &QEventLoop::quit);
    QProgressDialog progress(tr("Opening %1…").arg(QFileInfo(path).fileName()), QString(), 0, 0, m_window);
    progress.setWindowTitle(tr("Opening"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(kProgressDelayMs);
    progress.setCancelButton(nullptr);  // the import runs in a worker process that cannot be stopped half-way
    progress.setValue(0);
    thread->start();
    // User input waits: nothing may edit the document while the file loads.
    if (!thread->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    thread->wait();
    delete thread;
    progress.reset();
    return error;
}

bool DocumentController::open(const QString& path, bool askToSave)
{
    if (!m_document)
        return false;
    m_lastError.clear();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    model::Rig rig;
    std::vector<std::string> warnings;
    if (auto err = readInBackground(absolute, warnings, &rig)) {
        showError(tr("Could not open %1").arg(QFileInfo(path).fileName()), QString::fromStdString(*err));
        return false;
    }
    if (askToSave && !maybeSave())
        return false;
    if (auto err = m_document->replaceRig(std::move(rig))) {
        showError(tr("Could not open %1").arg(QFileInfo(path).fileName()),
                  absolute + QStringLiteral(": ") + QString::fromStdString(*err));
        return false;
    }
    m_document->setFilePath(doc::isNativePath(absolute) ? absolute : QString());
    m_sourcePath = absolute;
    addRecent(absolute);
    QStringList warningList;
    for (const std::string& w : warnings)
        warningList << QString::fromStdString(w);
    emit documentOpened(absolute, warningList);
    emit statusMessage(warningList.isEmpty()
                           ? tr("Opened %1").arg(absolute)
                           : tr("Opened %1 (%2 repaired on import; see the log)").arg(absolute).arg(warningList.size()));
    return true;
}

bool DocumentController::save()
{
    if (!m_document)
        return false;
    if (m_document->filePath().isEmpty())
        return saveAs();
    return saveTo(m_document->filePath());
}

bool DocumentController::saveAs()
{
    if (!m_document)
        return false;
    const QFileInfo source(m_sourcePath.isEmpty() ? QStringLiteral("untitled") : m_sourcePath);
    const QString suggested = source.absoluteDir().filePath(source.completeBaseName() + QStringLiteral(".") +
                                                            QLatin1String(doc::kNativeSuffix));
    QString path = m_saveAsPath ? m_saveAsPath(suggested)
                                : QFileDialog::getSaveFileName(m_window, tr("Save As"), suggested,
                                                               tr("Marrow documents (*.marrow)"));
    if (path.isEmpty())
        return false;
    if (!doc::isNativePath(path))
        path += QStringLiteral(".") + QLatin1String(doc::kNativeSuffix);
    return saveTo(path);
}

bool DocumentController::saveTo(const QString& path)
{
    m_lastError.clear();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (auto err = doc::saveDocument(*m_document, absolute)) {
        showError(tr("Could not save %1").arg(QFileInfo(path).fileName()), QString::fromStdString(*err));
        return false;
    }
    m_sourcePath = absolute;
    addRecent(absolute);
    emit documentSaved(absolute);
    emit statusMessage(tr("Saved %1").arg(absolute));
    return true;
}

bool DocumentController::maybeSave()
{
    if (!m_document || !m_document->isModified())
        return true;
    int answer = QMessageBox::Cancel;
    if (m_askSave) {
        answer = m_askSave();
    } else {
        answer = QMessageBox::warning(m_window, tr("Unsaved changes"),
                                      tr("%1 has unsaved changes. Save them first?").arg(displayName()),
                                      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                      QMessageBox::Save);
    }
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void DocumentController::setRecentFiles(const QStringList& files, int maxCount)
{
    m_maxRecent = maxCount;
    m_recent = files.mid(0, maxCount);
    emit recentFilesChanged(m_recent);
}

void DocumentController::addRecent(const QString& path)
{
    m_recent = ui::RecentFiles::add(m_recent, path, m_maxRecent);
    emit recentFilesChanged(m_recent);
}

void DocumentController::showError(const QString& title, const QString& message)
{
    m_lastError = message;
    emit statusMessage(message);
    if (m_errorDialog)
        m_errorDialog->close();
    auto* box = new QMessageBox(QMessageBox::Critical, title, message, QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorDialog = box;
    box->open();
}

} // namespace marrow::app
