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
    std::vector<LegGround> groundsA, groundsB;
    glm::vec3 velocityA(0.f), velocityB(0.f);
    out.a = clipGait(skeleton, legs, poser.clipA(), fps, rule, &groundsA, &velocityA);
    out.b = clipGait(skeleton, legs, poser.clipB(), fps, rule, &groundsB, &velocityB);
    // (the blend's and each side's ground follow the paws where three or more legs can say: groundSteps)

    const auto frames = static_cast<std::size_t>(std::floor(end * fps + 1e-9)) + 1;
    using Side = TransitionPoser::Side;
    const PoseAt poseA = [&](double t, std::span<math::Transform> o) { return poser.poseSide(t, Side::A, o); };
    const PoseAt poseB = [&](double t, std::span<math::Transform> o) { return poser.poseSide(t, Side::B, o); };
    const PoseAt poseBlend = [&](double t, std::span<math::Transform> o) { return poser.pose(t, o); };
    const std::vector<LegTrack> tracksA = sampleLegTracks(skeleton, legs, poseA, 0.0, frames, fps);
    const std::vector<LegTrack> tracksB = sampleLegTracks(skeleton, legs, poseB, 0.0, frames, fps);
    const std::vector<LegTrack> tracks = sampleLegTracks(skeleton, legs, poseBlend, 0.0, frames, fps);
    std::vector<LegGround> grounds;
    for (const LegTrack& t : tracks)
        grounds.push_back(legGround(t));

    std::vector<glm::vec3> treadmillA, treadmillB, treadmillBlend;
    if (out.inPlace) {
        // How far each clip's own time moves into each frame (loops
        // unwrapped): a side held before its start or past its end moves
        // no treadmill.
        TransitionFrame previous = sampleTransition(timing, 0.0);
        for (std::size_t k = 0; k < frames; ++k) {
            const TransitionFrame f = sampleTransition(timing, static_cast<double>(k) / fps);
            double advanceA = 0.0, advanceB = 0.0;
            if (k > 0) {
                advanceA = f.timeA - previous.timeA + static_cast<double>(f.loopsA - previous.loopsA) * timing.lengthA;
                advanceB = f.timeB - previous.timeB + static_cast<double>(f.loopsB - previous.loopsB) * timing.lengthB;
            }
            previous = f;
            const glm::vec3 a = velocityA * static_cast<float>(advanceA);
            const glm::vec3 b = velocityB * static_cast<float>(advanceB);
            treadmillA.push_back(a);
            treadmillB.push_back(b);
            treadmillBlend.push_back((1.f - f.weight) * a + f.weight * b);
        }
        treadmillA = groundSteps(legs, tracksA, groundsA, rule, std::move(treadmillA));
        treadmillB = groundSteps(legs, tracksB, groundsB, rule, std::move(treadmillB));
        treadmillBlend = groundSteps(legs, tracks, grounds, rule, std::move(treadmillBlend));
    }
    out.alongA = gaitReport(legs, tracksA, groundsA, fps, rule, treadmillA);
    out.alongB = gaitReport(legs, tracksB, groundsB, fps, rule, treadmillB);
    out.blended = gaitReport(legs, tracks, grounds, fps, rule, treadmillBlend);
    const JointIndex root = legsRoot(skeleton, legs);
    const GaitEnvelope envelopeA = clipEnvelope(skeleton, legs, root, poser.clipA(), fps, rule);
    const GaitEnvelope envelopeB = clipEnvelope(skeleton, legs, root, poser.clipB(), fps, rule);
    out.faults = blendFaults(blendedMotion(skeleton, poser, legs, root, fps, rule, envelopeA.treadmill, envelopeB.treadmill),
                             timing, envelopeA, envelopeB, fps);
    out.blend = slideBetween(out.blended, timing.exit, timing.blendEnd());
    out.blendPerLegLength = slidePerLegBetween(out.blended, legs, timing.exit, timing.blendEnd());
    return out;
}

} // namespace marrow::anim
