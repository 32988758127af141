// SPDX-License-Identifier: MIT
#include "core/model/transition_search.h"

#include "core/anim/foot_slide.h"
#include "core/anim/root_match.h"
#include "core/anim/transition_foot_slide.h"
#include "core/model/auto_weights.h"
#include "core/model/foot_joints.h"
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

// The joints the features follow: those a skin weights (helpers and end
// joints move nothing a viewer sees), or every joint when none is weighted.
std::vector<anim::JointIndex> featureJoints(const Rig& rig)
{
    std::vector<anim::JointIndex> joints;
    const std::vector<std::uint8_t> weighted = weightedJoints(rig);
    for (std::size_t j = 0; j < weighted.size(); ++j)
        if (weighted[j])
            joints.push_back(static_cast<anim::JointIndex>(j));
    if (joints.empty()) {
        joints.resize(rig.skeleton.size());
        std::iota(joints.begin(), joints.end(), 0);
    }
    return joints;
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

// Both figures of one transition: the whole preview's and the blend's.
std::pair<double, double> measuredSlides(const Rig& rig, const Transition& transition, double fps, float contactHeight)
{
    anim::TransitionPoser poser = transition.poser(rig);
    const std::vector<anim::JointIndex> feet = deformingFeet(rig);
    const anim::TransitionFootSlide s = anim::measureTransitionFootSlide(rig.skeleton, poser, feet, fps, contactHeight);
    return {s.blended.total, anim::slideBetween(s.blended, poser.timing().exit, poser.timing().blendEnd(), fps)};
}

} // namespace

double transitionFootSlide(const Rig& rig, const Transition& transition, double fps, float contactHeight)
{
    return measuredSlides(rig, transition, fps, contactHeight).first;
}

double transitionBlendFootSlide(const Rig& rig, const Transition& transition, double fps, float contactHeight)
{
    return measuredSlides(rig, transition, fps, contactHeight).second;
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

// transitionFootSlide for many candidates of one transition: the feet and
// the clips' markers found once (Transition::poser would find them anew).
struct FootSlideMeasure {
    const Rig& rig;
    const Transition& transition;
    std::vector<anim::JointIndex> feet;
    std::vector<anim::SyncMarker> markersA, markersB;
    double fps;
    float contact;

    // The blend's slide, and the whole preview's.
    std::pair<double, double> operator()(double exit, double offset) const
    {
        const Transition& t = transition;
        anim::TransitionPoser poser(rig.skeleton, rig.clips[static_cast<std::size_t>(t.clipA)],
                                    rig.clips[static_cast<std::size_t>(t.clipB)],
                                    candidateTiming(rig, t, exit, offset, markersA, markersB), t.profile, t.matchRoot);
        const anim::TransitionFootSlide s = anim::measureTransitionFootSlide(rig.skeleton, poser, feet, fps, contact);
        return {anim::slideBetween(s.blended, exit, poser.timing().blendEnd(), fps), s.blended.total};
    }
};

} // namespace

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
    const std::vector<anim::JointIndex> joints = featureJoints(rig);
    const anim::JointIndex root = anim::rootMotionJoint(rig.skeleton, a);
    const double h = 1.0 / options.fps;
    FeatureCache featuresA(rig, a, joints, root, h), featuresB(rig, b, joints, root, h);
    const std::vector<anim::SyncMarker> markersA = syncMarkersOf(rig, a), markersB = syncMarkersOf(rig, b);
    anim::PoseCostWeights weights = options.weights;
    const float contact = options.contactHeight.value_or(anim::suggestedContactHeight(rig.skeleton));
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

    // Measure the candidates (the `refine` cheapest, or all), then, of
    // those whose feet slide within the tolerance of the least, the cheapest.
    std::vector<std::size_t> order(r.grid.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return r.grid[x] < r.grid[y]; });
    const std::size_t measured =
        options.refine < 0 ? order.size() : std::min(order.size(), static_cast<std::size_t>(options.refine));
    const FootSlideMeasure measure{rig, transition, deformingFeet(rig), markersA, markersB, options.fps, contact};
    r.slides.assign(r.grid.size(), std::numeric_limits<double>::quiet_NaN());
    double least = std::numeric_limits<double>::max();
    for (std::size_t k = 0; k < measured; ++k) {
        if (options.progress && k % 16 == 0 && !options.progress(static_cast<double>(k) / static_cast<double>(measured)))
            return fail("cancelled");
        const std::size_t c = order[k];
        r.slides[c] = measure(r.exits[c / r.offsets.size()], r.offsets[c % r.offsets.size()]).first;
        least = std::min(least, r.slides[c]);
    }
    std::size_t best = order.front();
    for (std::size_t k = 0; k < measured; ++k)  // in cost order: the first within the tolerance
        if (r.slides[order[k]] <= least * (1.0 + options.slideTolerance) + 1e-9) {
            best = order[k];
            break;
        }
    r.exit = r.exits[best / r.offsets.size()];
    r.offset = r.offsets[best % r.offsets.size()];
    r.cost = r.grid[best];
    r.measured = measured > 0;
    r.footSlide = r.measured ? r.slides[best] : 0.0;
    r.previewFootSlide = measure(r.exit, r.offset).second;
    r.leastFootSlide = r.measured ? least : 0.0;
    if (options.progress)
        options.progress(1.0);
    return r;
}

} // namespace marrow::model
