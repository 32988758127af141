// SPDX-License-Identifier: MIT
#include "core/workspace/transition_preview.h"
#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/model/legs.h"

namespace marrow::ws {

TransitionPreview::TransitionPreview(doc::Document* document, Playback* playback, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_playback(playback)
{
    resetLegs();
    // The poser holds references into the rig's clips: drop it before they go.
    connect(m_document, &doc::Document::rigAboutToBeReplaced, this, [this] {
        m_poser.reset();
        m_footSlide.reset();
    });
    connect(m_document, &doc::Document::rigReplaced, this, [this] {
        resetLegs();
        setActive(-1);
        emit footSlideChanged();
    });
    auto changed = [this] {
        if (m_active >= static_cast<int>(m_document->rig().transitions.size())) {
            setActive(-1);
            return;
        }
        invalidate();
        if (!isActive())
            return;
        syncPlayback();
        emit previewChanged();
    };
    connect(m_document, &doc::Document::transitionsChanged, this, changed);
    connect(m_document, &doc::Document::clipsChanged, this, changed);
    connect(m_document, &doc::Document::syncMarkersChanged, this, changed);  // sync follows them
    // Keys arrive one signal per joint: rebuild once they are all in.
    connect(m_document, &doc::Document::keysChanged, this, [this, changed] {
        m_poser.reset();
        if (m_refreshQueued)
            return;
        m_refreshQueued = true;
        QMetaObject::invokeMethod(
            this,
            [this, changed] {
                m_refreshQueued = false;
                changed();
            },
            Qt::QueuedConnection);
    });
    if (m_playback)
        connect(m_playback, &Playback::fpsChanged, this, [this] {
            m_footSlide.reset();
            emit footSlideChanged();
        });
}

TransitionPreview::~TransitionPreview() = default;

const model::Transition* TransitionPreview::transition() const
{
    const auto& all = m_document->rig().transitions;
    return m_active >= 0 && static_cast<std::size_t>(m_active) < all.size() ? &all[static_cast<std::size_t>(m_active)]
                                                                            : nullptr;
}

std::optional<anim::TransitionTiming> TransitionPreview::timing() const
{
    const model::Transition* t = transition();
    if (!t)
        return std::nullopt;
    return t->timing(m_document->rig());
}

std::optional<anim::TransitionTiming> TransitionPreview::sampledTiming()
{
    const anim::TransitionPoser* p = poser();
    return p ? std::optional(p->timing()) : std::nullopt;
}

double TransitionPreview::length() const
{
    const auto t = timing();
    return t ? t->length() : 0.0;
}

void TransitionPreview::setActive(int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_document->rig().transitions.size())
        index = -1;
    if (index == m_active)
        return;
    m_active = index;
    invalidate();
    if (m_playback) {
        m_playback->setMode(isActive() ? Playback::Mode::Transition : Playback::Mode::Clip);
        syncPlayback();
        if (isActive())
            m_playback->setTime(0.0);
    }
    emit activeChanged(m_active);
    if (isActive())
        emit previewChanged();
}

void TransitionPreview::syncPlayback()
{
    if (m_playback && isActive())
        m_playback->setDuration(length());
}

void TransitionPreview::invalidate()
{
    m_poser.reset();
    m_footSlide.reset();
    emit footSlideChanged();
}

anim::TransitionPoser* TransitionPreview::poser()
{
    if (m_poser)
        return m_poser.get();
    const model::Transition* t = transition();
    const model::Rig& rig = m_document->rig();
    if (!t || t->validate(rig.clips.size(), rig.skeleton.size()))
        return nullptr;
    m_poser = std::make_unique<anim::TransitionPoser>(t->poser(rig));
    return m_poser.get();
}

bool TransitionPreview::pose(double t, std::span<math::Transform> out)
{
    anim::TransitionPoser* p = poser();
    return p && p->pose(t, out);
}

bool TransitionPreview::poseBlocks(double t, std::span<anim::JointBlock> out)
{
    anim::TransitionPoser* p = poser();
    return p && p->poseBlocks(t, out);
}

bool TransitionPreview::poseSide(double t, anim::TransitionPoser::Side side, std::span<math::Transform> out)
{
    anim::TransitionPoser* p = poser();
    return p && p->poseSide(t, side, out);
}

void TransitionPreview::setGhostsVisible(bool visible)
{
    if (visible == m_ghosts)
        return;
    m_ghosts = visible;
    emit ghostsVisibleChanged(m_ghosts);
}

void TransitionPreview::resetLegs()
{
    m_legs = model::findLegs(m_document->rig());
    m_feet = model::footJointsOf(m_legs);
    m_contactHeight = 0.f;
}

void TransitionPreview::setFootJoints(std::vector<anim::JointIndex> joints)
{
    if (joints == m_feet)
        return;
    const std::vector<anim::Leg> found = model::findLegs(m_document->rig());
    m_legs = joints == model::footJointsOf(found) ? found : model::legsOfJoints(m_document->rig(), joints);
    m_feet = std::move(joints);
    m_footSlide.reset();
    emit footSlideChanged();
}

void TransitionPreview::setContactHeight(float height)
{
    if (!(height >= 0.f) || height == m_contactHeight)
        return;
    m_contactHeight = height;
    m_footSlide.reset();
    emit footSlideChanged();
}

double TransitionPreview::sampleFps() const
{
    return m_playback && m_playback->fps() > 0.0 ? m_playback->fps() : 30.0;
}

const TransitionPreview::FootSlide& TransitionPreview::footSlide()
{
    if (m_footSlide)
        return *m_footSlide;
    anim::TransitionPoser* p = poser();
    if (!p) {
        m_footSlide.emplace();
        m_footSlide->fps = sampleFps();
        return *m_footSlide;
    }
    anim::ContactRule rule;
    rule.absoluteHeight = m_contactHeight;
    m_footSlide = anim::measureTransitionFootSlide(m_document->rig().skeleton, *p, m_legs, sampleFps(), rule);
    const FootSlide& out = *m_footSlide;
    return out;
}

} // namespace marrow::ws
