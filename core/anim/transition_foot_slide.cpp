// SPDX-License-Identifier: MIT
#include "core/anim/transition_foot_slide.h"

#include "core/anim/root_match.h"

#include <cmath>

namespace marrow::anim {

namespace {

bool overlaps(std::size_t k, double fps, double from, double to)
{
    const double start = static_cast<double>(k - 1) / fps, end = static_cast<double>(k) / fps;
    return end > from + 1e-9 && start < to - 1e-9;
}

} // namespace

double slideBetween(const GaitReport& report, double from, double to)
{
    double sum = 0.0;
    for (std::size_t k = 1; k < report.steps.size(); ++k)
        if (overlaps(k, report.fps, from, to))
            sum += report.steps[k];
    return sum;
}

double slidePerLegBetween(const GaitReport& report, std::span<const Leg> legs, double from, double to)
{
    double sum = 0.0;
    for (std::size_t l = 0; l < report.legs.size() && l < legs.size(); ++l) {
        const std::vector<double>& steps = report.legs[l].steps;
        if (!(legs[l].length > 0.f))
            continue;
        for (std::size_t k = 1; k < steps.size(); ++k)
            if (overlaps(k, report.fps, from, to))
                sum += steps[k] / static_cast<double>(legs[l].length);
    }
    return report.legs.empty() ? 0.0 : sum / static_cast<double>(report.legs.size());
}

TransitionFootSlide measureTransitionFootSlide(const Skeleton& skeleton, TransitionPoser& poser,
                                               std::span<const Leg> legs, double fps, const ContactRule& rule)
{
    TransitionFootSlide out;
    out.fps = fps;
    const TransitionTiming& timing = poser.timing();
    const double end = timing.length();
    if (!(fps > 0.0) || !(end >= 0.0) || legs.empty())
        return out;
    float meanLeg = 0.f;
    for (const Leg& leg : legs)
        meanLeg += leg.length / static_cast<float>(legs.size());
    out.contactHeight = rule.absoluteHeight > 0.f ? rule.absoluteHeight : rule.height * meanLeg;
    out.inPlace = !clipTravels(skeleton, poser.clipA()) && !clipTravels(skeleton, poser.clipB());
    // Each clip alone over its own cycle, with its ground and treadmill.
    const JointIndex root = legsRoot(skeleton, legs);
    const GaitEnvelope envelopeA = clipEnvelope(skeleton, legs, root, poser.clipA(), fps, rule);
    const GaitEnvelope envelopeB = clipEnvelope(skeleton, legs, root, poser.clipB(), fps, rule);
    out.a = envelopeA.gait;
    out.b = envelopeB.gait;
    // The blend (its ground following the paws where three or more legs can say: groundSteps).
    const GaitMotion blend =
        blendedMotion(skeleton, poser, legs, root, fps, rule, envelopeA.treadmill, envelopeB.treadmill);
    out.blended = blend.gait;
    out.faults = blendFaults(blend, timing, envelopeA, envelopeB, fps);

    // Each side alone over the preview's frames, for the plot.
    const auto frames = static_cast<std::size_t>(std::floor(end * fps + 1e-9)) + 1;
    using Side = TransitionPoser::Side;
    const PoseAt poseA = [&](double t, std::span<math::Transform> o) { return poser.poseSide(t, Side::A, o); };
    const PoseAt poseB = [&](double t, std::span<math::Transform> o) { return poser.poseSide(t, Side::B, o); };
    const std::vector<LegTrack> tracksA = sampleLegTracks(skeleton, legs, poseA, 0.0, frames, fps);
    const std::vector<LegTrack> tracksB = sampleLegTracks(skeleton, legs, poseB, 0.0, frames, fps);
    std::vector<glm::vec3> treadmillA, treadmillB;
    if (out.inPlace) {
        TransitionTreadmills t = transitionTreadmills(timing, frames, fps, envelopeA.treadmill, envelopeB.treadmill);
        treadmillA = groundSteps(legs, tracksA, envelopeA.grounds, rule, std::move(t.a));
        treadmillB = groundSteps(legs, tracksB, envelopeB.grounds, rule, std::move(t.b));
    }
    out.alongA = gaitReport(legs, tracksA, envelopeA.grounds, fps, rule, treadmillA);
    out.alongB = gaitReport(legs, tracksB, envelopeB.grounds, fps, rule, treadmillB);
    out.blend = slideBetween(out.blended, timing.exit, timing.blendEnd());
    out.blendPerLegLength = slidePerLegBetween(out.blended, legs, timing.exit, timing.blendEnd());
    return out;
}

} // namespace marrow::anim
