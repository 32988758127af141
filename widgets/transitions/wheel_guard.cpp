// SPDX-License-Identifier: MIT
#include "widgets/transitions/wheel_guard.h"

#include <QCoreApplication>
#include <QEvent>
#include <QWidget>

namespace marrow::ui {

namespace {

class WheelOnlyWhenFocused : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        auto* w = qobject_cast<QWidget*>(watched);
        if (event->type() == QEvent::Wheel && w && !w->hasFocus() && w->parentWidget()) {
            QCoreApplication::sendEvent(w->parentWidget(), event);
            return true;
        }
        return false;
    }
};

} // namespace

void takeWheelOnlyWhenFocused(QWidget* field)
{
    field->setFocusPolicy(Qt::StrongFocus);
    field->installEventFilter(new WheelOnlyWhenFocused(field));
}

} // namespace marrow::ui
