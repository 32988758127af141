// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/foot_slide.h"
#include "core/anim/transition_foot_slide.h"
#include "core/anim/transition_pose.h"
#include "core/model/transition.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

class Playback;

// The transition on screen: which of the document's transitions is
// previewed (view state: choosing one makes no undo entry), its poser, the
// ghosts toggle and the foot-slide settings. While one is active the
// Playback runs in Transition mode over [0, T] and the PoseEvaluator poses
// through pose(); setActive(-1) returns to the clips. The dock, the
// timeline's transition mode, the ghosts and the foot-slide plot all read
// from here, so they agree with each other and with the bake.
class TransitionPreview : public QObject {
    Q_OBJECT
public:
    TransitionPreview(doc::Document* document, Playback* playback, QObject* parent = nullptr);
    ~TransitionPreview() override;

    // Index into the document's transitions, or -1 (clip mode).
    int active() const { return m_active; }
    bool isActive() const { return m_active >= 0; }
    // The active transition, or null.
    const model::Transition* transition() const;
    // Its timing with the clips' lengths (nullopt when none is active).
    std::optional<anim::TransitionTiming> timing() const;
    // The timing the poser samples by (the clips' sync markers included);
    // nullopt when none is active.
    std::optional<anim::TransitionTiming> sampledTiming();
    // T, the preview's length (0 when none is active).
    double length() const;

    // The blended local pose at preview time t; false when none is active
    // or `out` is not one transform per joint.
    bool pose(double t, std::span<math::Transform> out);
    // The same pose as JointBlocks, where the poser can make it so
    // (TransitionPoser::poseBlocks); false otherwise: pose() then.
    bool poseBlocks(double t, std::span<anim::JointBlock> out);
    // A or B alone at its own time in the preview (the ghosts).
    bool poseSide(double t, anim::TransitionPoser::Side side, std::span<math::Transform> out);

    bool ghostsVisible() const { return m_ghosts; }

    // The joints whose slide is measured: by default the legs' feet
    // (model::findLegs) until set; reset when a new rig is opened.
    const std::vector<anim::JointIndex>& footJoints() const { return m_feet; }
    // The legs measured: found, or one per joint the user named.
    const std::vector<anim::Leg>& legs() const { return m_legs; }
    // Contact: within this height of the foot's own ground when > 0; by
    // default 0, the contact rule's (anim::ContactRule: 8 % of the leg).
    float contactHeight() const { return m_contactHeight; }

    // Samples at k / fps over [0, T]; A alone, B alone and the blend, in
    // place against the treadmill (anim::measureTransitionFootSlide, as the CLI).
    using FootSlide = anim::TransitionFootSlide;
    // Measured on first request after any change, then cached; all empty
    // when none is active.
    const FootSlide& footSlide();
    // The rate figures and Find best sample at: the document's, else 30.
    double sampleFps() const;

public slots:
    // -1 leaves transition mode. An out-of-range index counts as -1.
    void setActive(int index);
    void setGhostsVisible(bool visible);
    void setFootJoints(std::vector<marrow::anim::JointIndex> joints);
    void setContactHeight(float height);

signals:
    void activeChanged(int index);
    // The active transition's fields, its clips or their keys changed (or
    // it became active): re-pose, redraw bars and curves.
    void previewChanged();
    void ghostsVisibleChanged(bool visible);
    // The foot-slide figures are stale (transition, keys or settings changed).
    void footSlideChanged();

private:
    anim::TransitionPoser* poser();
    void invalidate();
    void resetLegs();
    void syncPlayback();

    QPointer<doc::Document> m_document;
    QPointer<Playback> m_playback;
    int m_active = -1;
    bool m_ghosts = false;
    bool m_refreshQueued = false;  // a key edit's refresh waits for the event loop
    std::vector<anim::JointIndex> m_feet;
    std::vector<anim::Leg> m_legs;
    float m_contactHeight = 0.f;
    std::unique_ptr<anim::TransitionPoser> m_poser;  // built on first use after a change
    std::optional<FootSlide> m_footSlide;
};

} // namespace marrow::ws
