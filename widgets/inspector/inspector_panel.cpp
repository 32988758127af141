// SPDX-License-Identifier: MIT
#include "widgets/inspector/inspector_panel.h"
#include "widgets/inspector/rotation_mode_box.h"

#include "core/anim/rotation_mode.h"

#include "core/commands/interaction_tracker.h"
#include "core/commands/set_joint_pose_command.h"
#include "core/document/document.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/inspector/channel_spin_box.h"
#include "widgets/inspector/key_button.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace marrow::ui {

namespace {

// RAII for a re-entrancy flag, so an early return cannot leave it set.
class FlagGuard {
public:
    explicit FlagGuard(bool& flag)
        : m_flag(flag)
        , m_old(flag)
    {
        m_flag = true;
    }
    ~FlagGuard() { m_flag = m_old; }
    FlagGuard(const FlagGuard&) = delete;
    FlagGuard& operator=(const FlagGuard&) = delete;

private:
    bool& m_flag;
    bool m_old = false;
};

// Below this angle (radians) two quaternions are the same rotation for the
// display: far under its 0.01 degree, far over float round-off (~1e-7).
constexpr double kSameRotation = 2e-6;

// The angle between two rotations, in double, well conditioned near zero
// (2 * atan2 of the difference's vector part, not acos of a dot product).
double angleBetween(const glm::quat& a, const glm::quat& b)
{
    const glm::dquat d = glm::conjugate(glm::dquat(a)) * glm::dquat(b);
    const double v = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    return 2.0 * std::atan2(v, std::fabs(d.w));
}

QColor mix(const QColor& a, const QColor& b, float t)
{
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * t, a.greenF() + (b.greenF() - a.greenF()) * t,
                            a.blueF() + (b.blueF() - a.blueF()) * t);
}

constexpr double kLarge = 1e6;  // ranges: far beyond any rig, still a finite float
const char* const kAxisNames[3] = {"X", "Y", "Z"};

} // namespace

