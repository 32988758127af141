// SPDX-License-Identifier: MIT
#include "core/model/joint_name_mirror.h"

#include <gtest/gtest.h>

namespace marrow::model {
namespace {

struct NameCase {
    const char* name;
    const char* mirrored;  // nullptr: no side in the name
};

const NameCase kNames[] = {
    // Tokens separated by _, ., - or space, at either end or inside.
    {"hand.L", "hand.R"},
    {"hand.R", "hand.L"},
    {"arm_joint_L_1", "arm_joint_R_1"},
    {"arm_joint_R_1", "arm_joint_L_1"},
    {"upperarm_L", "upperarm_R"},
    {"upperarm_r", "upperarm_l"},
    {"L_foot", "R_foot"},
    {"thigh-l", "thigh-r"},
    {"Bip01 L Thigh", "Bip01 R Thigh"},
    {"Bip01 R Thigh", "Bip01 L Thigh"},
    {"shoulder.left", "shoulder.right"},
    {"Shoulder_Right", "Shoulder_Left"},
    {"SHOULDER_LEFT", "SHOULDER_RIGHT"},
    {"L", "R"},
    {"Left", "Right"},
    // The Left/Right prefix, any case, also after a namespace.
    {"LeftArm", "RightArm"},
    {"RightArm", "LeftArm"},
    {"leftHand", "rightHand"},
    {"LEFTFOOT", "RIGHTFOOT"},
    {"Left2", "Right2"},
    {"mixamorig:LeftUpLeg", "mixamorig:RightUpLeg"},
    {"Armature:hand.R", "Armature:hand.L"},
    // The prefix glued inside a run after a separator, as real exporters name them.
    {"b_LeftHand", "b_RightHand"},
    {"b_RightHand", "b_LeftHand"},
    {"DEF-LeftForeArm", "DEF-RightForeArm"},
    {"Bip01 L Hand", "Bip01 R Hand"},
    {"hand_l", "hand_r"},
    {"L_Hand", "R_Hand"},
    {"Hand.L", "Hand.R"},
    {"mixamorig:RightHandIndex1", "mixamorig:LeftHandIndex1"},
    // Both forms in one name: every side swaps.
    {"LeftArm_L", "RightArm_R"},
    // Not sides.
    {"Lower", nullptr},
    {"Rear", nullptr},
    {"Root", nullptr},
    {"lower_leg", nullptr},
    {"Rear.Bumper", nullptr},
    {"Leftover", nullptr},
    {"b_Leftover", nullptr},
    {"tail_Rightmost", nullptr},
    {"rightangle", nullptr},
    {"spine_01", nullptr},
    {"LR", nullptr},
    {"hand_LR", nullptr},
    {"Lhand", nullptr},
    {"footL", nullptr},
    {"", nullptr},
    {"node_7", nullptr},
    {"_", nullptr},
};

TEST(MirroredJointName, Table)
{
    for (const NameCase& c : kNames) {
        const auto got = mirroredJointName(c.name);
        if (c.mirrored) {
            ASSERT_TRUE(got.has_value()) << c.name;
            EXPECT_EQ(*got, c.mirrored) << c.name;
            // Swapping twice gives the name back.
            const auto back = mirroredJointName(*got);
            ASSERT_TRUE(back.has_value()) << c.name;
            EXPECT_EQ(*back, c.name);
        } else {
            EXPECT_FALSE(got.has_value()) << c.name << " -> " << got.value_or("");
        }
    }
}

TEST(MirroredJointName, GluedSidesPairOnlyWhereTheTwinExists)
{
    // RobotExpressive and many game rigs glue the side to the end of a word;
    // too loose to name a new joint ("footL"), fine for pairing two that exist.
    const NameCase glued[] = {
        {"UpperArmL", "UpperArmR"},
        {"UpperArmR", "UpperArmL"},
        {"Middle2L_end", "Middle2R_end"},
        {"footL", "footR"},
        {"rig:HandR", "rig:HandL"},
        {"ShoulderL_1", "ShoulderR_1"},
        {"Hand.L", nullptr},  // the strict reading's, not a glued side
        {"BALL", nullptr},
        {"L", nullptr},
        {"Root", nullptr},
        {"spine_01", nullptr},
        {"", nullptr},
    };
    for (const NameCase& c : glued) {
        const auto got = mirroredJointNameGlued(c.name);
        if (c.mirrored) {
            ASSERT_TRUE(got.has_value()) << c.name;
            EXPECT_EQ(*got, c.mirrored) << c.name;
            EXPECT_EQ(mirroredJointNameGlued(*got).value_or(""), c.name);
        } else {
            EXPECT_FALSE(got.has_value()) << c.name << " -> " << got.value_or("");
        }
    }
    EXPECT_FALSE(mirroredJointName("footL").has_value()) << "the strict reading stays strict";
}

} // namespace
} // namespace marrow::model
