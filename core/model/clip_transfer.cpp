// SPDX-License-Identifier: MIT
#include "core/model/clip_transfer.h"

#include <algorithm>
#include <unordered_map>

namespace marrow::model {

std::vector<std::string> transferClips(const Rig& source, Rig& target)
{
    std::unordered_map<std::string, anim::JointIndex> byName;
    for (std::size_t i = target.skeleton.size(); i-- > 0;)
        byName[target.skeleton.names[i]] = static_cast<anim::JointIndex>(i);  // first occurrence wins
    std::vector<std::string> unmatched;
    for (const anim::Clip& clip : source.clips) {
        anim::Clip copy;
        copy.name = clip.name;
        for (const anim::JointTrack& track : clip.tracks) {
            const std::string& name = source.skeleton.names[static_cast<std::size_t>(track.joint)];
            auto it = byName.find(name);
            if (it == byName.end()) {
                if (std::find(unmatched.begin(), unmatched.end(), name) == unmatched.end())
                    unmatched.push_back(name);
                continue;
            }
            if (copy.findTrack(it->second))
                continue;  // two source joints with one name: the first wins
            anim::JointTrack t = track;
            t.joint = it->second;
            copy.tracks.push_back(std::move(t));
        }
        copy.updateDuration();
        copy.duration = std::max(copy.duration, clip.duration);
        target.clips.push_back(std::move(copy));
    }
    return unmatched;
}

} // namespace marrow::model
