// SPDX-License-Identifier: MIT
#pragma once
// A long take built in code: a biped that stands (breathing a little) and
// then walks with a known period, the root travelling forward, as one clip
// keyed at `keyRate` (a baked capture). Find Cycle's tests know the answer:
// a whole number of the walk's periods.
#include "tiny_rigs.h"

#include "core/model/rig.h"

#include <cmath>

namespace marrow::test {

struct WalkTake {
    double idle = 2.0;    // seconds standing
    double walk = 4.0;    // seconds walking after it
    double period = 0.77; // the walk's step cycle, seconds (not a whole number of frames)
    double keyRate = 60.0;
};

inline model::Rig walkTakeRig(const WalkTake& w)
{
    model::Rig rig;
    anim::Skeleton& s = rig.skeleton;
    s.names = {"hips", "leg.L", "foot.L", "leg.R", "foot.R", "chest"};
    s.parents = {anim::kNoParent, 0, 1, 0, 3, 0};
    s.rest = {trs({0, 1, 0}), trs({.2f, 0, 0}), trs({0, -1, 0}), trs({-.2f, 0, 0}), trs({0, -1, 0}), trs({0, .6f, 0})};
    anim::Clip clip;
    clip.name = "take";
    anim::JointTrack hips, legL, legR, chest;
    hips.joint = 0;
    legL.joint = 1;
    legR.joint = 3;
    chest.joint = 5;
    const double pi = 3.14159265358979;
    const int keys = static_cast<int>(std::lround((w.idle + w.walk) * w.keyRate));
    for (int k = 0; k <= keys; ++k) {
        const double t = k / w.keyRate;
        const double walking = std::max(0.0, t - w.idle);
        const double phase = 2.0 * pi * walking / w.period;
        const bool moving = t > w.idle;
        const float swing = moving ? static_cast<float>(30.0 * std::sin(phase)) : 0.f;
        const float bob = moving ? static_cast<float>(.03 * (1.0 - std::cos(2.0 * phase))) : 0.f;
        const float breath = static_cast<float>(.003 * std::sin(2.0 * pi * t / 3.0));
        const auto time = static_cast<float>(t);
        hips.translation.times.push_back(time);
        hips.translation.values.emplace_back(0.f, 1.f - bob + breath, static_cast<float>(1.2 * walking));
        legL.rotation.times.push_back(time);
        legL.rotation.values.push_back(axisAngle({1, 0, 0}, swing));
        legR.rotation.times.push_back(time);
        legR.rotation.values.push_back(axisAngle({1, 0, 0}, -swing));
        chest.rotation.times.push_back(time);
        chest.rotation.values.push_back(axisAngle({0, 1, 0}, moving ? .4f * swing : 0.f));
    }
    clip.tracks = {hips, legL, legR, chest};
    clip.updateDuration();
    rig.clips.push_back(std::move(clip));
    return rig;
}

} // namespace marrow::test
