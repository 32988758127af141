// SPDX-License-Identifier: MIT
#pragma once
// One humanoid named in four conventions (issue 40): a canonical id per bone,
// its parent's, its name in Mixamo, Unreal, 3ds Max biped and Blender (helper
// and end joints included, which map to nothing by role) and its rest offset
// from its parent (metres, Y up, a T-pose). The bone map's tests and the
// Retarget dock's read it; namedHumanoidClip gives it something to carry.
#include "core/anim/clip.h"
#include "core/anim/key_ops.h"
#include "core/anim/skeleton.h"

#include <glm/gtc/quaternion.hpp>

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace marrow::test {

enum NamingConvention : std::size_t { kMixamo = 0, kUnreal = 1, kBiped = 2, kBlender = 3 };

struct NamedBone {
    const char* id;
    const char* parent;
    std::array<const char*, 4> names;
    glm::vec3 offset;
};

inline constexpr std::array<NamedBone, 29> kNamedHumanoid = {{
    {"hips", "", {"mixamorig:Hips", "pelvis", "Bip01 Pelvis", "hips"}, {0.f, 1.f, 0.f}},
    {"spine0", "hips", {"mixamorig:Spine", "spine_01", "Bip01 Spine", "spine"}, {0.f, 0.1f, 0.f}},
    {"spine1", "spine0", {"mixamorig:Spine1", "spine_02", "Bip01 Spine1", "spine.001"}, {0.f, 0.12f, 0.f}},
    {"spine2", "spine1", {"mixamorig:Spine2", "spine_03", "Bip01 Spine2", "chest"}, {0.f, 0.12f, 0.f}},
    {"neck", "spine2", {"mixamorig:Neck", "neck_01", "Bip01 Neck", "neck"}, {0.f, 0.15f, 0.f}},
    {"head", "neck", {"mixamorig:Head", "head", "Bip01 Head", "head"}, {0.f, 0.1f, 0.f}},
    {"shoulderL", "spine2", {"mixamorig:LeftShoulder", "clavicle_l", "Bip01 L Clavicle", "shoulder.L"}, {0.05f, 0.1f, 0.f}},
    {"armL", "shoulderL", {"mixamorig:LeftArm", "upperarm_l", "Bip01 L UpperArm", "upper_arm.L"}, {0.12f, 0.f, 0.f}},
    {"forearmL", "armL", {"mixamorig:LeftForeArm", "lowerarm_l", "Bip01 L Forearm", "forearm.L"}, {0.28f, 0.f, 0.f}},
    {"handL", "forearmL", {"mixamorig:LeftHand", "hand_l", "Bip01 L Hand", "hand.L"}, {0.25f, 0.f, 0.f}},
    {"index1L", "handL", {"mixamorig:LeftHandIndex1", "index_01_l", "Bip01 L Finger1", "f_index.01.L"}, {0.08f, 0.f, 0.f}},
    {"index2L", "index1L", {"mixamorig:LeftHandIndex2", "index_02_l", "Bip01 L Finger11", "f_index.02.L"}, {0.03f, 0.f, 0.f}},
    {"thighL", "hips", {"mixamorig:LeftUpLeg", "thigh_l", "Bip01 L Thigh", "thigh.L"}, {0.1f, -0.05f, 0.f}},
    {"shinL", "thighL", {"mixamorig:LeftLeg", "calf_l", "Bip01 L Calf", "shin.L"}, {0.f, -0.45f, 0.f}},
    {"footL", "shinL", {"mixamorig:LeftFoot", "foot_l", "Bip01 L Foot", "foot.L"}, {0.f, -0.42f, 0.f}},
    {"toeL", "footL", {"mixamorig:LeftToeBase", "ball_l", "Bip01 L Toe0", "toe.L"}, {0.f, -0.06f, 0.12f}},
    {"shoulderR", "spine2", {"mixamorig:RightShoulder", "clavicle_r", "Bip01 R Clavicle", "shoulder.R"}, {-0.05f, 0.1f, 0.f}},
    {"armR", "shoulderR", {"mixamorig:RightArm", "upperarm_r", "Bip01 R UpperArm", "upper_arm.R"}, {-0.12f, 0.f, 0.f}},
    {"forearmR", "armR", {"mixamorig:RightForeArm", "lowerarm_r", "Bip01 R Forearm", "forearm.R"}, {-0.28f, 0.f, 0.f}},
    {"handR", "forearmR", {"mixamorig:RightHand", "hand_r", "Bip01 R Hand", "hand.R"}, {-0.25f, 0.f, 0.f}},
    {"index1R", "handR", {"mixamorig:RightHandIndex1", "index_01_r", "Bip01 R Finger1", "f_index.01.R"}, {-0.08f, 0.f, 0.f}},
    {"index2R", "index1R", {"mixamorig:RightHandIndex2", "index_02_r", "Bip01 R Finger11", "f_index.02.R"}, {-0.03f, 0.f, 0.f}},
    {"thighR", "hips", {"mixamorig:RightUpLeg", "thigh_r", "Bip01 R Thigh", "thigh.R"}, {-0.1f, -0.05f, 0.f}},
    {"shinR", "thighR", {"mixamorig:RightLeg", "calf_r", "Bip01 R Calf", "shin.R"}, {0.f, -0.45f, 0.f}},
    {"footR", "shinR", {"mixamorig:RightFoot", "foot_r", "Bip01 R Foot", "foot.R"}, {0.f, -0.42f, 0.f}},
    {"toeR", "footR", {"mixamorig:RightToeBase", "ball_r", "Bip01 R Toe0", "toe.R"}, {0.f, -0.06f, 0.12f}},
    // Helpers and ends, which map to nothing by role.
    {"headEnd", "head", {"mixamorig:HeadTop_End", "ik_foot_root", "Bip01 HeadNub", "heel.02.L"}, {0.f, 0.2f, 0.f}},
    {"extra1", "spine2", {"mixamorig:Spine2_helper_end", "spine_04", "Bip01 L Finger0Nub", "root_helper"}, {0.f, 0.05f, -0.05f}},
    {"extra2", "extra1", {"mixamorig:HeadTop_End_end", "spine_05", "Bip01 R Finger0Nub", "DEF-nub"}, {0.f, 0.05f, 0.f}},
}};

// The skeleton in convention c, with each joint's canonical id in `ids`.
inline anim::Skeleton namedHumanoid(std::size_t c, std::vector<std::string>& ids)
{
    anim::Skeleton s;
    ids.clear();
    for (const NamedBone& b : kNamedHumanoid) {
        s.names.emplace_back(b.names[c]);
        ids.emplace_back(b.id);
        anim::JointIndex parent = anim::kNoParent;
        for (std::size_t k = 0; k + 1 < ids.size(); ++k)
            if (ids[k] == b.parent)
                parent = static_cast<anim::JointIndex>(k);
        s.parents.push_back(parent);
        math::Transform rest;
        rest.translation = b.offset;
        s.rest.push_back(rest);
    }
    return s;
}

// A one-second stride for the skeleton: the thighs swing opposite ways
// about X (40 degrees), the shins bend, the hips move forward a metre.
inline anim::Clip namedHumanoidClip(const anim::Skeleton& s, const std::vector<std::string>& ids, const char* name = "stride")
{
    anim::Clip clip;
    clip.name = name;
    clip.tracks.reserve(4);  // the references below stay valid
    const auto track = [&](const char* id) -> anim::JointTrack& {
        for (std::size_t j = 0; j < ids.size(); ++j)
            if (ids[j] == id) {
                anim::JointTrack& t = clip.tracks.emplace_back();
                t.joint = static_cast<anim::JointIndex>(j);
                return t;
            }
        return clip.tracks.emplace_back();
    };
    anim::JointTrack& hips = track("hips");
    anim::JointTrack& thighL = track("thighL");
    anim::JointTrack& thighR = track("thighR");
    anim::JointTrack& shinL = track("shinL");
    for (int k = 0; k <= 10; ++k) {
        const float t = static_cast<float>(k) / 10.f, swing = 0.7f * std::sin(6.2831853f * t);
        const glm::vec3 at = s.rest[static_cast<std::size_t>(hips.joint)].translation + glm::vec3(0.f, 0.f, t);
        anim::insertKey(hips.translation, t, at, anim::Interpolation::Linear);
        anim::insertKey(thighL.rotation, t, glm::angleAxis(swing, glm::vec3(1, 0, 0)), anim::Interpolation::Linear);
        anim::insertKey(thighR.rotation, t, glm::angleAxis(-swing, glm::vec3(1, 0, 0)), anim::Interpolation::Linear);
        anim::insertKey(shinL.rotation, t, glm::angleAxis(0.4f + 0.4f * std::sin(6.2831853f * t), glm::vec3(1, 0, 0)),
                        anim::Interpolation::Linear);
    }
    clip.updateDuration();
    return clip;
}

} // namespace marrow::test
