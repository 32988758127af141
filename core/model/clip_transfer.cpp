// SPDX-License-Identifier: MIT
#include "core/model/clip_transfer.h"

#include "core/anim/track_rotation_mode.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace marrow::model {

std::string looseJointName(const std::string& name)
{
    std::size_t start = name.find_last_of(":|");
    start = start == std::string::npos ? 0 : start + 1;
    std::string out;
    for (std::size_t i = start; i < name.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (c == ' ' || c == '_' || c == '\t')
            continue;
        out.push_back(static_cast<char>(std::tolower(c)));
    }
    return out;
}

std::vector<std::string> transferClips(const Rig& source, Rig& target)
{
    std::unordered_map<std::string, anim::JointIndex> byName;
    std::unordered_map<std::string, anim::JointIndex> byLooseName;  // -1 marks an ambiguous loose name
    for (std::size_t i = target.skeleton.size(); i-- > 0;)
        byName[target.skeleton.names[i]] = static_cast<anim::JointIndex>(i);  // first occurrence wins
    for (std::size_t i = 0; i < target.skeleton.size(); ++i) {
        auto [it, inserted] = byLooseName.emplace(looseJointName(target.skeleton.names[i]), static_cast<anim::JointIndex>(i));
        if (!inserted)
            it->second = -1;
    }
    auto findJoint = [&](const std::string& name) -> anim::JointIndex {
        if (auto it = byName.find(name); it != byName.end())
            return it->second;
        if (auto it = byLooseName.find(looseJointName(name)); it != byLooseName.end())
            return it->second;
        return -1;
    };
    std::vector<std::string> unmatched;
    for (const anim::Clip& clip : source.clips) {
        anim::Clip copy;
        copy.name = clip.name;
        for (const anim::JointTrack& track : clip.tracks) {
            const std::string& name = source.skeleton.names[static_cast<std::size_t>(track.joint)];
            const anim::JointIndex joint = findJoint(name);
            if (joint < 0) {
                if (std::find(unmatched.begin(), unmatched.end(), name) == unmatched.end())
                    unmatched.push_back(name);
                continue;
            }
            if (copy.findTrack(joint))
                continue;  // two source joints with one name: the first wins
            anim::JointTrack t = track;
            t.joint = joint;
            anim::convertRotationMode(t, target.rotationModeOf(joint));  // the target bone's mode
            copy.tracks.push_back(std::move(t));
        }
        copy.updateDuration();
        copy.duration = std::max(copy.duration, clip.duration);
        target.clips.push_back(std::move(copy));
    }
    return unmatched;
}

} // namespace marrow::model
