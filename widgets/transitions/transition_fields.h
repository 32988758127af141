// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace marrow::ui {

class BlendCurveWidget;

// The selected transition's settings: clips A and B, exit, offset and
// duration (seconds, stepping and snapping to frames), curve (picker and a
// small plot with Bézier handles), sync, cycle A/B, root matching and the blend mode. A
// change emits `edited` with the whole changed transition and an undo text;
// the widget never shows a value the document did not take (the owner calls
// setTransition again after every change, undo included).
class TransitionFields : public QWidget {
    Q_OBJECT
public:
    explicit TransitionFields(QWidget* parent = nullptr);

    // Shows `t` (null: disabled and blank) with the rig's clips at `fps`.
    void setTransition(const model::Transition* t, const model::Rig& rig, double fps);

    QComboBox* clipA() const { return m_clipA; }
    QComboBox* clipB() const { return m_clipB; }
    QDoubleSpinBox* exitBox() const { return m_exit; }
    QDoubleSpinBox* offsetBox() const { return m_offset; }
    QDoubleSpinBox* durationBox() const { return m_duration; }
    // The preview's length: "Auto" (0) or a longer tail of B set by hand.
    QDoubleSpinBox* lengthBox() const { return m_length; }
    QComboBox* curveBox() const { return m_curve; }
    BlendCurveWidget* curvePlot() const { return m_plot; }
    QCheckBox* syncBox() const { return m_sync; }
    QCheckBox* cycleABox() const { return m_cycleA; }
    QCheckBox* cycleBBox() const { return m_cycleB; }
    QCheckBox* matchRootBox() const { return m_matchRoot; }
    QComboBox* modeBox() const { return m_mode; }

signals:
    void edited(const marrow::model::Transition& changed, const QString& undoText);
    // A Bézier handle drag: edits between these two are one interaction.
    void dragStarted();
    void dragFinished();

private:
    QDoubleSpinBox* secondsBox(const QString& tip);
    void emitEdit(const QString& text, const std::function<void(model::Transition&)>& change);
    double snapped(double seconds) const;

    model::Transition m_shown;
    bool m_has = false;
    bool m_updating = false;  // filling the widgets: no edits
    double m_fps = 30.0;
    QComboBox* m_clipA = nullptr;
    QComboBox* m_clipB = nullptr;
    QDoubleSpinBox* m_exit = nullptr;
    QDoubleSpinBox* m_offset = nullptr;
    QDoubleSpinBox* m_duration = nullptr;
    QDoubleSpinBox* m_length = nullptr;
    QComboBox* m_curve = nullptr;
    BlendCurveWidget* m_plot = nullptr;
    QCheckBox* m_sync = nullptr;
    QCheckBox* m_cycleA = nullptr;
    QCheckBox* m_cycleB = nullptr;
    QCheckBox* m_matchRoot = nullptr;
    QComboBox* m_mode = nullptr;
};

} // namespace marrow::ui
