// SPDX-License-Identifier: MIT
#include "core/anim/transition_motion.h"

#include "core/anim/local_to_world_job.h"
#include "core/anim/root_match.h"
#include "core/anim/sample_clip_job.h"

#include <algorithm>
#include <cmath>

namespace marrow::anim {

namespace {

// Ground speeds into each frame (frame 0 copies frame 1's), the ground's
// own step into each frame (`treadmill`, empty: none) taken off.
std::vector<double> groundSpeeds(std::span<const glm::vec3> track, std::span<const glm::vec3> treadmill, double fps)
{
    std::vector<double> speeds(track.size(), 0.0);
    for (std::size_t k = 1; k < track.size(); ++k) {
        glm::vec3 step = track[k] - track[k - 1];
        if (treadmill.size() == track.size())
            step -= treadmill[k];
        step.y = 0.f;
        speeds[k] = static_cast<double>(glm::length(step)) * fps;
    }
    if (speeds.size() > 1)
        speeds[0] = speeds[1];
    return speeds;
}

std::vector<glm::vec3> sampleJoint(const Skeleton& skeleton, JointIndex joint, const PoseAt& pose, double start,
                                   std::size_t frames, double fps)
{
    std::vector<glm::vec3> out;
    if (joint < 0 || static_cast<std::size_t>(joint) >= skeleton.size())
        return out;
    std::vector<math::Transform> locals(skeleton.size());
    std::vector<glm::mat4> worlds(skeleton.size());
    for (std::size_t k = 0; k < frames; ++k) {
        const LocalToWorldJob job{skeleton.parents, locals, glm::mat4(1.f), worlds};
        if (!pose(start + static_cast<double>(k) / fps, locals) || !job.run())
            return {};
        out.push_back(glm::vec3(worlds[static_cast<std::size_t>(joint)][3]));
    }
    return out;
}

GaitMotion motionOf(std::span<const Leg> legs, const std::vector<LegTrack>& tracks, std::span<const LegGround> grounds,
                    const std::vector<glm::vec3>& root, double fps, const ContactRule& rule,
                    std::span<const glm::vec3> treadmill)
{
    GaitMotion m;
    m.gait = gaitReport(legs, tracks, grounds, fps, rule, treadmill);
    m.rootSpeed = groundSpeeds(root, treadmill, fps);
    for (const LegTrack& t : tracks)
        m.footSpeed.push_back(groundSpeeds(t.foot, treadmill, fps));
    return m;
}

bool planted(const std::vector<Contact>& contacts, int k)
{
    return std::any_of(contacts.begin(), contacts.end(), [k](const Contact& c) { return c.first <= k && k <= c.last; });
}

// The largest change of a planted foot's speed in one frame, over frames [from, to].
double footJumps(const GaitMotion& m, int from, int to)
{
    double worst = 0.0;
    for (std::size_t l = 0; l < m.gait.legs.size() && l < m.footSpeed.size(); ++l) {
        const auto& speed = m.footSpeed[l];
        const auto& contacts = m.gait.legs[l].contacts;
        for (int k = std::max(from, 2); k <= to && k < static_cast<int>(speed.size()); ++k)
            if (planted(contacts, k) && planted(contacts, k - 1) && planted(contacts, k - 2))
                worst = std::max(worst, std::abs(speed[static_cast<std::size_t>(k)] - speed[static_cast<std::size_t>(k - 1)]));
    }
    return worst;
}

double rootJumps(const std::vector<double>& speed, int from, int to)
{
    double worst = 0.0;
    for (int k = std::max(from, 2); k <= to && k < static_cast<int>(speed.size()); ++k)
        worst = std::max(worst, std::abs(speed[static_cast<std::size_t>(k)] - speed[static_cast<std::size_t>(k - 1)]));
    return worst;
}

// The steepest slope of a blend curve over [0, 1] (1 for linear, 1.5 for smoothstep).
double steepest(const BlendCurve& curve)
{
    double worst = 0.0;
    constexpr int n = 64;
    for (int i = 0; i < n; ++i)
        worst = std::max(worst, static_cast<double>(curve(static_cast<float>(i + 1) / n) - curve(static_cast<float>(i) / n)) * n);
    return worst;
}

} // namespace

GaitEnvelope clipEnvelope(const Skeleton& skeleton, std::span<const Leg> legs, JointIndex root, const Clip& clip,
                          double fps, const ContactRule& rule)
{
    GaitEnvelope e;
    std::vector<glm::vec3> treadmill;
    e.gait = clipGait(skeleton, legs, clip, fps, rule, &e.grounds, &e.treadmill, &treadmill);
    const GaitReport& gait = e.gait;
    const std::vector<LegGround>& grounds = e.grounds;
    const PoseAt pose = [&](double t, std::span<math::Transform> out) {
        const SampleClipJob job{&clip, t, skeleton.rest, {}, out, {}};
        return job.run();
    };
    const std::size_t frames = gait.frames;
    const std::vector<LegTrack> tracks = sampleLegTracks(skeleton, legs, pose, clip.start(), frames, fps);
    const GaitMotion m = motionOf(legs, tracks, grounds, sampleJoint(skeleton, root, pose, clip.start(), frames, fps),
                                  fps, rule, treadmill);
    const int n = static_cast<int>(frames);
    for (const auto& leg : m.gait.legs) {
        int longest = 0;
        const auto& c = leg.contacts;
        for (std::size_t i = 0; i + 1 < c.size(); ++i)
            longest = std::max(longest, c[i + 1].first - c[i].last - 1);
        if (!c.empty())
            longest = std::max(longest, c.front().first + n - c.back().last - 1);  // across the loop
        e.longestAirborne.push_back(c.empty() ? n : longest);
    }
    double sum = 0.0;
    for (std::size_t k = 1; k < m.rootSpeed.size(); ++k)
        sum += m.rootSpeed[k];
    e.meanRootSpeed = m.rootSpeed.size() > 1 ? sum / static_cast<double>(m.rootSpeed.size() - 1) : 0.0;
    e.largestRootJump = rootJumps(m.rootSpeed, 2, n - 1);
    e.largestFootJump = footJumps(m, 2, n - 1);
    return e;
}

GaitMotion blendedMotion(const Skeleton& skeleton, TransitionPoser& poser, std::span<const Leg> legs, JointIndex root,
                         double fps, const ContactRule& rule, const glm::vec3& treadmillA, const glm::vec3& treadmillB)
{
    const TransitionTiming& timing = poser.timing();
    const auto frames = static_cast<std::size_t>(std::floor(timing.length() * fps + 1e-9)) + 1;
    const PoseAt pose = [&](double t, std::span<math::Transform> o) { return poser.pose(t, o); };
    const std::vector<LegTrack> tracks = sampleLegTracks(skeleton, legs, pose, 0.0, frames, fps);
    std::vector<LegGround> grounds;
    for (const LegTrack& t : tracks)
        grounds.push_back(legGround(t));
    std::vector<glm::vec3> treadmill;
    if (!clipTravels(skeleton, poser.clipA()) && !clipTravels(skeleton, poser.clipB())) {
        treadmill = transitionTreadmills(timing, frames, fps, treadmillA, treadmillB).blend;
        treadmill = groundSteps(legs, tracks, grounds, rule, std::move(treadmill));
    }
    return motionOf(legs, tracks, grounds, sampleJoint(skeleton, root, pose, 0.0, frames, fps), fps, rule, treadmill);
}

TransitionTreadmills transitionTreadmills(const TransitionTiming& timing, std::size_t frames, double fps,
                                          const glm::vec3& velocityA, const glm::vec3& velocityB)
{
    TransitionTreadmills t;
    TransitionFrame previous = sampleTransition(timing, 0.0);
    for (std::size_t k = 0; k < frames; ++k) {
        const TransitionFrame f = sampleTransition(timing, static_cast<double>(k) / fps);
        double advanceA = 0.0, advanceB = 0.0;
        if (k > 0) {
            advanceA = f.timeA - previous.timeA + static_cast<double>(f.loopsA - previous.loopsA) * timing.lengthA;
            advanceB = f.timeB - previous.timeB + static_cast<double>(f.loopsB - previous.loopsB) * timing.lengthB;
        }
        previous = f;
        t.a.push_back(velocityA * static_cast<float>(advanceA));
        t.b.push_back(velocityB * static_cast<float>(advanceB));
        t.blend.push_back((1.f - f.weight) * t.a.back() + f.weight * t.b.back());
    }
    return t;
}

bool skipsStep(const GaitReport& gait, int from, int to)
{
    const auto find = [&](const std::string& label) -> const GaitReport::LegFigure* {
        for (const auto& leg : gait.legs)
            if (leg.label == label)
                return &leg;
        return nullptr;
    };
    for (const auto& [left, right] : {std::pair{"L", "R"}, {"FL", "FR"}, {"HL", "HR"}}) {
        const auto* l = find(left);
        const auto* r = find(right);
        if (!l || !r)
            continue;
        std::vector<std::pair<int, int>> landings;  // frame, side
        for (const Contact& c : l->contacts)
            if (c.first > 0)
                landings.push_back({c.first, 0});
        for (const Contact& c : r->contacts)
            if (c.first > 0)
                landings.push_back({c.first, 1});
        std::sort(landings.begin(), landings.end());
        for (std::size_t i = 1; i < landings.size(); ++i)
            if (landings[i].second == landings[i - 1].second && landings[i].first >= from && landings[i - 1].first <= to)
                return true;
    }
    return false;
}

BlendFaults blendFaults(const GaitMotion& motion, const TransitionTiming& timing, const GaitEnvelope& a,
                        const GaitEnvelope& b, double fps)
{
    BlendFaults f;
    const int from = static_cast<int>(std::lround(timing.exit * fps));
    const int to = std::max(from + 1, static_cast<int>(std::lround(timing.blendEnd() * fps)));
    // Landings around the blend: a step either side of it.
    int step = 0;
    for (const GaitEnvelope* e : {&a, &b})
        for (int air : e->longestAirborne)
            step = std::max(step, air);
    f.skipStep = skipsStep(motion.gait, from - step, to + step);
    for (std::size_t l = 0; l < motion.gait.legs.size(); ++l) {
        const int allowed = std::max(l < a.longestAirborne.size() ? a.longestAirborne[l] : 0,
                                     l < b.longestAirborne.size() ? b.longestAirborne[l] : 0) + 1;
        const auto& c = motion.gait.legs[l].contacts;
        for (std::size_t i = 0; i + 1 < c.size(); ++i)
            if (c[i + 1].first >= from && c[i].last <= to)
                f.airborneOver = std::max(f.airborneOver, c[i + 1].first - c[i].last - 1 - allowed);
    }
    const double slow = 0.9 * std::min(a.meanRootSpeed, b.meanRootSpeed);
    const double fast = 1.1 * std::max(a.meanRootSpeed, b.meanRootSpeed);
    int frames = 0;
    for (int k = from + 1; k <= to && k < static_cast<int>(motion.rootSpeed.size()); ++k, ++frames) {
        const double s = motion.rootSpeed[static_cast<std::size_t>(k)];
        if (s > fast && fast > 0.0)
            f.speedOutside += (s - fast) / fast;
        else if (s < slow && slow > 0.0)
            f.speedOutside += (slow - s) / slow;
    }
    if (frames > 0)
        f.speedOutside /= frames;
    const double spread = timing.mode == BlendMode::Inertialization ? 1.875 : steepest(timing.curve);
    const double curveShare = std::abs(b.meanRootSpeed - a.meanRootSpeed) * spread / (timing.duration * fps);
    f.rootJump = rootJumps(motion.rootSpeed, from, to + 1);
    f.rootJumpAllowed = std::max({a.largestRootJump, b.largestRootJump, curveShare});
    f.footJump = footJumps(motion, from, to + 1);
    f.footJumpAllowed = std::max(a.largestFootJump, b.largestFootJump);
    return f;
}

JointIndex legsRoot(const Skeleton& skeleton, std::span<const Leg> legs)
{
    if (legs.empty())
        return -1;
    const auto chain = [&](JointIndex j) {
        std::vector<JointIndex> up;
        for (; j >= 0; j = skeleton.parents[static_cast<std::size_t>(j)])
            up.push_back(j);
        return up;
    };
    std::vector<JointIndex> common = chain(legs[0].foot);
    for (const Leg& leg : legs) {
        const std::vector<JointIndex> other = chain(leg.foot);
        std::erase_if(common, [&](JointIndex j) { return std::find(other.begin(), other.end(), j) == other.end(); });
    }
    // With one leg, its own chain: the hip would be the foot itself; go up to where it branches.
    return common.empty() ? -1 : (legs.size() == 1 ? skeleton.parents[static_cast<std::size_t>(legs[0].foot)] : common.front());
}

} // namespace marrow::anim