InspectorPanel::InspectorPanel(doc::Document* document, ws::Selection* selection, ws::PoseEvaluator* evaluator,
                               QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_selection(selection)
    , m_evaluator(evaluator)
    , m_gesture(new cmd::InteractionTracker(document, this))
{
    buildUi();
    applyAxisColours();

    connect(m_evaluator, &ws::PoseEvaluator::poseChanged, this, &InspectorPanel::refresh);
    connect(m_evaluator, &ws::PoseEvaluator::editSkeletonChanged, this, &InspectorPanel::refresh);
    connect(m_selection, &ws::Selection::jointsChanged, this, &InspectorPanel::refresh);
    connect(m_document, &doc::Document::jointRenamed, this, [this](model::JointIndex joint) {
        if (joint == m_joint)
            refresh();
    });
    connect(m_document, &doc::Document::rotationModeChanged, this, [this](model::JointIndex joint) {
        if (joint == m_joint)
            refresh();  // the angles in the new order
    });
    connect(m_document, &doc::Document::rigReplaced, this, [this] {
        // Same index, different joint: show it afresh (canonical angles, no pending text).
        endGesture();
        m_joint = -1;
        refresh();
    });
    // A time change moved the pose under the gesture: the next change starts
    // a new undo entry instead of merging across it. (The tracker itself ends
    // the gesture when the undo stack moves by anything but our push.)
    connect(m_document, &doc::Document::poseOverrideChanged, this, [this](model::JointIndex joint) {
        if (!m_gesture->isPushing() && joint == m_interactionJoint)
            endGesture();
    });
    connect(m_gesture, &cmd::InteractionTracker::ended, this, [this] { m_interactionJoint = -1; });
    connect(m_reset, &QPushButton::clicked, this, &InspectorPanel::resetPose);
    refresh();
}

InspectorPanel::~InspectorPanel()
{
    // QWidget's destructor hides the children after this object has stopped
    // being an InspectorPanel; a focused box would then report focus-out to
    // a slot of a half-destroyed panel. Cut the boxes off first.
    for (const auto* channel : {&m_translation, &m_rotation, &m_scale})
        for (ChannelSpinBox* box : *channel)
            if (box)
                disconnect(box, nullptr, this, nullptr);
}

void InspectorPanel::buildUi()
{
    auto* root = new QVBoxLayout(this);
    root->setContentsMargins(8, 8, 8, 8);
    root->setSpacing(6);

    m_name = new QLabel(this);
    QFont bold = m_name->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_name->setFont(bold);
    m_name->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Long names clip instead of widening the dock; the tooltip has all of it.
    m_name->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    root->addWidget(m_name);

    m_statusRow = new QWidget(this);
    auto* status = new QHBoxLayout(m_statusRow);
    status->setContentsMargins(0, 0, 0, 0);
    status->setSpacing(6);
    m_posed = new QLabel(this);
    m_posed->setToolTip(tr("This joint's pose differs from the clip at this time. The change is dropped "
                           "when the time changes unless it is keyed."));
    QSizePolicy keep = m_posed->sizePolicy();
    keep.setRetainSizeWhenHidden(true);  // the row keeps its height: nothing jumps
    m_posed->setSizePolicy(keep);
    m_reset = new QPushButton(tr("Reset pose"), this);
    m_reset->setToolTip(tr("Drop the pose edit: back to the clip's value at this time (undoable)"));
    m_reset->setAutoDefault(false);
    status->addWidget(m_posed, 1);
    status->addWidget(m_reset);
    root->addWidget(m_statusRow);

    m_hint = new QLabel(tr("Select a joint in the bone tree or the viewport"), this);
    m_hint->setWordWrap(true);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    root->addWidget(m_hint);

    m_channels = new QWidget(this);
    auto* grid = new QGridLayout(m_channels);
    grid->setContentsMargins(0, 4, 0, 0);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(2);
    grid->setColumnStretch(2, 1);

    struct Spec {
        Channel channel;
        QString title;
        int decimals = 3;
        double step = 0.01;
        QString suffix;
    };
    const Spec specs[3] = {
        {Channel::Translation, tr("Translation"), 3, 0.01, {}},
        {Channel::Rotation, tr("Rotation"), 2, 1.0, QStringLiteral("\u00b0")},
        {Channel::Scale, tr("Scale"), 3, 0.01, {}},
    };
    int row = 0;
    for (int c = 0; c < 3; ++c) {
        const Spec& spec = specs[c];
        if (c > 0)
            grid->setRowMinimumHeight(row++, 8);  // a gap between groups
        auto* title = new QLabel(spec.title, m_channels);
        grid->addWidget(title, row, 0, Qt::AlignLeft | Qt::AlignVCenter);
        auto* key = new KeyButton(m_channels);
        key->setAccessibleName(tr("Key %1").arg(spec.title));
        key->hide();  // until a pose editor is set
        m_keyButtons[static_cast<std::size_t>(c)] = key;
        grid->addWidget(key, row, 3, Qt::AlignCenter);
        connect(key, &QToolButton::clicked, this, [this, c] { onKeyButton(c); });
        if (spec.channel == Channel::Rotation) {
            // The order is part of what the numbers mean: the bone's mode.
            m_rotationMode = new RotationModeBox(m_channels);
            m_rotationMode->setDocument(m_document);
        }
        auto& group = boxes(spec.channel);
        for (int axis = 0; axis < 3; ++axis, ++row) {
            auto* axisLabel = new QLabel(QString::fromLatin1(kAxisNames[axis]), m_channels);
            QFont f = axisLabel->font();
            f.setBold(true);
            axisLabel->setFont(f);
            axisLabel->setAlignment(Qt::AlignCenter);
            axisLabel->setMinimumWidth(axisLabel->fontMetrics().horizontalAdvance(QLatin1Char('W')));
            m_axisLabels[static_cast<std::size_t>(c * 3 + axis)] = axisLabel;

            auto* box = new ChannelSpinBox(m_channels);
            box->setDecimals(spec.decimals);
            box->setRange(-kLarge, kLarge);
            box->setSingleStep(spec.step);
            box->setSuffix(spec.suffix);
            box->setMinimumWidth(box->fontMetrics().horizontalAdvance(QStringLiteral("-0000.000")) + 32);
            const QString name = spec.title + QLatin1Char(' ') + QLatin1String(kAxisNames[axis]);
            box->setAccessibleName(name);
            box->setToolTip(spec.channel == Channel::Rotation
                                ? tr("%1 in degrees (local, in the order the Mode below names; XYZ for a "
                                     "quaternion bone). Drag on the number to scrub; Shift for finer steps.")
                                      .arg(name)
                                : tr("%1 (local, in the parent's space). Drag on the number to scrub; Shift "
                                     "for finer steps.")
                                      .arg(name));
            axisLabel->setBuddy(box);
            group[static_cast<std::size_t>(axis)] = box;
            grid->addWidget(axisLabel, row, 1);
            grid->addWidget(box, row, 2);

            const Channel channel = spec.channel;
            connect(box, &QDoubleSpinBox::valueChanged, this, [this, channel, axis] { onValueEdited(channel, axis); });
            connect(box, &ChannelSpinBox::gestureFinished, this, &InspectorPanel::endGesture);
        }
        if (spec.channel == Channel::Rotation) {  // the mode, below its angles
            auto* modeLabel = new QLabel(tr("Mode"), m_channels);
            modeLabel->setBuddy(m_rotationMode);
            grid->addWidget(modeLabel, row, 0, Qt::AlignLeft | Qt::AlignVCenter);
            grid->addWidget(m_rotationMode, row++, 1, 1, 2);
        }
    }
    root->addWidget(m_channels);
    root->addStretch(1);
}

void InspectorPanel::applyAxisColours()
{
    // Blender's axis hues, pulled toward the text colour so they tint rather
    // than shout; a light palette gets darker ones for contrast.
    const QColor text = palette().color(QPalette::WindowText);
    const QColor disabledText = palette().color(QPalette::Disabled, QPalette::WindowText);
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QColor hues[3] = {QColor(255, 51, 82), QColor(139, 220, 0), QColor(40, 144, 255)};
    for (std::size_t i = 0; i < m_axisLabels.size(); ++i) {
        QColor hue = hues[i % 3];
        if (!dark)
            hue = hue.darker(150);
        QPalette p = m_axisLabels[i]->palette();
        p.setColor(QPalette::Active, QPalette::WindowText, mix(hue, text, 0.25f));
        p.setColor(QPalette::Inactive, QPalette::WindowText, mix(hue, text, 0.25f));
        // Disabled (nothing selected): mostly grey, a trace of the hue.
        p.setColor(QPalette::Disabled, QPalette::WindowText, mix(hue, disabledText, 0.75f));
        m_axisLabels[i]->setPalette(p);
    }
    const QColor orange = dark ? QColor(240, 160, 60) : QColor(190, 100, 0);
    m_posed->setText(QStringLiteral("<span style=\"color:%1\">\u25cf %2</span>")
                         .arg(orange.name(), tr("Posed \u2014 not keyed").toHtmlEscaped()));
}

void InspectorPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyAxisColours();
}

