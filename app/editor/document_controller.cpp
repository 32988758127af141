// SPDX-License-Identifier: MIT
#include "app/editor/document_controller.h"

#include "core/anim/frame_rate.h"
#include "core/commands/add_clip_command.h"
#include "core/commands/restructure_rig_command.h"
#include "core/commands/undo_macro.h"
#include "core/document/document.h"
#include "core/model/clip_names.h"
#include "core/model/clip_transfer.h"
#include "core/model/mesh_append.h"
#include "core/document/document_io.h"
#include "core/workspace/rebind_at_rest.h"
#include "widgets/preferences/recent_files.h"

#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStandardPaths>
#include <QThread>

#include <algorithm>

namespace marrow::app {

namespace {

// Imports shorter than this show no progress dialog at all.
constexpr int kProgressDelayMs = 300;

// Why Save As to .fbx writes nothing (README, Files: the FBX measurements).
const char* const kFbxRefusal =
    QT_TR_NOOP("Marrow does not write FBX: the only FBX writer at hand, Assimp 5.2's, writes files Blender cannot "
               "open, clips 1000 times too long and skins bound at the rest pose (README, Formats). Export glTF 2.0 "
               "(.glb) instead: "
               "Blender, Maya, Unity, Unreal and Godot read it. Nothing was written.");

// What the log says about an import's frame rate: the rate most keys lie on,
// or why the preference applies; nothing for a file without timed keys.
QString frameRateNote(double fps, const model::Rig& rig)
{
    if (fps > 0.0)
        return DocumentController::tr("Frame rate %1 fps, the rate most keys lie on").arg(fps);
    const bool timed = std::any_of(rig.clips.begin(), rig.clips.end(), [](const anim::Clip& c) { return c.duration > 0.f; });
    if (!timed)
        return {};
    QStringList rates;
    for (double rate : anim::kCommonFrameRates)
        rates << QString::number(rate);
    return DocumentController::tr("Most keys lie on no frames at %1 fps: the frame rate preference applies")
        .arg(rates.join(QStringLiteral(", ")));
}

} // namespace

DocumentController::DocumentController(doc::Document* document, QWidget* window, QObject* parent)
    : QObject(parent), m_document(document), m_window(window)
{
}

QString DocumentController::sourcePath() const
{
    return m_document ? m_document->sourcePath() : QString();
}

QString DocumentController::displayName() const
{
    return sourcePath().isEmpty() ? tr("Untitled") : QFileInfo(sourcePath()).fileName();
}

std::optional<std::string> DocumentController::readInBackground(const QString& path,
                                                               std::vector<std::string>& warnings, model::Rig& rig,
                                                               doc::DocumentExtras& extras)
{
    std::optional<std::string> error;
    // The reader touches no document and no GUI, so it can run on a thread;
    // the GUI thread keeps painting and shows progress if it takes a while.
    QThread* thread = QThread::create([&] { error = doc::readRigFile(path, rig, &warnings, &extras); });
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
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!load(absolute, askToSave))
        return false;
    m_document->setFilePath(doc::isNativePath(absolute) ? absolute : QString());
    m_document->setSourcePath(absolute);
    addRecent(absolute);
    announceOpened(absolute);
    return true;
}

bool DocumentController::openRecovery(const QString& recoveryFile, const QString& documentPath,
                                      const QString& sourcePath)
{
    if (!load(QFileInfo(recoveryFile).absoluteFilePath(), false))
        return false;
    // The work belongs to the file it came from, not to the recovery folder:
    // Save goes to the native document (or asks, next to the source), the
    // title names the source, and the recovery file stays out of Open Recent.
    m_document->setFilePath(documentPath);
    m_document->setSourcePath(sourcePath.isEmpty() ? documentPath : sourcePath);
    return true;
}

bool DocumentController::load(const QString& absolute, bool askToSave)
{
    if (!m_document)
        return false;
    m_lastError.clear();
    model::Rig rig;
    doc::DocumentExtras extras;
    std::vector<std::string> warnings;
    if (auto err = readInBackground(absolute, warnings, rig, extras)) {
        showError(tr("Could not open %1").arg(QFileInfo(absolute).fileName()), QString::fromStdString(*err));
        emit operationFailed(absolute, m_lastError);
        return false;
    }
    if (askToSave && !maybeSave())
        return false;
    // A document keeps the rate it was saved with; only an import's is news.
    const QString note = doc::isNativePath(absolute) ? QString() : frameRateNote(extras.fps, rig);
    if (auto err = m_document->replaceRig(std::move(rig), std::move(extras))) {
        showError(tr("Could not open %1").arg(QFileInfo(absolute).fileName()),
                  absolute + QStringLiteral(": ") + QString::fromStdString(*err));
        emit operationFailed(absolute, m_lastError);
        return false;
    }
    m_lastWarnings.clear();
    for (const std::string& w : warnings)
        m_lastWarnings << QString::fromStdString(w);
    m_lastNotes.clear();
    if (!note.isEmpty())
        m_lastNotes << note;
    m_lastNotes << ws::bindPoseNotes(m_document->rig());  // bound by an earlier build: Rebind at Rest
    return true;
}

