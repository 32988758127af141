// SPDX-License-Identifier: MIT
#include "widgets/transitions/transition_fields.h"
#include "widgets/transitions/blend_curve_widget.h"
#include "widgets/transitions/wheel_guard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include <cmath>

namespace marrow::ui {

namespace {

// Sync's tooltip: what it does, or, greyed, why (a user cannot tell otherwise).
QString syncToolTip(bool cycleA, bool cycleB)
{
    if (cycleA && cycleB)
        return TransitionFields::tr("Match the two cycles' phase during the blend, by their markers");
    if (!cycleA && !cycleB)
        return TransitionFields::tr("Sync needs both clips to cycle: tick Cycle A and Cycle B");
    return cycleA ? TransitionFields::tr("Sync needs B to cycle too: tick Cycle B")
                  : TransitionFields::tr("Sync needs A to cycle too: tick Cycle A");
}

struct CurveChoice {
    const char* label;
    anim::BlendCurveKind kind;
};
constexpr CurveChoice kCurves[] = {
    {"Linear", anim::BlendCurveKind::Linear},           {"Smoothstep", anim::BlendCurveKind::Smoothstep},
    {"Smootherstep", anim::BlendCurveKind::Smootherstep}, {"Ease in", anim::BlendCurveKind::EaseIn},
    {"Ease out", anim::BlendCurveKind::EaseOut},        {"Custom Bézier", anim::BlendCurveKind::Bezier},
};

} // namespace

TransitionFields::TransitionFields(QWidget* parent)
    : QWidget(parent)
{
    m_clipA = new QComboBox(this);
    m_clipB = new QComboBox(this);
    m_clipA->setToolTip(tr("Clip A: the clip the transition leaves"));
    m_clipB->setToolTip(tr("Clip B: the clip the transition enters (may be A)"));
    m_exit = secondsBox(tr("Exit: when in A the blend starts"));
    m_offset = secondsBox(tr("Offset: where in B the blend starts"));
    m_duration = secondsBox(tr("Duration: how long the blend lasts"));
    m_length = secondsBox(tr("The preview's length: Auto runs half a second past the blend's end (exit + duration "
                             "x the blend profile's slowest scale), so B's settling shows, or on to B's end when "
                             "that is later; type another to see more or less of B after the blend (never "
                             "shorter than the blend); 0 goes back to Auto"));
    m_curve = new QComboBox(this);
    for (const CurveChoice& c : kCurves)
        m_curve->addItem(tr(c.label));
    m_plot = new BlendCurveWidget(this);
    m_sync = new QCheckBox(tr("Sync"), this);
    m_sync->setToolTip(syncToolTip(true, true));
    m_cycleA = new QCheckBox(tr("Cycle A"), this);
    m_cycleB = new QCheckBox(tr("Cycle B"), this);
    m_cycleA->setToolTip(tr("Loop A when the preview samples it past its end (otherwise hold its last pose)"));
    m_cycleB->setToolTip(tr("Loop B when the preview samples it past its end (otherwise hold its last pose)"));
    m_matchRoot = new QCheckBox(tr("Match root"), this);
    m_matchRoot->setToolTip(tr("Move B along the ground so that its root starts the blend where A's is: clips that "
                               "travel (root motion) then carry on instead of sliding back"));
    m_mode = new QComboBox(this);
    m_mode->addItems({tr("Crossfade"), tr("Inertialization")});
    m_mode->setToolTip(tr("Crossfade blends both poses; inertialization switches to B and lets A's offset decay"));

    // Two columns of labelled fields, so the dock shows every setting
    // without scrolling at 1600x1000; the plot and the switches span both.
    for (QComboBox* clip : {m_clipA, m_clipB}) {
        clip->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        clip->setMinimumContentsLength(6);  // a long clip name must not widen the dock
    }
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setVerticalSpacing(3);
    const auto pair = [this, grid](int row, int column, const QString& label, QWidget* field) {
        grid->addWidget(new QLabel(label, this), row, column * 2);
        grid->addWidget(field, row, column * 2 + 1);
    };
    pair(0, 0, tr("From (A)"), m_clipA);
    pair(0, 1, tr("To (B)"), m_clipB);
    pair(1, 0, tr("Exit"), m_exit);
    pair(1, 1, tr("Offset"), m_offset);
    pair(2, 0, tr("Duration"), m_duration);
    pair(2, 1, tr("Length"), m_length);
    pair(3, 0, tr("Curve"), m_curve);
    pair(3, 1, tr("Mode"), m_mode);
    grid->addWidget(m_plot, 4, 0, 1, 4);
    auto* flags = new QHBoxLayout;
    flags->addWidget(m_sync);
    flags->addWidget(m_cycleA);
    flags->addWidget(m_cycleB);
    flags->addWidget(m_matchRoot);
    flags->addStretch();
    grid->addLayout(flags, 5, 0, 1, 4);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_clipA, m_clipB, m_exit, m_offset, m_duration, m_length, m_curve, m_mode})
        takeWheelOnlyWhenFocused(w);

    connect(m_clipA, &QComboBox::activated, this,
            [this](int i) { emitEdit(tr("Transition Clip A"), [i](model::Transition& t) { t.clipA = i; }); });
    connect(m_clipB, &QComboBox::activated, this,
            [this](int i) { emitEdit(tr("Transition Clip B"), [i](model::Transition& t) { t.clipB = i; }); });
    connect(m_exit, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        emitEdit(tr("Transition Exit"), [this, v](model::Transition& t) { t.exit = snapped(v); });
    });
    connect(m_offset, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        emitEdit(tr("Transition Offset"), [this, v](model::Transition& t) { t.offset = snapped(v); });
    });
    connect(m_duration, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        emitEdit(tr("Transition Duration"),
                 [this, v](model::Transition& t) { t.duration = std::max(snapped(v), 1.0 / m_fps); });
    });
    connect(m_length, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        emitEdit(tr("Transition Preview Length"), [this, v](model::Transition& t) { t.previewLength = snapped(v); });
    });
    connect(m_curve, &QComboBox::activated, this, [this](int i) {
        emitEdit(tr("Transition Curve"), [i](model::Transition& t) { t.curve.kind = kCurves[i].kind; });
    });
    connect(m_plot, &BlendCurveWidget::dragStarted, this, &TransitionFields::dragStarted);
    connect(m_plot, &BlendCurveWidget::dragFinished, this, &TransitionFields::dragFinished);
    connect(m_plot, &BlendCurveWidget::curveDragged, this, [this](const anim::BlendCurve& c) {
        emitEdit(tr("Transition Curve"), [c](model::Transition& t) { t.curve = c; });
    });
    auto flag = [this](QCheckBox* box, const QString& text, bool model::Transition::*field) {
        connect(box, &QCheckBox::toggled, this,
                [this, text, field](bool on) { emitEdit(text, [field, on](model::Transition& t) { t.*field = on; }); });
    };
    flag(m_sync, tr("Transition Sync"), &model::Transition::sync);
    flag(m_cycleA, tr("Transition Cycle A"), &model::Transition::cycleA);
    flag(m_cycleB, tr("Transition Cycle B"), &model::Transition::cycleB);
    flag(m_matchRoot, tr("Transition Match Root"), &model::Transition::matchRoot);
    connect(m_mode, &QComboBox::activated, this, [this](int i) {
        emitEdit(tr("Transition Mode"), [i](model::Transition& t) {
            t.mode = i == 1 ? anim::BlendMode::Inertialization : anim::BlendMode::Crossfade;
        });
    });
    setTransition(nullptr, model::Rig{}, 30.0);
}

