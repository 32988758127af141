// SPDX-License-Identifier: MIT
#pragma once
#include <QToolButton>

namespace marrow::ui {

// The key decorator beside a channel in the inspector (Blender's): a diamond
// filled when the channel has a key at the current time, hollow when the
// channel is animated but not keyed here, faint when it is not animated.
// Clicking keys the channel here, or deletes the key that is here.
class KeyButton : public QToolButton {
    Q_OBJECT
public:
    enum class State { None, Animated, Keyed };

    explicit KeyButton(QWidget* parent = nullptr);

    State state() const { return m_state; }
    void setState(State state);

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    State m_state = State::None;
};

} // namespace marrow::ui