void DocumentController::announceOpened(const QString& absolute)
{
    const QStringList& warningList = m_lastWarnings;
    emit documentOpened(absolute, warningList);
    emit statusMessage(warningList.isEmpty()
                           ? tr("Opened %1").arg(absolute)
                           : tr("Opened %1 with %n warning(s): see View › Log", nullptr, int(warningList.size()))
                                 .arg(absolute));
}

bool DocumentController::readClips(const QString& absolute, std::vector<anim::Clip>& clips, QStringList& warnings)
{
    model::Rig source;
    doc::DocumentExtras ignored;  // the other file's pose, locks and rate stay there
    std::vector<std::string> readWarnings;
    if (auto err = readInBackground(absolute, readWarnings, source, ignored)) {
        showError(tr("Could not import clips from %1").arg(QFileInfo(absolute).fileName()),
                  QString::fromStdString(*err));
        emit operationFailed(absolute, m_lastError);
        return false;
    }
    // Only the skeleton takes part in matching: no copy of the meshes.
    model::Rig target;
    target.skeleton = m_document->rig().skeleton;
    const std::vector<std::string> unmatched = model::transferClips(source, target);
    for (const std::string& w : readWarnings)
        warnings << QString::fromStdString(w);
    if (!unmatched.empty()) {
        QStringList joints;
        for (const std::string& j : unmatched)
            joints << QString::fromStdString(j);
        warnings << tr("%n joint(s) of the file are not in the document; their tracks were left out: %1", nullptr,
                       int(joints.size()))
                        .arg(joints.join(QStringLiteral(", ")));
    }
    if (target.clips.empty()) {
        showError(tr("No clips in %1").arg(QFileInfo(absolute).fileName()),
                  tr("%1 has no clip that animates a joint of this document.").arg(absolute));
        emit operationFailed(absolute, m_lastError);
        return false;
    }
    clips = std::move(target.clips);
    return true;
}

QList<int> DocumentController::importClips(const QStringList& paths)
{
    if (!m_document)
        return {};
    m_lastError.clear();
    struct Incoming {
        QString path;
        std::vector<anim::Clip> clips;
        QStringList warnings;
    };
    // Every file is read before the document changes; one that fails is
    // reported and left out, the others still come in.
    std::vector<Incoming> incoming;
    for (const QString& path : paths) {
        Incoming file{QFileInfo(path).absoluteFilePath(), {}, {}};
        if (readClips(file.path, file.clips, file.warnings))
            incoming.push_back(std::move(file));
    }
    if (incoming.empty())
        return {};
    const QString source =
        incoming.size() == 1 ? QFileInfo(incoming.front().path).fileName() : tr("%1 files").arg(incoming.size());
    QList<int> added;
    {
        // One action, one undo entry, however many files: as Blender's import.
        cmd::UndoMacro macro(m_document->undoStack(), tr("Import Clips from %1").arg(source));
        for (Incoming& file : incoming) {
            QStringList names;
            for (anim::Clip& clip : file.clips) {
                // The choosers show names alone: a newcomer never shares one.
                clip.name = model::importedClipName(m_document->rig(), clip.name, file.path.toStdString());
                names << QString::fromStdString(clip.name);
                auto* command = new cmd::AddClipCommand(m_document, std::move(clip));
                m_document->undoStack()->push(command);
                added << command->index();
            }
            emit clipsImported(file.path, names, file.warnings);
        }
    }
    emit statusMessage(tr("Imported %n clip(s) from %1", nullptr, int(added.size())).arg(source));
    return added;
}

std::optional<QString> DocumentController::readRig(const QString& path, model::Rig& rig)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    std::vector<std::string> warnings;
    doc::DocumentExtras ignored;
    if (auto err = readInBackground(absolute, warnings, rig, ignored))
        return QStringLiteral("%1: %2").arg(QFileInfo(absolute).fileName(), QString::fromStdString(*err));
    return std::nullopt;
}

bool DocumentController::importMesh(const QString& path)
{
    if (!m_document)
        return false;
    m_lastError.clear();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const QString name = QFileInfo(absolute).fileName();
    model::Rig source;
    doc::DocumentExtras ignored;  // the other file's skeleton, clips and pose stay there
    std::vector<std::string> warnings;
    std::string error;
    std::optional<model::Rig> joined;
    if (auto err = readInBackground(absolute, warnings, source, ignored))
        error = *err;
    else
        joined = model::appendMeshes(m_document->rig(), source, QFileInfo(absolute).completeBaseName().toStdString(),
                                     error);
    if (!joined) {
        showError(tr("Could not import a mesh from %1").arg(name), QString::fromStdString(error));
        emit operationFailed(absolute, m_lastError);
        return false;
    }
    m_document->undoStack()->push(
        new cmd::RestructureRigCommand(m_document, std::move(*joined), tr("Import Mesh from %1").arg(name)));
    emit statusMessage(tr("Imported %n mesh(es) from %1: Weights › Bind to Skeleton binds them", nullptr,
                          int(source.meshes.size()))
                           .arg(name));
    return true;
}

