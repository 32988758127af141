// SPDX-License-Identifier: MIT
#include "widgets/viewport/viewport_keymap.h"

#include "widgets/viewport/view_keys.h"

#include <QCoreApplication>

namespace marrow::ui {

namespace {
QString trKeymap(const char* text)
{
    return QCoreApplication::translate("ViewportKeymap", text);
}
} // namespace

QList<QKeySequence> frameAllShortcuts(NavigationScheme scheme)
{
    if (scheme == NavigationScheme::Maya)
        return {QKeySequence(Qt::Key_A), QKeySequence(Qt::Key_Home)};
    return {QKeySequence(Qt::Key_Home)};
}

QList<QKeySequence> frameSelectedShortcuts(NavigationScheme scheme)
{
    if (scheme == NavigationScheme::Maya)
        return {QKeySequence(Qt::Key_F)};
    return {QKeySequence(Qt::Key_F), QKeySequence(Qt::KeypadModifier | Qt::Key_Period)};
}

QList<KeyBinding> viewportKeymap(NavigationScheme scheme)
{
    const auto keys = [](const QList<QKeySequence>& list) {
        QStringList text;
        for (const QKeySequence& k : list)
            text << k.toString(QKeySequence::NativeText);
        return text.join(QStringLiteral(", "));
    };
    QList<KeyBinding> map;
    if (scheme == NavigationScheme::Maya) {
        map << KeyBinding{trKeymap("Alt+Left drag"), trKeymap("Orbit")} << KeyBinding{trKeymap("Alt+Middle drag, Middle drag"), trKeymap("Pan")}
            << KeyBinding{trKeymap("Alt+Right drag, wheel"), trKeymap("Zoom")};
    } else {
        map << KeyBinding{trKeymap("Middle drag (Alt+Left)"), trKeymap("Orbit")}
            << KeyBinding{trKeymap("Shift+Middle drag (Shift+Alt+Left)"), trKeymap("Pan")}
            << KeyBinding{trKeymap("Ctrl+Middle drag, wheel"), trKeymap("Zoom")};
    }
    map << KeyBinding{keys(frameAllShortcuts(scheme)), trKeymap("Frame all")}
        << KeyBinding{keys(frameSelectedShortcuts(scheme)), trKeymap("Frame the selected bones")};
    // Blender's numpad views in both keymaps (Maya has none: View › Viewpoint has them too).
    const auto pad = [](std::initializer_list<ViewCommand> commands) {
        QStringList text;
        for (const ViewCommand c : commands)
            text << viewCommandShortcut(c).toString(QKeySequence::NativeText);
        return text.join(QStringLiteral(", "));
    };
    using C = ViewCommand;
    map << KeyBinding{pad({C::Front, C::Right, C::Top}), trKeymap("Front, Right, Top view (orthographic until you orbit away)")}
        << KeyBinding{pad({C::Back, C::Left, C::Bottom}), trKeymap("Back, Left, Bottom view")}
        << KeyBinding{pad({C::TogglePerspective}), trKeymap("Perspective / orthographic")}
        << KeyBinding{pad({C::OrbitUp, C::OrbitDown, C::OrbitLeft, C::OrbitRight}),
                      trKeymap("Orbit the viewpoint 15 degrees up, down, left, right")}
        << KeyBinding{trKeymap("Left click"), trKeymap("Select a bone (Ctrl or Shift adds, a click on nothing clears)")}
        << KeyBinding{trKeymap("Left, Right"), trKeymap("Previous / next frame")};
    return map;
}

QString navigationSummary(NavigationScheme scheme)
{
    const QString all = frameAllShortcuts(scheme).front().toString(QKeySequence::NativeText);
    const QString selected = frameSelectedShortcuts(scheme).front().toString(QKeySequence::NativeText);
    if (scheme == NavigationScheme::Maya)
        return trKeymap("Alt+LMB orbit, Alt+MMB pan, Alt+RMB zoom, %1 frame all, %2 frame selected").arg(all, selected);
    return trKeymap("MMB orbit, Shift+MMB pan, wheel zoom, %1 frame all, %2 frame selected").arg(all, selected);
}

} // namespace marrow::ui
