// SPDX-License-Identifier: MIT
#include "app/editor/export_controller.h"

#include "app/editor/export_dialog.h"
#include "core/commands/set_export_settings_command.h"
#include "core/document/document.h"
#include "core/io/model_export.h"
#include "core/workspace/mesh_visibility.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QStandardPaths>
#include <QThread>
#include <QTimer>
#include <QUndoStack>

#include <atomic>

namespace marrow::app {

namespace {

constexpr int kProgressDelayMs = 300;

QStringList toQt(const std::vector<std::string>& lines)
{
    QStringList out;
    for (const std::string& line : lines)
        out << QString::fromStdString(line);
    return out;
}

// "1 clip", "3 clips" (without translations, tr's %n would print "clip(s)").
QString counted(std::size_t n, const char* one, const char* many)
{
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

} // namespace

ExportController::ExportController(doc::Document* document, ws::Selection* selection, ws::MeshVisibility* visibility,
                                   ws::Playback* playback, QWidget* window, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_selection(selection)
    , m_visibility(visibility)
    , m_playback(playback)
    , m_window(window)
{
}

QString ExportController::suggestedPath() const
{
    const QString source = m_document->sourcePath();
    QString folder = m_folder ? m_folder() : QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QDir(folder).exists())
        folder = QDir::homePath();
    const QString base = source.isEmpty() ? QStringLiteral("untitled") : QFileInfo(source).completeBaseName();
    // Never suggest writing over the file the work came from.
    QString name = base + QLatin1String(model::exportSuffix(m_document->exportSettings().format));
    if (QDir(folder).filePath(name) == QFileInfo(source).absoluteFilePath())
        name = base + QStringLiteral("_export") + QLatin1String(model::exportSuffix(m_document->exportSettings().format));
    return QDir(folder).filePath(name);
}

void ExportController::exportWithDialog()
{
    if (!m_document)
        return;
    if (m_dialog)
        m_dialog->close();
    const model::Rig& rig = m_document->rig();
    ExportDialogContext context;
    for (const anim::Clip& clip : rig.clips)
        context.clips << QString::fromStdString(clip.name);
    if (const anim::Clip* active = rig.clipAt(m_selection->activeClip()))
        context.activeClip = QString::fromStdString(active->name);
    context.transitions = static_cast<int>(rig.transitions.size());
    context.meshes = static_cast<int>(rig.meshes.size());
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        context.visibleMeshes += m_visibility->isHidden(static_cast<model::MeshId>(m)) ? 0 : 1;
    context.selectedMeshes = m_selection->activeMesh() >= 0 ? 1 : 0;
    context.fps = m_playback->fps();
    context.suggestedPath = suggestedPath();
    auto* dialog = new ExportDialog(context, m_document->exportSettings(), m_document->exportProfile(),
                                    m_document->exportPath(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const model::ExportSettings settings = dialog->settings();
        const model::ExportProfile profile = dialog->profile();
        const QString path = dialog->path();
        // The options are the document's: one undo entry, only when they change.
        if (auto command = cmd::makeSetExportSettingsCommand(m_document, settings, profile))
            m_document->undoStack()->push(command.release());
        // After the dialog is gone, so the progress and questions sit on the window.
        QTimer::singleShot(0, this, [this, path, settings, profile] { run(path, settings, profile); });
    });
    dialog->open();
    previewLosses(dialog);
}

bool ExportController::exportAgain()
{
    if (!m_document)
        return false;
    if (m_document->exportPath().isEmpty()) {
        exportWithDialog();
        return false;
    }
    return run(m_document->exportPath(), m_document->exportSettings(), m_document->exportProfile());
}

bool ExportController::exportTo(const QString& path)
{
    if (!m_document)
        return false;
    model::ExportSettings settings = m_document->exportSettings();
    settings.format = path.endsWith(QStringLiteral(".gltf"), Qt::CaseInsensitive) ? model::ExportFormat::Gltf
                                                                                  : model::ExportFormat::Glb;
    return run(path, settings, m_document->exportProfile());
}

io::ExportRequest ExportController::requestFor(const model::ExportSettings& settings,
                                               const model::ExportProfile& profile) const
{
    const model::Rig& rig = m_document->rig();
    io::ExportRequest request;
    request.settings = settings;
    request.profile = profile;
    request.fps = m_playback->fps();
    request.activeClip = m_selection->activeClip();
    if (settings.meshes != model::ExportMeshes::All) {
        request.meshes.assign(rig.meshes.size(), 0);
        for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
            const auto id = static_cast<model::MeshId>(m);
            request.meshes[m] = settings.meshes == model::ExportMeshes::Visible ? !m_visibility->isHidden(id)
                                                                                : id == m_selection->activeMesh();
        }
    }
    return request;
}

std::string ExportController::sourceName() const
{
    const std::string from = QFileInfo(m_document->sourcePath()).fileName().toStdString();
    return from.empty() ? std::string("the document") : from;
}

// The encode the export will run, on a worker while the dialog is open, for
// its "Not carried" list (the same words the question and the Log use).
void ExportController::previewLosses(ExportDialog* dialog)
{
    if (m_preview)
        m_preview->wait();
    auto rig = std::make_shared<const model::Rig>(m_document->rig());
    const std::shared_ptr<const io::GltfSource> source = m_document->gltfSource();
    const io::ExportRequest request = requestFor(m_document->exportSettings(), m_document->exportProfile());
    const std::string path = dialog->path().toStdString();
    const std::string from = sourceName();
    auto result = std::make_shared<QStringList>();
    QThread* thread = QThread::create([rig, source, request, path, from, result] {
        io::EncodedExport encoded;
        if (auto err = io::encodeExport(*rig, source.get(), request, path, from, encoded))
            *result = QStringList{QString::fromStdString(*err)};
        else
            *result = toQt(encoded.warnings);
    });
    thread->setParent(this);  // deleted with the controller should it outlive the event loop
    m_preview = thread;
    const QPointer<ExportDialog> target(dialog);
    connect(thread, &QThread::finished, this, [thread, target, result] {
        if (target)
            target->setNotCarried(*result);
        thread->deleteLater();
    });
    thread->start();
}

ExportController::~ExportController()
{
    if (m_preview)
        m_preview->wait();  // it reads only its own copies, but must end before the program does
}

bool ExportController::run(const QString& path, const model::ExportSettings& settings,
                           const model::ExportProfile& profile)
{
    m_lastError.clear();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const model::Rig& rig = m_document->rig();
    const io::ExportRequest request = requestFor(settings, profile);
    // The worker gets copies: nothing it reads may change under it.
    const model::Rig copy = rig;
    const std::shared_ptr<const io::GltfSource> source = m_document->gltfSource();
    const std::string from = sourceName();
    io::EncodedExport encoded;
    std::optional<std::string> error;
    std::atomic<double> fraction{0.0};
    std::atomic<bool> cancel{false};
    QThread* thread = QThread::create([&] {
        error = io::encodeExport(copy, source.get(), request, absolute.toStdString(), from, encoded, [&](double f) {
                                     fraction = f;
                                     return !cancel.load();
                                 });
    });
    QEventLoop loop;
    connect(thread, &QThread::finished, &loop, &QEventLoop::quit);
    QProgressDialog progress(tr("Exporting %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 1000, m_window);
    progress.setWindowTitle(tr("Export"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(kProgressDelayMs);
    progress.setValue(0);
    QTimer tick;
    connect(&tick, &QTimer::timeout, &progress, [&] {
        progress.setValue(static_cast<int>(fraction.load() * 1000.0));
        if (progress.wasCanceled())
            cancel = true;
    });
    tick.start(50);
    thread->start();
    if (!thread->isFinished())
        loop.exec();
    thread->wait();
    delete thread;
    tick.stop();
    progress.reset();
    if (cancel) {
        emit statusMessage(tr("Export cancelled: nothing was written"));
        return false;
    }
    if (error) {
        fail(absolute, QString::fromStdString(*error));
        return false;
    }
    const QStringList warnings = toQt(encoded.warnings);
    if (!warnings.isEmpty() && !(absolute == m_acceptedPath && warnings == m_accepted) &&
        !askToGoOn(absolute, warnings)) {
        emit statusMessage(tr("Export cancelled: nothing was written"));
        return false;
    }
    if (auto err = io::writeGltfFile(encoded.file, absolute.toStdString())) {
        fail(absolute, QString::fromStdString(*err));
        return false;
    }
    m_acceptedPath = absolute;
    m_accepted = warnings;
    if (m_document)
        m_document->setExportPath(absolute);
    const QString summary =
        tr("Exported %1 and %2").arg(counted(encoded.clips, "clip", "clips"), counted(encoded.meshes, "mesh", "meshes")) +
        tr(" to %1 (%2)").arg(absolute, QLocale().formattedDataSize(static_cast<qint64>(encoded.file.bytes.size())));
    emit exported(absolute, summary, warnings);
    emit statusMessage(warnings.isEmpty() ? summary : summary + tr("; %1 not carried: see the Log")
                                                                   .arg(counted(std::size_t(warnings.size()), "item", "items")));
    return true;
}

bool ExportController::askToGoOn(const QString& path, const QStringList& warnings)
{
    if (m_answer)
        return m_answer(warnings);
    QMessageBox box(QMessageBox::Warning, tr("Export"),
                    tr("%1 will not hold everything the document has:").arg(QFileInfo(path).fileName()),
                    QMessageBox::Cancel, m_window);
    box.setInformativeText(QStringLiteral("• ") + warnings.join(QStringLiteral("\n• ")));
    QPushButton* go = box.addButton(tr("Export"), QMessageBox::AcceptRole);
    box.setDefaultButton(go);
    box.setWindowModality(Qt::WindowModal);
    QEventLoop loop;
    connect(&box, &QMessageBox::finished, &loop, &QEventLoop::quit);
    box.open();
    loop.exec();
    return box.clickedButton() == go;
}

void ExportController::fail(const QString& path, const QString& message)
{
    m_lastError = message;
    emit statusMessage(message);
    emit exportFailed(path, message);
    auto* box = new QMessageBox(QMessageBox::Critical, tr("Could not export %1").arg(QFileInfo(path).fileName()),
                                message, QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->open();
}

} // namespace marrow::app
