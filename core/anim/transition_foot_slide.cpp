// SPDX-License-Identifier: MIT
#include "core/anim/transition_foot_slide.h"

#include "core/anim/root_match.h"

namespace marrow::anim {

double slideBetween(const FootSlideReport& report, double from, double to, double fps)
{
    double sum = 0.0;
    for (std::size_t k = 1; k < report.steps.size(); ++k) {
        const double start = static_cast<double>(k - 1) / fps, end = static_cast<double>(k) / fps;
        if (end > from + 1e-9 && start < to - 1e-9)
            sum += report.steps[k];
    }
    return sum;
}

TransitionFootSlide measureTransitionFootSlide(const Skeleton& skeleton, TransitionPoser& poser,
                                               std::span<const JointIndex> feet, double fps, float contactHeight)
{
    TransitionFootSlide out;
    out.fps = fps;
    out.contactHeight = contactHeight;
    const double end = poser.timing().length();
    if (!(fps > 0.0) || !(end >= 0.0))
        return out;
    out.inPlace = !clipTravels(skeleton, poser.clipA()) && !clipTravels(skeleton, poser.clipB());
    using Side = TransitionPoser::Side;
    const PoseAt poses[] = {
        [&](double t, std::span<math::Transform> o) { return poser.poseSide(t, Side::A, o); },
        [&](double t, std::span<math::Transform> o) { return poser.poseSide(t, Side::B, o); },
        [&](double t, std::span<math::Transform> o) { return poser.pose(t, o); },
    };
    const FeetOnOneGround sampled = sampleFeetOnOneGround(skeleton, feet, poses, 0.0, end, fps);
    const auto& tracks = sampled.tracks;
    const auto& grounds = sampled.grounds;
    const std::size_t samples = sampled.samples;
    std::vector<glm::vec3> treadmillA, treadmillB, treadmillBlend;
    if (out.inPlace) {
        // How far each clip's own time moves into each sample (loops
        // unwrapped): a side held before its start or past its end moves
        // no treadmill.
        const TransitionTiming& timing = poser.timing();
        std::vector<double> advanceA(samples, 0.0), advanceB(samples, 0.0);
        std::vector<float> weight(samples, 0.f);
        TransitionFrame previous = sampleTransition(timing, 0.0);
        for (std::size_t k = 0; k < samples; ++k) {
            const TransitionFrame f = sampleTransition(timing, static_cast<double>(k) / fps);
            weight[k] = f.weight;
            if (k > 0) {
                advanceA[k] = f.timeA - previous.timeA + static_cast<double>(f.loopsA - previous.loopsA) * timing.lengthA;
                advanceB[k] = f.timeB - previous.timeB + static_cast<double>(f.loopsB - previous.loopsB) * timing.lengthB;
            }
            previous = f;
        }
        const glm::vec3 velocityA = treadmillVelocity(tracks[0], grounds, contactHeight, advanceA);
        const glm::vec3 velocityB = treadmillVelocity(tracks[1], grounds, contactHeight, advanceB);
        for (std::size_t k = 0; k < samples; ++k) {
            const glm::vec3 a = velocityA * static_cast<float>(advanceA[k]);
            const glm::vec3 b = velocityB * static_cast<float>(advanceB[k]);
            treadmillA.push_back(a);
            treadmillB.push_back(b);
            treadmillBlend.push_back((1.f - weight[k]) * a + weight[k] * b);
        }
    }
    out.a = slideReport(skeleton, feet, tracks[0], grounds, samples, contactHeight, treadmillA);
    out.b = slideReport(skeleton, feet, tracks[1], grounds, samples, contactHeight, treadmillB);
    out.blended = slideReport(skeleton, feet, tracks[2], grounds, samples, contactHeight, treadmillBlend);
    return out;
}

} // namespace marrow::anim
