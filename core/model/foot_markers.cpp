// SPDX-License-Identifier: MIT
#include "core/model/foot_markers.h"

#include "core/anim/frame_rate.h"
#include "core/anim/gait_report.h"
#include "core/model/transition_defaults.h"

#include <algorithm>

namespace marrow::model {

double markerFrameRate(const Rig& rig)
{
    return anim::detectFrameRate(rig.clips).value_or(30.0);
}

std::vector<anim::SyncMarker> footMarkers(const Rig& rig, const anim::Clip& clip, double fps)
{
    std::vector<anim::SyncMarker> markers;
    if (!(fps > 0.0))
        fps = markerFrameRate(rig);
    const std::vector<Leg> legs = findLegs(rig);
    if (legs.empty() || !(clip.duration > clip.start()))
        return markers;
    const bool loops = clipLoops(clip, &rig.skeleton);
    const anim::GaitReport gait =
        loops ? anim::loopGait(rig.skeleton, legs, clip, fps) : anim::clipGait(rig.skeleton, legs, clip, fps);
    const int frames = static_cast<int>(gait.frames);
    const auto timeOf = [&](int frame) { return static_cast<double>(clip.start()) + frame / fps; };
    for (const auto& leg : gait.legs)
        for (const anim::Contact& c : leg.contacts) {
            // Planted all cycle long (an idle) puts no foot down or up.
            if (loops && c.last - c.first + 1 >= frames)
                continue;
            markers.push_back({leg.label, timeOf(c.first)});
            markers.push_back({leg.label + " up", timeOf(loops ? c.last % frames : c.last)});
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

std::vector<anim::SyncMarker> footfallMarkers(std::span<const anim::SyncMarker> markers)
{
    const auto only = [&](auto keep) {
        std::vector<anim::SyncMarker> out;
        for (const anim::SyncMarker& m : markers)
            if (keep(m.name))
                out.push_back(m);
        return out;
    };
    const auto endsUp = [](const std::string& n) { return n.size() >= 3 && n.compare(n.size() - 3, 3, " up") == 0; };
    for (const auto& pair : {std::pair<const char*, const char*>{"L", "R"}, {"HL", "HR"}}) {
        auto out = only([&](const std::string& n) { return n == pair.first || n == pair.second; });
        // One foot landing twice in a row is one contact the rule broke in
        // two: the first landing stands (across the loop too).
        for (std::size_t i = out.size(); i-- > 1;)
            if (out[i].name == out[i - 1].name)
                out.erase(out.begin() + static_cast<std::ptrdiff_t>(i));
        if (out.size() > 1 && out.back().name == out.front().name)
            out.erase(out.begin());  // across the loop, the last landing comes first
        if (!out.empty())
            return out;
    }
    auto down = only([&](const std::string& n) { return !endsUp(n); });
    return down.empty() ? std::vector<anim::SyncMarker>(markers.begin(), markers.end()) : down;
}

} // namespace marrow::model
