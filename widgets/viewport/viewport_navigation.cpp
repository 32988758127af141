// SPDX-License-Identifier: MIT
#include "widgets/viewport/viewport_navigation.h"

namespace marrow::ui {

NavigationAction navigationActionFor(NavigationScheme scheme, Qt::MouseButton button, Qt::KeyboardModifiers modifiers)
{
    // Keypad state is not a user modifier: numpad keys set it on some platforms.
    modifiers &= ~Qt::KeypadModifier;
    if (scheme == NavigationScheme::Maya) {
        if (!(modifiers & Qt::AltModifier)) {
            // Without Alt, the middle button still pans: Maya users expect
            // MMB on empty space to track, and it leaves LMB to the tool.
            return button == Qt::MiddleButton ? NavigationAction::Pan : NavigationAction::None;
        }
        switch (button) {
        case Qt::LeftButton:
            return NavigationAction::Orbit;
        case Qt::MiddleButton:
            return NavigationAction::Pan;
        case Qt::RightButton:
            return NavigationAction::Zoom;
        default:
            return NavigationAction::None;
        }
    }
    if (button == Qt::MiddleButton) {
        if (modifiers & Qt::ShiftModifier)
            return NavigationAction::Pan;
        if (modifiers & Qt::ControlModifier)
            return NavigationAction::Zoom;
        return NavigationAction::Orbit;
    }
    // Blender's "emulate 3 button mouse": Alt+LMB acts as MMB, for laptops.
    if (button == Qt::LeftButton && (modifiers & Qt::AltModifier)) {
        if (modifiers & Qt::ShiftModifier)
            return NavigationAction::Pan;
        if (modifiers & Qt::ControlModifier)
            return NavigationAction::Zoom;
        return NavigationAction::Orbit;
    }
    return NavigationAction::None;
}

bool isFrameAllKey(NavigationScheme scheme, int key, Qt::KeyboardModifiers modifiers)
{
    if (modifiers & (Qt::ControlModifier | Qt::AltModifier | Qt::ShiftModifier))
        return false;
    // Home frames all in both schemes; Maya also has A.
    return key == Qt::Key_Home || (scheme == NavigationScheme::Maya && key == Qt::Key_A);
}

bool isFrameSelectedKey(NavigationScheme scheme, int key, Qt::KeyboardModifiers modifiers)
{
    if (modifiers & (Qt::ControlModifier | Qt::AltModifier | Qt::ShiftModifier))
        return false;
    if (scheme == NavigationScheme::Maya)
        return key == Qt::Key_F;
    // Blender: numpad period ("View Selected"); F as a friendly extra.
    return (key == Qt::Key_Period && (modifiers & Qt::KeypadModifier)) || key == Qt::Key_F;
}

} // namespace marrow::ui
