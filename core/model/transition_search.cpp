// SPDX-License-Identifier: MIT
#include "core/model/transition_search.h"

#include "core/anim/foot_slide.h"
#include "core/anim/root_match.h"
#include "core/anim/transition_foot_slide.h"
#include "core/model/auto_weights.h"
#include "core/anim/transition_motion.h"
#include "core/model/legs.h"
#include "core/model/foot_markers.h"
#include "core/model/rig.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

namespace marrow::model {

namespace {

// The grid k / fps from `from` to `to` (both ends included within a hair).
std::vector<double> gridTimes(double from, double to, double fps, bool includeEnd)
{
    std::vector<double> times;
    const double n = (to - from) * fps;
    const auto last = static_cast<long long>(std::floor(n + 1e-6));
    for (long long k = 0; k <= last; ++k) {
        const double t = from + static_cast<double>(k) / fps;
        if (!includeEnd && t >= to - 1e-9)
            break;
        times.push_back(t);
    }
    return times;
}

// Features of one clip, cached by time (to the microsecond).
class FeatureCache {
public:
    FeatureCache(const Rig& rig, const anim::Clip& clip, std::span<const anim::JointIndex> joints,
                 anim::JointIndex root, double h)
        : m_rig(rig), m_clip(clip), m_joints(joints), m_root(root), m_h(h)
    {
    }
    const anim::PoseFeatures& at(double t)
    {
        const long long key = std::llround(t * 1e6);
        auto it = m_cache.find(key);
        if (it == m_cache.end())
            it = m_cache.emplace(key, anim::poseFeatures(m_rig.skeleton, m_clip, t, m_joints, m_root, m_h)).first;
        return it->second;
    }

private:
    const Rig& m_rig;
    const anim::Clip& m_clip;
    std::span<const anim::JointIndex> m_joints;
    anim::JointIndex m_root;
    double m_h;
    std::map<long long, anim::PoseFeatures> m_cache;
};

} // namespace

namespace {

anim::ContactRule ruleOf(std::optional<float> height)
{
    anim::ContactRule rule;
    rule.absoluteHeight = height.value_or(0.f);
    return rule;
}

// Both figures of one transition: the whole preview's and the blend's.
std::pair<double, double> measuredSlides(const Rig& rig, const Transition& transition, double fps)
{
    anim::TransitionPoser poser = transition.poser(rig);
    const std::vector<anim::Leg> legs = findLegs(rig);
    const anim::TransitionFootSlide s = anim::measureTransitionFootSlide(rig.skeleton, poser, legs, fps);
    return {s.blended.total, s.blend};
}

} // namespace

double transitionFootSlide(const Rig& rig, const Transition& transition, double fps)
{
    return measuredSlides(rig, transition, fps).first;
}

double transitionBlendFootSlide(const Rig& rig, const Transition& transition, double fps)
{
    return measuredSlides(rig, transition, fps).second;
}

namespace {

// The transition's timing moved to one candidate, with the clips' markers
// found once by the caller.
anim::TransitionTiming candidateTiming(const Rig& rig, Transition t, double exit, double offset,
                                       const std::vector<anim::SyncMarker>& markersA,
                                       const std::vector<anim::SyncMarker>& markersB)
{
    t.exit = exit;
    t.offset = offset;
    anim::TransitionTiming timing = t.timing(rig);
    if (timing.syncs()) {
        timing.markersA = markersA;
        timing.markersB = markersB;
    }
    return timing;
}

} // namespace

TransitionJudge::TransitionJudge(const Rig& rig, const Transition& transition, double fps,
                                 std::optional<float> contactHeight, const TransitionCostWeights& weights)
    : m_rig(rig)
    , m_transition(transition)
    , m_legs(findLegs(rig))
    , m_root(anim::legsRoot(rig.skeleton, m_legs))
    , m_fps(fps)
    , m_rule(ruleOf(contactHeight))
    , m_weights(weights)
{
    const anim::Clip& a = rig.clips[static_cast<std::size_t>(transition.clipA)];
    const anim::Clip& b = rig.clips[static_cast<std::size_t>(transition.clipB)];
    m_markersA = footfallMarkers(syncMarkersOf(rig, a));
    m_markersB = footfallMarkers(syncMarkersOf(rig, b));
    m_envelopeA = anim::clipEnvelope(rig.skeleton, m_legs, m_root, a, fps, m_rule);
    m_envelopeB = anim::clipEnvelope(rig.skeleton, m_legs, m_root, b, fps, m_rule);
    m_compiled.a = std::make_shared<const anim::CompiledClip>(a);
    m_compiled.b = std::make_shared<const anim::CompiledClip>(b);
}

TransitionVerdict TransitionJudge::operator()(double exit, double offset) const
{
    const Transition& t = m_transition;
    anim::TransitionPoser poser(m_rig.skeleton, m_rig.clips[static_cast<std::size_t>(t.clipA)],
                                m_rig.clips[static_cast<std::size_t>(t.clipB)],
                                candidateTiming(m_rig, t, exit, offset, m_markersA, m_markersB), t.profile,
                                t.matchRoot, m_compiled);
    const anim::GaitMotion m = anim::blendedMotion(m_rig.skeleton, poser, m_legs, m_root, m_fps, m_rule,
                                                   m_envelopeA.treadmill, m_envelopeB.treadmill);
    const anim::TransitionTiming& timing = poser.timing();
    TransitionVerdict v;
    v.faults = anim::blendFaults(m, timing, m_envelopeA, m_envelopeB, m_fps);
    v.excluded = v.faults.skipStep || v.faults.airborneOver > 0;
    v.slide = anim::slideBetween(m.gait, timing.exit, timing.blendEnd());
    v.slidePerLeg = 100.0 * anim::slidePerLegBetween(m.gait, m_legs, timing.exit, timing.blendEnd());
    v.preview = m.gait.total;
    const auto over = [](double jump, double bound) { return bound > 0.0 ? std::max(0.0, jump / bound - 1.0) : 0.0; };
    v.terms.slide = m_weights.slide * v.slidePerLeg;
    v.terms.speed = m_weights.speed * 100.0 * v.faults.speedOutside;
    v.terms.pop = m_weights.pop * (over(v.faults.rootJump, v.faults.rootJumpAllowed) +
                                   over(v.faults.footJump, v.faults.footJumpAllowed));
    v.terms.total = v.terms.slide + v.terms.speed + v.terms.pop;
    return v;
}

std::optional<TransitionSearchResult> findBestTransition(const Rig& rig, const Transition& transition,
                                                         const TransitionSearchOptions& options, std::string* error)
{
    const auto fail = [error](std::string why) -> std::optional<TransitionSearchResult> {
        if (error)
            *error = std::move(why);
        return std::nullopt;
    };
    if (auto bad = transition.validate(rig.clips.size(), rig.skeleton.size()))
        return fail(*bad);
    if (!(options.fps > 0.0) || !std::isfinite(options.fps))
        return fail("the search's frame rate must be more than 0");
    const anim::Clip& a = rig.clips[static_cast<std::size_t>(transition.clipA)];
    const anim::Clip& b = rig.clips[static_cast<std::size_t>(transition.clipB)];
    const double to = options.exitTo < 0.0 ? a.duration : std::min(options.exitTo, static_cast<double>(a.duration));
    const double from = std::max(0.0, options.exitFrom);
    if (!std::isfinite(from) || !std::isfinite(to) || from > to)
        return fail("the exit window is empty");

    TransitionSearchResult r;
    r.exits = gridTimes(from, to, options.fps, true);
    r.offsets = b.duration > 0.0 ? gridTimes(0.0, b.duration, options.fps, false) : std::vector<double>{0.0};
    const std::vector<anim::JointIndex> joints = visibleJoints(rig);
    const anim::JointIndex root = anim::rootMotionJoint(rig.skeleton, a);
    const double h = 1.0 / options.fps;
    FeatureCache featuresA(rig, a, joints, root, h), featuresB(rig, b, joints, root, h);
    const std::vector<anim::SyncMarker> markersA = footfallMarkers(syncMarkersOf(rig, a));
    const std::vector<anim::SyncMarker> markersB = footfallMarkers(syncMarkersOf(rig, b));
    anim::PoseCostWeights weights = options.weights;
    if (!(weights.height > 0.0))
        weights.height = static_cast<double>(anim::suggestedContactHeight(rig.skeleton)) / 0.02;  // a flat rig's 0: 1

    // Score the grid: A at the exit, B where the transition enters it.
    r.grid.reserve(r.exits.size() * r.offsets.size());
    for (double e : r.exits) {
        double lowest = std::numeric_limits<double>::max();
        for (double o : r.offsets) {
            const anim::TransitionFrame f =
                anim::sampleTransition(candidateTiming(rig, transition, e, o, markersA, markersB), e);
            const double phase = anim::footPhaseDistance(markersA, a.duration, f.timeA, markersB, b.duration, f.timeB);
            const double c = anim::poseCost(featuresA.at(f.timeA), featuresB.at(f.timeB), weights, phase);
            r.grid.push_back(c);
            lowest = std::min(lowest, c);
        }
        r.costs.push_back(lowest);
    }

    // Play the candidates through (the `refine` cheapest by pose cost, or
    // all): the least weighted sum of those that keep the gait wins.
    std::vector<std::size_t> order(r.grid.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return r.grid[x] < r.grid[y]; });
    const std::size_t measured =
        options.refine < 0 ? order.size() : std::min(order.size(), static_cast<std::size_t>(options.refine));
    std::optional<TransitionJudge> judge;
    if (measured > 0)
        judge.emplace(rig, transition, options.fps, options.contactHeight, options.cost);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    r.slides.assign(r.grid.size(), nan);
    r.totals.assign(r.grid.size(), nan);
    std::vector<TransitionVerdict> verdicts(r.grid.size());
    std::size_t best = order.front();
    double bestTotal = std::numeric_limits<double>::infinity(), bestAny = bestTotal;
    std::size_t bestOfAll = best;
    for (std::size_t k = 0; k < measured; ++k) {
        if (options.progress && k % 16 == 0 && !options.progress(static_cast<double>(k) / static_cast<double>(measured)))
            return fail("cancelled");
        const std::size_t c = order[k];
        TransitionVerdict& v = verdicts[c];
        v = (*judge)(r.exits[c / r.offsets.size()], r.offsets[c % r.offsets.size()]);
        v.terms.pose = options.cost.pose * r.grid[c];
        v.terms.total += v.terms.pose;
        r.slides[c] = v.slide;
        r.totals[c] = v.excluded ? std::numeric_limits<double>::infinity() : v.terms.total;
        if (v.excluded)
            ++r.excluded;
        if (!v.excluded && v.terms.total < bestTotal) {
            bestTotal = v.terms.total;
            best = c;
        }
        if (v.terms.total < bestAny) {
            bestAny = v.terms.total;
            bestOfAll = c;
        }
    }
    r.measured = measured > 0;
    r.allExcluded = r.measured && !std::isfinite(bestTotal);
    if (r.allExcluded)
        best = bestOfAll;
    r.exit = r.exits[best / r.offsets.size()];
    r.offset = r.offsets[best % r.offsets.size()];
    r.cost = r.grid[best];
    if (r.measured) {
        r.footSlide = verdicts[best].slide;
        r.footSlidePerLeg = verdicts[best].slidePerLeg;
        r.previewFootSlide = verdicts[best].preview;
        r.terms = verdicts[best].terms;
    }
    if (options.progress)
        options.progress(1.0);
    return r;
}

} // namespace marrow::model
