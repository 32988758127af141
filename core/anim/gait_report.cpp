// SPDX-License-Identifier: MIT
#include "core/anim/gait_report.h"

#include "core/anim/local_to_world_job.h"
#include "core/anim/root_match.h"
#include "core/anim/sample_clip_job.h"

#include <algorithm>
#include <cmath>

namespace marrow::anim {

namespace {

float median(std::vector<float> v)
{
    if (v.empty())
        return 0.f;
    const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

glm::vec3 at(const std::vector<glm::mat4>& worlds, JointIndex j)
{
    return glm::vec3(worlds[static_cast<std::size_t>(j)][3]);
}

} // namespace

std::vector<LegTrack> sampleLegTracks(const Skeleton& skeleton, std::span<const Leg> legs, const PoseAt& pose,
                                      double start, std::size_t frames, double fps)
{
    const std::size_t n = skeleton.size();
    std::vector<math::Transform> locals(n);
    std::vector<glm::mat4> worlds(n);
    std::vector<LegTrack> tracks(legs.size());
    const auto valid = [n](JointIndex j) { return j >= 0 && static_cast<std::size_t>(j) < n; };
    for (std::size_t k = 0; k < frames; ++k) {
        const LocalToWorldJob job{skeleton.parents, locals, glm::mat4(1.f), worlds};
        if (!pose(start + static_cast<double>(k) / fps, locals) || !job.run())
            return std::vector<LegTrack>(legs.size());
        for (std::size_t l = 0; l < legs.size(); ++l) {
            if (valid(legs[l].foot))
                tracks[l].foot.push_back(at(worlds, legs[l].foot));
            if (valid(legs[l].toe))
                tracks[l].toe.push_back(at(worlds, legs[l].toe));
        }
    }
    return tracks;
}

GaitReport gaitReport(std::span<const Leg> legs, const std::vector<LegTrack>& tracks,
                      std::span<const LegGround> grounds, double fps, const ContactRule& rule,
                      std::span<const glm::vec3> treadmill)
{
    GaitReport r;
    r.fps = fps;
    r.frames = tracks.empty() ? 0 : tracks[0].foot.size();
    r.steps.assign(r.frames, 0.0);
    for (std::size_t l = 0; l < legs.size() && l < tracks.size() && l < grounds.size(); ++l) {
        const LegGait gait = legGait(tracks[l], grounds[l], legs[l].length, fps, rule, treadmill);
        r.legs.push_back({legs[l].label, legs[l].foot, legs[l].length, gait.contacts, gait.slide, gait.steps});
        r.total += gait.slide;
        if (legs[l].length > 0.f)
            r.perLegLength += gait.slide / static_cast<double>(legs[l].length);
        for (std::size_t k = 0; k < gait.steps.size() && k < r.steps.size(); ++k)
            r.steps[k] += gait.steps[k];
    }
    if (!r.legs.empty())
        r.perLegLength /= static_cast<double>(r.legs.size());
    return r;
}

glm::vec3 legTreadmill(std::span<const Leg> legs, const std::vector<LegTrack>& tracks,
                       std::span<const LegGround> grounds, const ContactRule& rule, std::span<const double> advance)
{
    std::vector<float> xs, zs;
    for (std::size_t l = 0; l < legs.size() && l < tracks.size() && l < grounds.size(); ++l) {
        const std::vector<glm::vec3>& t = tracks[l].foot;
        const float near = rule.absoluteHeight > 0.f ? rule.absoluteHeight : rule.height * legs[l].length;
        for (std::size_t i = 1; i < t.size() && i < advance.size(); ++i) {
            if (!(advance[i] > 1e-9) || t[i - 1].y - grounds[l].foot > near || t[i].y - grounds[l].foot > near)
                continue;
            xs.push_back(static_cast<float>((t[i].x - t[i - 1].x) / advance[i]));
            zs.push_back(static_cast<float>((t[i].z - t[i - 1].z) / advance[i]));
        }
    }
    return {median(std::move(xs)), 0.f, median(std::move(zs))};
}

std::vector<glm::vec3> groundSteps(std::span<const Leg> legs, const std::vector<LegTrack>& tracks,
                                   std::span<const LegGround> grounds, const ContactRule& rule,
                                   std::vector<glm::vec3> fallback)
{
    if (legs.size() < 3)
        return fallback;
    const auto low = [&](std::size_t l, std::size_t k) {
        const float near = (rule.absoluteHeight > 0.f ? rule.absoluteHeight : rule.height * legs[l].length) * rule.release;
        const LegTrack& t = tracks[l];
        return t.foot[k].y - grounds[l].foot <= near ||
               (t.toe.size() == t.foot.size() && t.toe[k].y - grounds[l].toe <= near);
    };
    for (std::size_t k = 1; k < fallback.size(); ++k) {
        std::vector<float> xs, zs;
        for (std::size_t l = 0; l < legs.size() && l < tracks.size() && l < grounds.size(); ++l) {
            if (tracks[l].foot.size() != fallback.size() || !low(l, k) || !low(l, k - 1))
                continue;
            const glm::vec3 step = tracks[l].foot[k] - tracks[l].foot[k - 1];
            xs.push_back(step.x);
            zs.push_back(step.z);
        }
        if (xs.size() >= 2)
            fallback[k] = {median(std::move(xs)), 0.f, median(std::move(zs))};
    }
    return fallback;
}

std::size_t cycleFrames(const Clip& clip, double fps)
{
    const double span = static_cast<double>(clip.duration) - static_cast<double>(clip.start());
    if (!(fps > 0.0) || !(span > 0.0))
        return span == 0.0 ? 1 : 0;
    return static_cast<std::size_t>(std::max(1.0, std::ceil(span * fps - 1e-3)));
}

GaitReport clipGait(const Skeleton& skeleton, std::span<const Leg> legs, const Clip& clip, double fps,
                    const ContactRule& cycleRule, std::vector<LegGround>* groundsOut, glm::vec3* treadmillOut,
                    std::vector<glm::vec3>* stepsOut)
{
    ContactRule rule = cycleRule;
    rule.everyLegLands = true;
    const PoseAt pose = [&](double t, std::span<math::Transform> out) {
        const SampleClipJob job{&clip, t, skeleton.rest, {}, out, {}};
        return job.run();
    };
    const std::size_t frames = cycleFrames(clip, fps);
    const std::vector<LegTrack> tracks = sampleLegTracks(skeleton, legs, pose, clip.start(), frames, fps);
    std::vector<LegGround> grounds;
    for (const LegTrack& t : tracks)
        grounds.push_back(legGround(t));
    std::vector<glm::vec3> treadmill;
    glm::vec3 velocity(0.f);
    if (!clipTravels(skeleton, clip)) {
        const std::vector<double> advance(frames, 1.0 / fps);
        velocity = legTreadmill(legs, tracks, grounds, rule, advance);
        treadmill = groundSteps(legs, tracks, grounds, rule,
                                std::vector<glm::vec3>(frames, velocity / static_cast<float>(fps)));
    }
    if (stepsOut)
        *stepsOut = treadmill;
    if (groundsOut)
        *groundsOut = grounds;
    if (treadmillOut)
        *treadmillOut = velocity;
    return gaitReport(legs, tracks, grounds, fps, rule, treadmill);
}

GaitReport loopGait(const Skeleton& skeleton, std::span<const Leg> legs, const Clip& clip, double fps,
                    const ContactRule& cycleRule)
{
    ContactRule rule = cycleRule;
    rule.everyLegLands = true;
    const std::size_t frames = cycleFrames(clip, fps);
    if (frames < 4)
        return clipGait(skeleton, legs, clip, fps, rule);
    const PoseAt pose = [&](double t, std::span<math::Transform> out) {
        const SampleClipJob job{&clip, t, skeleton.rest, {}, out, {}};
        return job.run();
    };
    // The cycle and its return (frame `frames`: the first one, a loop on).
    const std::vector<LegTrack> cycle = sampleLegTracks(skeleton, legs, pose, clip.start(), frames + 1, fps);
    const std::size_t pad = std::min<std::size_t>(frames - 1, 8);
    const auto extend = [&](const std::vector<glm::vec3>& t) {
        std::vector<glm::vec3> out;
        if (t.size() != frames + 1)
            return out;
        const glm::vec3 stride = t[frames] - t[0];
        for (std::size_t i = frames - pad; i < frames; ++i)
            out.push_back(t[i] - stride);
        out.insert(out.end(), t.begin(), t.begin() + static_cast<std::ptrdiff_t>(frames));
        for (std::size_t i = 0; i < pad; ++i)
            out.push_back(t[i] + stride);
        return out;
    };
    std::vector<LegTrack> padded, trimmed;
    std::vector<LegGround> grounds;
    for (const LegTrack& t : cycle) {
        padded.push_back({extend(t.foot), extend(t.toe)});
        LegTrack one{t.foot, t.toe};
        one.foot.resize(std::min(one.foot.size(), frames));
        one.toe.resize(std::min(one.toe.size(), frames));
        grounds.push_back(legGround(one));
        trimmed.push_back(std::move(one));
    }
    const std::size_t total = frames + 2 * pad;
    std::vector<glm::vec3> treadmill;
    if (!clipTravels(skeleton, clip)) {
        const std::vector<double> advance(frames, 1.0 / fps);
        const glm::vec3 velocity = legTreadmill(legs, trimmed, grounds, rule, advance);
        treadmill = groundSteps(legs, padded, grounds, rule, std::vector<glm::vec3>(total, velocity / static_cast<float>(fps)));
    }
    GaitReport r = gaitReport(legs, padded, grounds, fps, rule, treadmill);
    const int offset = static_cast<int>(pad), n = static_cast<int>(frames);
    for (auto& leg : r.legs) {
        std::vector<Contact> inside;
        for (Contact c : leg.contacts) {
            c.first -= offset;
            c.last -= offset;
            if (c.first >= 0 && c.first < n)
                inside.push_back(c);
        }
        leg.contacts = std::move(inside);
        leg.steps.clear();
    }
    r.frames = frames;
    r.steps.clear();
    return r;
}

} // namespace marrow::anim