QDoubleSpinBox* TransitionFields::secondsBox(const QString& tip)
{
    auto* box = new QDoubleSpinBox(this);
    box->setSuffix(tr(" s"));
    box->setDecimals(3);
    box->setRange(0.0, 3600.0);
    box->setToolTip(tip);
    // A typed value is one edit when it is committed, not one per keystroke.
    box->setKeyboardTracking(false);
    return box;
}

double TransitionFields::snapped(double seconds) const
{
    return m_fps > 0.0 ? std::round(seconds * m_fps) / m_fps : seconds;
}

void TransitionFields::emitEdit(const QString& text, const std::function<void(model::Transition&)>& change)
{
    if (m_updating || !m_has)
        return;
    model::Transition t = m_shown;
    change(t);
    if (t != m_shown)
        emit edited(t, text);
}

void TransitionFields::setTransition(const model::Transition* t, const model::Rig& rig, double fps)
{
    m_updating = true;
    m_has = t != nullptr;
    m_fps = fps > 0.0 ? fps : 30.0;
    setEnabled(m_has);
    for (QComboBox* box : {m_clipA, m_clipB}) {
        box->clear();
        for (const anim::Clip& c : rig.clips)
            box->addItem(QString::fromStdString(c.name));
    }
    m_duration->setMinimum(1.0 / m_fps);
    for (QDoubleSpinBox* box : {m_exit, m_offset, m_duration, m_length}) {
        box->setSingleStep(1.0 / m_fps);  // the arrows step one frame
        // With no transition the fields read blank, not a stale value.
        box->setSpecialValueText(m_has ? QString() : QStringLiteral("—"));
        box->setValue(box->minimum());
    }
    if (!m_has) {
        m_clipA->setCurrentIndex(-1);
        m_clipB->setCurrentIndex(-1);
    }
    if (t) {
        m_shown = *t;
        m_clipA->setCurrentIndex(t->clipA);
        m_clipB->setCurrentIndex(t->clipB);
        m_exit->setValue(t->exit);
        m_offset->setValue(t->offset);
        m_duration->setValue(t->duration);
        anim::TransitionTiming automatic = t->timing(rig);
        automatic.previewLength = 0.0;
        const double length = automatic.length();
        // At 0 the box reads "Auto" with the length it gives (short: the dock is narrow).
        m_length->setSpecialValueText(tr("Auto %1 s").arg(length, 0, 'f', 3));
        m_length->setValue(t->previewLength);
        for (int i = 0; i < static_cast<int>(std::size(kCurves)); ++i)
            if (kCurves[i].kind == t->curve.kind)
                m_curve->setCurrentIndex(i);
        m_plot->setCurve(t->curve);
        m_sync->setChecked(t->sync);
        m_sync->setEnabled(t->cycleA && t->cycleB);
        m_sync->setToolTip(syncToolTip(t->cycleA, t->cycleB));
        m_cycleA->setChecked(t->cycleA);
        m_cycleB->setChecked(t->cycleB);
        m_matchRoot->setChecked(t->matchRoot);
        m_mode->setCurrentIndex(t->mode == anim::BlendMode::Inertialization ? 1 : 0);
    } else {
        m_sync->setChecked(false);
        m_cycleA->setChecked(false);
        m_cycleB->setChecked(false);
        m_matchRoot->setChecked(false);
    }
    m_updating = false;
}

} // namespace marrow::ui