std::array<ChannelSpinBox*, 3>& InspectorPanel::boxes(Channel channel)
{
    switch (channel) {
    case Channel::Translation:
        return m_translation;
    case Channel::Rotation:
        return m_rotation;
    case Channel::Scale:
        break;
    }
    return m_scale;
}

QDoubleSpinBox* InspectorPanel::translationBox(int axis) const
{
    return axis >= 0 && axis < 3 ? m_translation[static_cast<std::size_t>(axis)] : nullptr;
}

QDoubleSpinBox* InspectorPanel::rotationBox(int axis) const
{
    return axis >= 0 && axis < 3 ? m_rotation[static_cast<std::size_t>(axis)] : nullptr;
}

QDoubleSpinBox* InspectorPanel::scaleBox(int axis) const
{
    return axis >= 0 && axis < 3 ? m_scale[static_cast<std::size_t>(axis)] : nullptr;
}

bool InspectorPanel::isInGesture() const
{
    return m_gesture->isActive();
}

bool InspectorPanel::showsPosedMark() const
{
    return !m_posed->isHidden();
}

std::optional<math::Transform> InspectorPanel::shownLocal() const
{
    if (m_joint < 0 || !m_document || !m_evaluator)
        return std::nullopt;
    const auto locals = m_evaluator->locals();
    const auto j = static_cast<std::size_t>(m_joint);
    // The evaluator may not have caught up with a new rig yet (signal order).
    if (j >= locals.size() || j >= m_document->rig().skeleton.size())
        return std::nullopt;
    return locals[j];
}

