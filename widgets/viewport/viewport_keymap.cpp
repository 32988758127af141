// SPDX-License-Identifier: MIT
#include "widgets/viewport/viewport_keymap.h"

#include "widgets/viewport/view_keys.h"

#include <QCoreApplication>

namespace marrow::ui {

namespace {
QString tr(const char* text)
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
        map << KeyBinding{tr("Alt+Left drag"), tr("Orbit")} << KeyBinding{tr("Alt+Middle drag, Middle drag"), tr("Pan")}
            << KeyBinding{tr("Alt+Right drag, wheel"), tr("Zoom")};
    } else {
        map << KeyBinding{tr("Middle drag (Alt+Left)"), tr("Orbit")}
            << KeyBinding{tr("Shift+Middle drag (Shift+Alt+Left)"), tr("Pan")}
            << KeyBinding{tr("Ctrl+Middle drag, wheel"), tr("Zoom")};
    }
    map << KeyBinding{keys(frameAllShortcuts(scheme)), tr("Frame all")}
        << KeyBinding{keys(frameSelectedShortcuts(scheme)), tr("Frame the selected bones")};
    // Blender's numpad views in both keymaps (Maya has none: View › Viewpoint has them too).
    const auto pad = [](std::initializer_list<ViewCommand> commands) {
        QStringList text;
        for (const ViewCommand c : commands)
            text << viewCommandShortcut(c).toString(QKeySequence::NativeText);
        return text.join(QStringLiteral(", "));
    };
    using C = ViewCommand;
    map << KeyBinding{pad({C::Front, C::Right, C::Top}), tr("Front, Right, Top view (orthographic until you orbit away)")}
        << KeyBinding{pad({C::Back, C::Left, C::Bottom}), tr("Back, Left, Bottom view")}
        << KeyBinding{pad({C::TogglePerspective}), tr("Perspective / orthographic")}
        << KeyBinding{pad({C::OrbitUp, C::OrbitDown, C::OrbitLeft, C::OrbitRight}),
                      tr("Orbit the viewpoint 15 degrees up, down, left, right")}
        << KeyBinding{tr("Left click"), tr("Select a bone (Ctrl or Shift adds, a click on nothing clears)")}
        << KeyBinding{tr("Left, Right"), tr("Previous / next frame")};
    return map;
}

QString navigationSummary(NavigationScheme scheme)
{
    const QString all = frameAllShortcuts(scheme).front().toString(QKeySequence::NativeText);
    const QString selected = frameSelectedShortcuts(scheme).front().toString(QKeySequence::NativeText);
    if (scheme == NavigationScheme::Maya)
        return tr("Alt+LMB orbit, Alt+MMB pan, Alt+RMB zoom, %1 frame all, %2 frame selected").arg(all, selected);
    return tr("MMB orbit, Shift+MMB pan, wheel zoom, %1 frame all, %2 frame selected").arg(all, selected);
}

} // namespace marrow::ui