QString DocumentController::saveAsFolder() const
{
    // Next to the file the work came from, where the user keeps it; but never
    // into a folder we may not write, the bundled samples (the install
    // folder) or the recovery folder.
    const QString source = sourcePath();
    if (!source.isEmpty()) {
        const QFileInfo dir(QFileInfo(source).absolutePath());
        const bool protectedDir = (!m_protectedDir.isEmpty() && dir.absoluteFilePath().startsWith(m_protectedDir)) ||
                                  (!m_recoveryDir.isEmpty() && dir.absoluteFilePath().startsWith(m_recoveryDir));
        if (dir.isDir() && dir.isWritable() && !protectedDir)
            return dir.absoluteFilePath();
    }
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return documents.isEmpty() ? QDir::homePath() : documents;
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
    const QFileInfo source(sourcePath().isEmpty() ? QStringLiteral("untitled") : sourcePath());
    const QString suggested = QDir(saveAsFolder()).filePath(source.completeBaseName() + QStringLiteral(".") +
                                                            QLatin1String(doc::kNativeSuffix));
    const QString native = tr("Marrow documents (*.marrow)");
    const QString glb = tr("glTF 2.0 binary, exported (*.glb)");
    const QString gltf = tr("glTF 2.0 with images beside it, exported (*.gltf)");
    QString filter = native;
    QString path = m_saveAsPath ? m_saveAsPath(suggested)
                                : QFileDialog::getSaveFileName(m_window, tr("Save As"), suggested,
                                                               QStringList{native, glb, gltf}.join(QStringLiteral(";;")),
                                                               &filter);
    if (path.isEmpty())
        return false;
    // A name without a suffix takes the chosen type's; a name with one is
    // taken as typed, never given a second.
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix.isEmpty())
        path += filter == glb ? QStringLiteral(".glb") : filter == gltf ? QStringLiteral(".gltf")
                                                                         : QStringLiteral(".") + QLatin1String(doc::kNativeSuffix);
    return saveOrExport(path);
}

bool DocumentController::saveOrExport(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QString name = QFileInfo(path).fileName();
    if (doc::isNativePath(path))
        return saveTo(path);
    if (suffix == QStringLiteral("glb") || suffix == QStringLiteral("gltf")) {
        if (!m_export) {
            showError(tr("Could not save %1").arg(name), tr("glTF export is not available here"));
            return false;
        }
        return m_export(path);  // an export: the document keeps its own file and modified mark
    }
    m_lastError.clear();
    if (suffix == QStringLiteral("fbx"))
        showError(tr("Could not save %1").arg(name), tr(kFbxRefusal));
    else
        showError(tr("Could not save %1").arg(name),
                  tr("Save As writes Marrow documents (.marrow) and exports glTF 2.0 (.glb, .gltf); '%1' is "
                     "neither. Nothing was written.")
                      .arg(name));
    emit operationFailed(QFileInfo(path).absoluteFilePath(), m_lastError);
    return false;
}

bool DocumentController::saveTo(const QString& path)
{
    m_lastError.clear();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (m_viewState)
        m_document->setViewState(m_viewState());
    if (auto err = doc::saveDocument(*m_document, absolute)) {
        showError(tr("Could not save %1").arg(QFileInfo(path).fileName()), QString::fromStdString(*err));
        emit operationFailed(absolute, m_lastError);
        return false;
    }
    m_document->setSourcePath(absolute);
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

void DocumentController::setProtectedFolders(const QString& recoveryDir, const QString& installDir)
{
    m_recoveryDir = recoveryDir.isEmpty() ? QString() : QFileInfo(recoveryDir).absoluteFilePath();
    m_protectedDir = installDir.isEmpty() ? QString() : QFileInfo(installDir).absoluteFilePath();
}

void DocumentController::setRecentFiles(const QStringList& files, int maxCount)
{
    m_maxRecent = maxCount;
    m_recent.clear();
    for (const QString& file : files)  // lists saved before recovery files were kept out
        if (m_recoveryDir.isEmpty() || !file.startsWith(m_recoveryDir))
            m_recent << file;
    m_recent = m_recent.mid(0, maxCount);
    emit recentFilesChanged(m_recent);
}

void DocumentController::addRecent(const QString& path)
{
    if (!m_recoveryDir.isEmpty() && path.startsWith(m_recoveryDir))
        return;  // a recovery file is no document of the user's
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
