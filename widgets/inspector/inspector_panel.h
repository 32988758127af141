// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/math/transform.h"
#include "core/model/ids.h"

#include <QPointer>
#include <QWidget>

#include <array>
#include <optional>

class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace marrow::cmd {
class InteractionTracker;
}
namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class PoseEditor;
class PoseEvaluator;
class Selection;
} // namespace marrow::ws

namespace marrow::ui {

class ChannelSpinBox;
class RotationModeBox;
class KeyButton;

// The inspector dock's content: the current joint (Selection::currentJoint())
// with its local translation, rotation (XYZ Euler degrees) and scale at the
// current time, as PoseEvaluator::locals() has them (overrides included), and
// a "Posed — not keyed" mark with a Reset pose button while the joint has a
// pose override.
//
// Editing a box poses the joint: it pushes SetJointPoseCommand with the
// current local transform and only the edited channel changed, so editing
// translation leaves the quaternion bit-identical. Every push of one gesture
// (see ChannelSpinBox: an arrow held, a scrub, a wheel burst, a typed value
// up to Enter) carries one InteractionId, so the gesture is one undo entry;
// the gesture also ends when the undo stack moves by anything but our own
// push (Ctrl+Z mid-drag), when the joint's override changes under us (a time
// change drops it), and when the shown joint changes.
//
// Rotation is kept as a quaternion; the Euler boxes only display it. The
// panel keeps the unrounded angles behind them (m_euler): a refresh keeps
// them while they still give the shown rotation, and otherwise takes the
// equivalent angles nearest to them, so values never flip to an equivalent
// triple on their own. A rotation edit replaces only the edited angle in
// m_euler, so the other two do not pick up the display's rounding.
//
// Owns its child widgets only; the document, selection and evaluator must
// outlive it (the main window owns all four). Invariant: m_refreshing is set
// exactly while the panel writes values into its boxes, and such writes
// never push commands.
class InspectorPanel : public QWidget {
    Q_OBJECT
public:
    InspectorPanel(doc::Document* document, ws::Selection* selection, ws::PoseEvaluator* evaluator,
                   QWidget* parent = nullptr);
    ~InspectorPanel() override;

    // Routes edits through the pose editor (auto-key, key buttons); without
    // one, edits push SetJointPoseCommand and the key buttons stay hidden.
    void setPoseEditor(ws::PoseEditor* editor);
    // The key decorator of translation (0), rotation (1) or scale (2).
    KeyButton* keyButton(int channel) const;

    // axis 0, 1, 2 = X, Y, Z; null when out of range.
    QDoubleSpinBox* translationBox(int axis) const;
    QDoubleSpinBox* rotationBox(int axis) const;
    QDoubleSpinBox* scaleBox(int axis) const;
    QPushButton* resetPoseButton() const { return m_reset; }
    // The joint the boxes show; -1 when none.
    model::JointIndex shownJoint() const { return m_joint; }
    // Whether the "Posed — not keyed" mark is up.
    bool showsPosedMark() const;
    // Whether an edit gesture is open (its pushes merge into one undo entry).
    bool isInGesture() const;

public slots:
    // Reads the current joint and its pose again (connected to every source of change).
    void refresh();

protected:
    void changeEvent(QEvent* event) override;

private:
    enum class Channel { Translation, Rotation, Scale };

    void buildUi();
    void applyAxisColours();
    void onValueEdited(Channel channel, int axis);
    void resetPose();
    void pushPose(const std::optional<math::Transform>& pose, model::InteractionId interaction,
                  anim::ChannelMask changed = anim::kTranslationBit | anim::kRotationBit | anim::kScaleBit);
    void onKeyButton(int channel);
    void refreshKeyButtons();
    void endGesture();
    void showNothing();
    std::array<ChannelSpinBox*, 3>& boxes(Channel channel);
    std::optional<math::Transform> shownLocal() const;  // the evaluator's local for m_joint, if in range

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::PoseEvaluator> m_evaluator;
    QPointer<ws::PoseEditor> m_poseEditor;
    std::array<KeyButton*, 3> m_keyButtons{};

    QLabel* m_name = nullptr;
    QLabel* m_posed = nullptr;
    QLabel* m_hint = nullptr;
    QPushButton* m_reset = nullptr;
    QWidget* m_statusRow = nullptr;  // the posed mark and Reset pose
    QWidget* m_channels = nullptr;  // the grid of labels and boxes
    std::array<ChannelSpinBox*, 3> m_translation{};
    std::array<ChannelSpinBox*, 3> m_rotation{};
    std::array<ChannelSpinBox*, 3> m_scale{};
    std::array<QLabel*, 9> m_axisLabels{};  // X, Y, Z per channel, in channel order

    model::JointIndex m_joint = -1;
    glm::vec3 m_euler{0.f};  // unrounded degrees behind the rotation boxes
    anim::RotationMode m_eulerOrder = anim::RotationMode::Quaternion;  // the order m_euler is in (Quaternion: XYZ)
    RotationModeBox* m_rotationMode = nullptr;
    cmd::InteractionTracker* m_gesture;        // child: the open gesture's id
    model::JointIndex m_interactionJoint = -1;  // the joint the open gesture edits
    bool m_refreshing = false;  // writing values into the boxes: not a user edit
};

} // namespace marrow::ui
