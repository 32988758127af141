// SPDX-License-Identifier: MIT
#pragma once
// An OpenGL 3.3 core context on an offscreen surface for GL tests. Made with
// QOpenGLContext + QOffscreenSurface, which works under Xvfb with the xcb
// platform (see PLATFORM.md). There is no skipping: without a display the
// tests fail with a message saying how to run them, because CI runs them
// under xvfb-run and a silent skip would hide a broken GL path.
#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QSurfaceFormat>

#include <cstdlib>
#include <memory>
#include <string>

namespace marrow::test {

class GlTestContext {
public:
    // Empty on success; otherwise why no context could be made.
    std::string create()
    {
        const char* platform = std::getenv("QT_QPA_PLATFORM");
        const char* display = std::getenv("DISPLAY");
        const bool wantsX = !platform || std::string(platform).empty() || std::string(platform).rfind("xcb", 0) == 0;
        if (wantsX && (!display || !*display))
            return "no X display (DISPLAY is unset): run the GL tests under "
                   "QT_QPA_PLATFORM=xcb xvfb-run -a -s \"-screen 0 1280x800x24\"";
        application();
        QSurfaceFormat format;
        format.setRenderableType(QSurfaceFormat::OpenGL);
        format.setVersion(3, 3);
        format.setProfile(QSurfaceFormat::CoreProfile);
        format.setDepthBufferSize(24);
        m_context = std::make_unique<QOpenGLContext>();
        m_context->setFormat(format);
        if (!m_context->create())
            return "QOpenGLContext::create() failed for OpenGL 3.3 core";
        m_surface = std::make_unique<QOffscreenSurface>();
        m_surface->setFormat(m_context->format());
        m_surface->create();
        if (!m_surface->isValid())
            return "QOffscreenSurface::create() gave an invalid surface";
        if (!m_context->makeCurrent(m_surface.get()))
            return "QOpenGLContext::makeCurrent() failed on the offscreen surface";
        return {};
    }

    ~GlTestContext()
    {
        if (m_context)
            m_context->doneCurrent();
    }

    QOpenGLContext* context() const { return m_context.get(); }

private:
    // One application for the whole test binary, made on first use so that
    // listing the tests (gtest_discover_tests at build time, no display)
    // never touches the windowing system. Kept alive until exit on purpose.
    static QGuiApplication& application()
    {
        static int argc = 1;
        static char name[] = "marrow_gui_tests";
        static char* argv[] = {name, nullptr};
        static QGuiApplication* app = QGuiApplication::instance() ? nullptr : new QGuiApplication(argc, argv);
        return app ? *app : *static_cast<QGuiApplication*>(QGuiApplication::instance());
    }

    std::unique_ptr<QOpenGLContext> m_context;
    std::unique_ptr<QOffscreenSurface> m_surface;
};

} // namespace marrow::test
