// SPDX-License-Identifier: MIT
#include "core/model/foot_markers.h"

#include "core/anim/foot_slide.h"
#include "core/anim/root_match.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/foot_joints.h"
#include "core/model/joint_name_mirror.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace marrow::model {

namespace {

bool namedFootOrAnkle(const std::string& name)
{
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    return lower.find("foot") != std::string::npos || lower.find("ankle") != std::string::npos;
}

// Whether `name` is the left one of itself and its twin: where they first
// differ, it has the L of L/R or Left/Right.
bool isLeft(const std::string& name, const std::string& twin)
{
    for (std::size_t i = 0; i < name.size() && i < twin.size(); ++i)
        if (name[i] != twin[i])
            return std::tolower(static_cast<unsigned char>(name[i])) == 'l';
    return false;
}

} // namespace

std::optional<std::pair<anim::JointIndex, anim::JointIndex>> leftRightFeet(const Rig& rig)
{
    const std::vector<anim::JointIndex> feet = deformingFeet(rig);
    for (anim::JointIndex j : feet) {
        const std::string& name = rig.skeleton.names[static_cast<std::size_t>(j)];
        const auto twinName = mirroredJointName(name);
        if (!namedFootOrAnkle(name) || !twinName)
            continue;
        const auto twin = rig.skeleton.find(*twinName);
        if (!twin || std::find(feet.begin(), feet.end(), *twin) == feet.end())
            continue;
        return isLeft(name, *twinName) ? std::pair{j, *twin} : std::pair{*twin, j};
    }
    return std::nullopt;
}

std::vector<anim::SyncMarker> footMarkers(const Rig& rig, const anim::Clip& clip, double fps)
{
    std::vector<anim::SyncMarker> markers;
    const auto feet = leftRightFeet(rig);
    if (!feet || !(clip.duration > 0.0) || !(fps > 0.0))
        return markers;
    const anim::Skeleton& s = rig.skeleton;
    const anim::JointIndex both[] = {feet->first, feet->second};
    const anim::PoseAt pose = [&](double t, std::span<math::Transform> out) {
        const anim::SampleClipJob job{&clip, t, s.rest, {}, out, {}};
        return job.run();
    };
    // One cycle: k / fps for k while it is before the clip's end.
    const double last = std::ceil(clip.duration * fps - 1e-3) - 1.0;  // float durations run over a frame by a hair
    const auto tracks = anim::sampleFootTracks(s, both, pose, 0.0, std::max(0.0, last) / fps, fps);
    if (tracks[0].size() < 2)
        return markers;
    const float contact = anim::suggestedContactHeight(s);
    glm::vec3 treadmill(0.f);
    if (!anim::clipTravels(s, clip)) {
        const float grounds[] = {anim::lowestPoint(tracks[0]), anim::lowestPoint(tracks[1])};
        const std::vector<double> advance(tracks[0].size(), 1.0 / fps);
        treadmill = anim::treadmillVelocity(tracks, grounds, contact, advance);
    }
    const char* names[] = {"L", "R"};
    for (int f = 0; f < 2; ++f) {
        const auto& track = tracks[static_cast<std::size_t>(f)];
        for (double t : anim::contactStarts(track, fps, contact, 10.f * contact, treadmill, true))
            markers.push_back({names[f], t});
        for (double t : anim::contactEnds(track, fps, contact, 10.f * contact, treadmill, true))
            markers.push_back({std::string(names[f]) + " up", t});
    }
    return anim::sortedMarkers(std::move(markers));
}

std::vector<anim::SyncMarker> syncMarkersOf(const Rig& rig, const anim::Clip& clip)
{
    if (!clip.syncMarkers)
        return footMarkers(rig, clip);
    std::vector<anim::SyncMarker> inside;
    for (const anim::SyncMarker& m : *clip.syncMarkers)
        if (m.time >= 0.0 && m.time < static_cast<double>(clip.duration))
            inside.push_back(m);
    return anim::sortedMarkers(std::move(inside));
}

} // namespace marrow::model