void InspectorPanel::refresh()
{
    if (!m_document || !m_selection || !m_evaluator) {
        showNothing();
        return;
    }
    const model::JointIndex joint = m_selection->currentJoint();
    const bool newJoint = joint != m_joint;
    if (newJoint) {
        endGesture();
        m_joint = joint;
    }
    const std::optional<math::Transform> local = shownLocal();
    if (!local) {
        showNothing();
        return;
    }
    FlagGuard guard(m_refreshing);

    const QString name = QString::fromStdString(m_document->rig().skeleton.names[static_cast<std::size_t>(m_joint)]);
    // Edit Skeleton: the fields are the rest transform; no pose, no keys.
    const bool rest = m_evaluator->editSkeleton();
    m_name->setText(rest ? tr("%1 · rest").arg(name) : name);
    m_name->setToolTip(rest ? tr("%1: its rest transform (Edit Skeleton)").arg(name) : name);
    m_name->show();
    m_statusRow->setVisible(!rest);
    for (KeyButton* b : m_keyButtons)
        b->setVisible(!rest && m_poseEditor);
    m_hint->hide();
    m_channels->setEnabled(true);

    // Keep the angles while they still give this rotation (a translation edit,
    // our own rotation push); otherwise the equivalent angles nearest to them.
    m_rotationMode->setJoint(m_joint);
    const anim::RotationMode order = m_rotationMode->mode();
    if (newJoint || order != m_eulerOrder)
        m_euler = glm::degrees(anim::quatToEuler(local->rotation, order));
    else if (angleBetween(anim::eulerToQuat(glm::radians(m_euler), order), local->rotation) > kSameRotation)
        m_euler = glm::degrees(anim::quatToEulerNear(local->rotation, order, glm::radians(m_euler)));
    m_eulerOrder = order;

    for (int axis = 0; axis < 3; ++axis) {
        const auto a = static_cast<std::size_t>(axis);
        // Text typed but not yet committed stays (the pose may change under it
        // during playback); a new joint replaces it, so it never lands on the wrong joint.
        const auto set = [newJoint](ChannelSpinBox* box, float v) {
            if (newJoint || !box->hasPendingText())
                box->setValue(static_cast<double>(v));
        };
        set(m_translation[a], local->translation[axis]);
        set(m_rotation[a], m_euler[axis]);
        set(m_scale[a], local->scale[axis]);
    }
    const bool posed = m_document->poseOverride(m_joint).has_value();
    m_posed->setVisible(posed);
    m_reset->setEnabled(posed);
    refreshKeyButtons();
}

void InspectorPanel::showNothing()
{
    FlagGuard guard(m_refreshing);
    endGesture();
    m_joint = -1;
    m_name->hide();
    m_hint->show();
    m_posed->hide();
    m_reset->setEnabled(false);
    m_statusRow->hide();  // a lone button above the hint would read as if it applied to something
    m_channels->setEnabled(false);
    for (Channel c : {Channel::Translation, Channel::Rotation, Channel::Scale})
        for (ChannelSpinBox* box : boxes(c))
            box->showBlank();
}

void InspectorPanel::onValueEdited(Channel channel, int axis)
{
    if (m_refreshing)
        return;  // our own refresh writing values, not the user
    const std::optional<math::Transform> local = shownLocal();
    if (!local)
        return;
    const auto a = static_cast<std::size_t>(axis);
    math::Transform pose = *local;
    switch (channel) {
    case Channel::Translation:
        pose.translation[axis] = static_cast<float>(m_translation[a]->value());
        break;
    case Channel::Rotation:
        // Only a rotation edit touches the quaternion; the other two angles
        // are the unrounded ones behind their boxes.
        m_euler[axis] = static_cast<float>(m_rotation[a]->value());
        pose.rotation = anim::eulerToQuat(glm::radians(m_euler), m_eulerOrder);
        break;
    case Channel::Scale:
        pose.scale[axis] = static_cast<float>(m_scale[a]->value());
        break;
    }
    if (pose == *local)
        return;
    // Another joint's edit is another gesture, even without a release between.
    if (m_interactionJoint != m_joint)
        endGesture();
    const model::InteractionId interaction = m_gesture->current();
    m_interactionJoint = m_joint;
    pushPose(pose, interaction,
             channel == Channel::Translation ? anim::kTranslationBit
             : channel == Channel::Rotation  ? anim::kRotationBit
                                             : anim::kScaleBit);
}

void InspectorPanel::resetPose()
{
    if (m_joint < 0 || !m_document || !m_document->poseOverride(m_joint))
        return;
    endGesture();
    pushPose(std::nullopt, model::InteractionId{});  // no id: never merges with a drag
}

void InspectorPanel::pushPose(const std::optional<math::Transform>& pose, model::InteractionId interaction,
                              anim::ChannelMask changed)
{
    // push() runs redo() at once: the override changes, the evaluator emits
    // poseChanged and refresh() shows the result before push() returns.
    if (pose && m_poseEditor) {
        // Through the pose editor, so auto-key keys the edited channel.
        cmd::InteractionTracker::PushGuard own(*m_gesture);
        const ws::PoseEditor::JointPose p{m_joint, *pose, changed};
        m_poseEditor->applyPoses({&p, 1}, interaction, tr("Pose %1").arg(m_name->text()));
        return;
    }
    m_gesture->push(new cmd::SetJointPoseCommand(m_document, m_joint, pose, interaction));
}

void InspectorPanel::endGesture()
{
    m_gesture->end();
    m_interactionJoint = -1;
}

} // namespace marrow::ui
