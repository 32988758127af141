// SPDX-License-Identifier: MIT
#include "app/editor/editor_options.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>

namespace marrow::app {

std::optional<EditorOptions> parseEditorOptions(const QStringList& arguments, QString& error)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Marrow: rig and weight editor"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the viewport to <png> and exit."), QStringLiteral("png"));
    const QCommandLineOption clip(QStringLiteral("clip"), QStringLiteral("Clip to show (name or index)."),
                                  QStringLiteral("clip"));
    const QCommandLineOption time(QStringLiteral("time"), QStringLiteral("Time to show, in seconds."),
                                  QStringLiteral("seconds"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Screenshot size, e.g. 1280x800."),
                                  QStringLiteral("WxH"));
    const QCommandLineOption window(QStringLiteral("window"),
                                    QStringLiteral("Screenshot the whole window instead of the viewport."));
    const QCommandLineOption select(QStringLiteral("select"), QStringLiteral("Select a joint by name."),
                                    QStringLiteral("joint"));
    const QCommandLineOption tool(QStringLiteral("tool"), QStringLiteral("Viewport tool to show (its name, e.g. Pose)."),
                                  QStringLiteral("name"));
    const QCommandLineOption skinning(QStringLiteral("skinning"),
                                      QStringLiteral("Screenshot skinning: lbs (default) or dqs."), QStringLiteral("method"));
    const QCommandLineOption retarget(QStringLiteral("retarget-from"),
                                      QStringLiteral("Open the Retarget dock on <file>'s first clip, previewing."),
                                      QStringLiteral("file"));
    parser.addOptions({screenshot, clip, time, size, window, select, tool, skinning, retarget});
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("Model or .marrow document to open."),
                                 QStringLiteral("[file]"));
    if (!parser.parse(arguments)) {
        error = parser.errorText();
        return std::nullopt;
    }
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("version"))) {
        error = parser.isSet(QStringLiteral("help")) ? parser.helpText() : QCoreApplication::applicationVersion();
        return std::nullopt;
    }
    EditorOptions options;
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        error = QStringLiteral("expected at most one file, got %1").arg(files.size());
        return std::nullopt;
    }
    if (!files.isEmpty())
        options.file = files.front();
    options.screenshotPath = parser.value(screenshot);
    options.clip = parser.value(clip);
    options.wholeWindow = parser.isSet(window);
    options.selectJoint = parser.value(select);
    options.tool = parser.value(tool);
    options.retargetFrom = parser.value(retarget);
    if (parser.isSet(time)) {
        bool ok = false;
        const double t = parser.value(time).toDouble(&ok);
        if (!ok || !std::isfinite(t) || t < 0.0) {
            error = QStringLiteral("--time wants a number of seconds >= 0, got '%1'").arg(parser.value(time));
            return std::nullopt;
        }
        options.time = t;
    }
    if (parser.isSet(size)) {
        static const QRegularExpression pattern(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
        const auto match = pattern.match(parser.value(size));
        const int w = match.hasMatch() ? match.captured(1).toInt() : 0;
        const int h = match.hasMatch() ? match.captured(2).toInt() : 0;
        if (w < 64 || h < 64 || w > 8192 || h > 8192) {
            error = QStringLiteral("--size wants WxH between 64 and 8192, got '%1'").arg(parser.value(size));
            return std::nullopt;
        }
        options.size = QSize(w, h);
    }
    if (parser.isSet(skinning)) {
        const QString method = parser.value(skinning);
        if (method != QStringLiteral("lbs") && method != QStringLiteral("dqs")) {
            error = QStringLiteral("--skinning wants lbs or dqs, got '%1'").arg(method);
            return std::nullopt;
        }
        options.dualQuaternion = method == QStringLiteral("dqs");
    }
    if (options.screenshotPath.isEmpty() &&
        (parser.isSet(size) || parser.isSet(window) || parser.isSet(skinning))) {
        error = QStringLiteral("--size, --window and --skinning only apply with --screenshot");
        return std::nullopt;
    }
    return options;
}

QString bundledSamplePath(const QString& name)
{
    const QDir appDir(QCoreApplication::applicationDirPath());
    for (const QString& candidate :
         {appDir.filePath(QStringLiteral("../share/marrow/samples/") + name),
          QStringLiteral(MARROW_SOURCE_DIR "/resources/samples/") + name}) {
        if (QFileInfo::exists(candidate))
            return QFileInfo(candidate).absoluteFilePath();
    }
    return {};
}

QString defaultSamplePath()
{
    const QString character = bundledSamplePath(QStringLiteral("marrow_character.gltf"));
    return character.isEmpty() ? bundledSamplePath() : character;
}

} // namespace marrow::app

namespace marrow::app {

QString recoveryQuestion(const QString& sourcePath)
{
    if (sourcePath.isEmpty())
        return QObject::tr("Marrow closed without saving an untitled document. Restore the work autosaved from "
                           "that session?");
    const QFileInfo info(sourcePath);
    return QObject::tr("Marrow closed without saving your changes to %1 (in %2). Restore the work autosaved from "
                       "that session?")
        .arg(info.fileName(), QDir::toNativeSeparators(info.absolutePath()));
}

} // namespace marrow::app
