// SPDX-License-Identifier: MIT
// marrow: the editor. See editor_options.h for the command line.
#include "app/editor/dark_theme.h"
#include "app/editor/editor_options.h"
#include "app/editor/main_window.h"
#include "app/editor/retarget_dock.h"
#include "app/editor/screenshot.h"
#include "core/document/autosave.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QMessageBox>
#include <QStandardPaths>
#include <QSurfaceFormat>

#include <cstdio>

int main(int argc, char** argv)
{
    QElapsedTimer sinceLaunch;
    sinceLaunch.start();
    // OpenGL 3.3 core for every QOpenGLWidget; set before the application exists.
    QSurfaceFormat format;
    format.setRenderableType(QSurfaceFormat::OpenGL);
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setSamples(4);
    QSurfaceFormat::setDefaultFormat(format);

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Marrow"));
    QApplication::setApplicationName(QStringLiteral("Marrow"));
    QApplication::setApplicationVersion(QStringLiteral(MARROW_VERSION));
    marrow::app::applyDarkTheme(app);

    QString error;
    const auto options = marrow::app::parseEditorOptions(QApplication::arguments(), error);
    if (!options) {
        const bool informational = QApplication::arguments().contains(QStringLiteral("--help")) ||
                                   QApplication::arguments().contains(QStringLiteral("-h")) ||
                                   QApplication::arguments().contains(QStringLiteral("--version")) ||
                                   QApplication::arguments().contains(QStringLiteral("-v"));
        std::fprintf(informational ? stdout : stderr, "%s\n", qPrintable(error));
        return informational ? 0 : 2;
    }
    if (!options->screenshotPath.isEmpty())
        return marrow::app::runScreenshot(*options, sinceLaunch);

    const QString stateDir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    QDir().mkpath(stateDir);
    marrow::app::MainWindow window(stateDir, true);
    window.show();

    // A recovery file means the last session died with unsaved work.
    bool restored = false;
    const QStringList recovery = marrow::doc::Autosave::recoveryFiles(stateDir);
    if (!recovery.isEmpty()) {
        const QString source = marrow::doc::Autosave::recoveredSourcePath(recovery.front());
        const auto answer = QMessageBox::question(
            &window, QObject::tr("Restore unsaved work?"), marrow::app::recoveryQuestion(source),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
        if (answer == QMessageBox::Yes)
            restored = window.restoreRecovery(recovery.front());
        if (!restored) {
            for (const QString& file : recovery)
                marrow::doc::Autosave::removeRecoveryFile(file);
        }
    }
    if (!restored) {
        const QString file = options->file.isEmpty() ? marrow::app::defaultSamplePath() : options->file;
        if (!file.isEmpty())
            window.openFile(file);
    }
    if (!options->retargetFrom.isEmpty())
        marrow::app::startRetarget(window.docks(), &window.retargetPreview(), &window.files(), options->retargetFrom);
    return QApplication::exec();
}
