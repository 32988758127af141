// SPDX-License-Identifier: MIT
#include "widgets/viewport/view_keys.h"

#include <QCoreApplication>

namespace marrow::ui {

namespace {

QString trViewKeys(const char* text)
{
    return QCoreApplication::translate("ViewKeys", text);
}

// Pixels of OrbitCamera::orbit that turn 15 degrees (Blender's numpad step).
constexpr float kOrbitStepPixels = 30.f;

} // namespace

std::optional<ViewCommand> viewCommandFor(int key, Qt::KeyboardModifiers modifiers)
{
    if (!(modifiers & Qt::KeypadModifier) || (modifiers & (Qt::AltModifier | Qt::ShiftModifier | Qt::MetaModifier)))
        return std::nullopt;
    const bool ctrl = modifiers & Qt::ControlModifier;
    switch (key) {
    case Qt::Key_1:
        return ctrl ? ViewCommand::Back : ViewCommand::Front;
    case Qt::Key_3:
        return ctrl ? ViewCommand::Left : ViewCommand::Right;
    case Qt::Key_7:
        return ctrl ? ViewCommand::Bottom : ViewCommand::Top;
    default:
        break;
    }
    if (ctrl)  // Ctrl+2/4/6/8 pan in Blender: not here yet
        return std::nullopt;
    switch (key) {
    case Qt::Key_5:
        return ViewCommand::TogglePerspective;
    case Qt::Key_2:
        return ViewCommand::OrbitDown;
    case Qt::Key_4:
        return ViewCommand::OrbitLeft;
    case Qt::Key_6:
        return ViewCommand::OrbitRight;
    case Qt::Key_8:
        return ViewCommand::OrbitUp;
    default:
        return std::nullopt;
    }
}

QKeySequence viewCommandShortcut(ViewCommand command)
{
    const auto numpad = [](Qt::Key key, bool ctrl = false) {
        const Qt::KeyboardModifiers mods = Qt::KeypadModifier | (ctrl ? Qt::ControlModifier : Qt::NoModifier);
        return QKeySequence(QKeyCombination(mods, key));
    };
    switch (command) {
    case ViewCommand::Front:
        return numpad(Qt::Key_1);
    case ViewCommand::Back:
        return numpad(Qt::Key_1, true);
    case ViewCommand::Right:
        return numpad(Qt::Key_3);
    case ViewCommand::Left:
        return numpad(Qt::Key_3, true);
    case ViewCommand::Top:
        return numpad(Qt::Key_7);
    case ViewCommand::Bottom:
        return numpad(Qt::Key_7, true);
    case ViewCommand::TogglePerspective:
        return numpad(Qt::Key_5);
    case ViewCommand::OrbitLeft:
        return numpad(Qt::Key_4);
    case ViewCommand::OrbitRight:
        return numpad(Qt::Key_6);
    case ViewCommand::OrbitUp:
        return numpad(Qt::Key_8);
    case ViewCommand::OrbitDown:
        return numpad(Qt::Key_2);
    }
    return {};
}

void applyViewCommand(OrbitCamera& camera, ViewCommand command)
{
    switch (command) {
    case ViewCommand::Front:
        return camera.viewFrom(AxisView::Front);
    case ViewCommand::Back:
        return camera.viewFrom(AxisView::Back);
    case ViewCommand::Right:
        return camera.viewFrom(AxisView::Right);
    case ViewCommand::Left:
        return camera.viewFrom(AxisView::Left);
    case ViewCommand::Top:
        return camera.viewFrom(AxisView::Top);
    case ViewCommand::Bottom:
        return camera.viewFrom(AxisView::Bottom);
    case ViewCommand::TogglePerspective:
        return camera.setOrthographic(!camera.orthographic());
    // The viewpoint orbits: Left moves it left round the target (the scene
    // turns right, as a drag to the right turns it); Up moves it up (more of
    // the top, as a drag downwards shows).
    case ViewCommand::OrbitLeft:
        return camera.orbit(kOrbitStepPixels, 0.f);
    case ViewCommand::OrbitRight:
        return camera.orbit(-kOrbitStepPixels, 0.f);
    case ViewCommand::OrbitUp:
        return camera.orbit(0.f, kOrbitStepPixels);
    case ViewCommand::OrbitDown:
        return camera.orbit(0.f, -kOrbitStepPixels);
    }
}

QString axisViewName(AxisView view)
{
    switch (view) {
    case AxisView::Front:
        return trViewKeys("Front");
    case AxisView::Back:
        return trViewKeys("Back");
    case AxisView::Right:
        return trViewKeys("Right");
    case AxisView::Left:
        return trViewKeys("Left");
    case AxisView::Top:
        return trViewKeys("Top");
    case AxisView::Bottom:
        return trViewKeys("Bottom");
    }
    return {};
}

QString viewTitle(const OrbitCamera& camera)
{
    const std::optional<AxisView> axis = camera.axisView();
    const QString where = axis ? axisViewName(*axis) : trViewKeys("User");
    return camera.orthographic() ? trViewKeys("%1 Orthographic").arg(where) : trViewKeys("%1 Perspective").arg(where);
}

} // namespace marrow::ui
