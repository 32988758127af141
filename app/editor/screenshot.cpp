// SPDX-License-Identifier: MIT
#include "app/editor/screenshot.h"

#include "app/editor/document_controller.h"
#include "app/editor/editor_actions.h"
#include "app/editor/editor_docks.h"
#include "app/editor/editor_options.h"
#include "app/editor/main_window.h"
#include "app/editor/retarget_dock.h"
#include "core/workspace/retarget_preview.h"
#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_tool.h"
#include "widgets/viewport/viewport_widget.h"

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QImage>
#include <QMenuBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolBar>

#include <cstdio>

namespace marrow::app {

namespace {

void fail(const QString& message)
{
    std::fprintf(stderr, "marrow: %s\n", qPrintable(message));
}

// Runs the event loop until the viewport has painted once (or 20 s pass).
bool waitForFirstFrame(ui::ViewportWidget& viewport)
{
    bool painted = false;
    const auto connection =
        QObject::connect(&viewport, &ui::ViewportWidget::frameStats, [&painted] { painted = true; });
    QElapsedTimer clock;
    clock.start();
    while (!painted && clock.elapsed() < 20000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    QObject::disconnect(connection);
    return painted;
}

} // namespace

int runScreenshot(const EditorOptions& options, const QElapsedTimer& sinceLaunch)
{
    // Recovery files of a screenshot run must never mix with the user's.
    QTemporaryDir stateDir;
    MainWindow window(stateDir.path(), false);
    const QString file = options.file.isEmpty() ? defaultSamplePath() : options.file;
    if (file.isEmpty()) {
        fail(QStringLiteral("the bundled sample was not found; pass a file"));
        return 2;
    }
    if (!window.files().open(file, false)) {
        fail(window.files().lastError());
        return 2;
    }
    const model::Rig& rig = window.document().rig();
    if (!options.clip.isEmpty()) {
        const int clip = rig.findClip(options.clip.toStdString());
        if (clip < 0) {
            fail(QStringLiteral("%1: no clip named '%2'").arg(file, options.clip));
            return 2;
        }
        window.selection().setActiveClip(clip);
    }
    if (!options.selectJoint.isEmpty()) {
        const auto joint = rig.skeleton.find(options.selectJoint.toStdString());
        if (!joint) {
            fail(QStringLiteral("%1: no joint named '%2'").arg(file, options.selectJoint));
            return 2;
        }
        window.selection().selectJoint(*joint);
    }
    if (!options.tool.isEmpty()) {
        ui::ToolManager& tools = window.viewport().tools();
        ui::ViewportTool* chosen = nullptr;
        for (ui::ViewportTool* tool : tools.tools())
            if (tool->name().compare(options.tool, Qt::CaseInsensitive) == 0)
                chosen = tool;
        if (!chosen || !tools.setActiveTool(chosen)) {
            fail(QStringLiteral("no viewport tool named '%1'").arg(options.tool));
            return 2;
        }
    }
    if (!options.retargetFrom.isEmpty() &&
        !startRetarget(window.docks(), &window.retargetPreview(), &window.files(), options.retargetFrom)) {
        fail(QStringLiteral("%1: cannot retarget from it: %2").arg(options.retargetFrom, window.retargetPreview().error()));
        return 2;
    }
    window.playback().setTime(options.time.value_or(0.0));
    // Through the action, as Shift+D does, so a --window shot shows it checked.
    window.actions().dualQuaternion->setChecked(options.dualQuaternion);

    if (!options.wholeWindow) {
        // The viewport alone fills the window, so the PNG is exactly --size.
        const auto docks = window.findChildren<QDockWidget*>();
        for (QDockWidget* dock : docks)
            dock->hide();
        const auto bars = window.findChildren<QToolBar*>();
        for (QToolBar* bar : bars)
            bar->hide();
        window.menuBar()->hide();
        window.statusBar()->hide();
    }
    window.resize(options.size);
    window.show();
    // The first resize may be clamped by the minimum the layout had before
    // the docks were hidden (tabbed docks keep it until the layout updates).
    if (window.size() != options.size)
        window.resize(options.size);
    if (!waitForFirstFrame(window.viewport())) {
        fail(QStringLiteral("the viewport never drew a frame"));
        return 3;
    }
    const qint64 firstFrameMs = sinceLaunch.elapsed();
    if (!options.retargetFrom.isEmpty()) {
        bringDockToFront(&window, window.docks().retarget);  // laid out by now: it comes to the front
        QElapsedTimer settle;
        settle.start();
        while (settle.elapsed() < 200)
            QApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    window.viewport().frameAll();
    if (!window.viewport().renderError().isEmpty()) {
        fail(QStringLiteral("OpenGL: %1").arg(window.viewport().renderError()));
        return 3;
    }
    const QImage image = options.wholeWindow ? window.grab().toImage() : window.viewport().grabFramebuffer();
    if (image.isNull() || !image.save(options.screenshotPath, "PNG")) {
        fail(QStringLiteral("%1: could not write the PNG").arg(options.screenshotPath));
        return 3;
    }
    std::printf("%s: %dx%d (first frame %lld ms after launch)\n", qPrintable(options.screenshotPath), image.width(),
                image.height(), static_cast<long long>(firstFrameMs));
    // Nothing was edited; leave without the "save changes?" question.
    window.document().undoStack()->clear();
    return 0;
}

} // namespace marrow::app
