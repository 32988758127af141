// SPDX-License-Identifier: MIT
#include "core/model/clip_names.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(ClipNames, NumbersLikeBlender)
{
    model::Rig rig;
    EXPECT_EQ(model::uniqueClipName(rig, "walk"), "walk");
    rig.clips.push_back(anim::Clip{"walk", 1.f, {}});
    EXPECT_EQ(model::uniqueClipName(rig, "walk"), "walk.001");
    rig.clips.push_back(anim::Clip{"walk.001", 1.f, {}});
    EXPECT_EQ(model::uniqueClipName(rig, "walk"), "walk.002");
    EXPECT_EQ(model::uniqueClipName(rig, "walk.001"), "walk.002");  // a duplicate of a duplicate
    EXPECT_EQ(model::uniqueClipName(rig, "run.5"), "run.5");
}

TEST(ClipNames, AnImportedClipKeepsAFreeName)
{
    model::Rig rig;
    rig.clips.push_back(anim::Clip{"idle", 1.f, {}});
    EXPECT_EQ(model::importedClipName(rig, "Armature|mixamo.com|Layer0", "/anims/walk.fbx"),
              "Armature|mixamo.com|Layer0");
}

TEST(ClipNames, AClashingImportTakesTheFileNameThenANumber)
{
    model::Rig rig;
    rig.clips.push_back(anim::Clip{"Armature|mixamo.com|Layer0", 1.f, {}});
    const std::string taken = rig.clips.front().name;
    EXPECT_EQ(model::importedClipName(rig, taken, "/anims/Walking.fbx"), "Walking");
    rig.clips.push_back(anim::Clip{"Walking", 1.f, {}});
    EXPECT_EQ(model::importedClipName(rig, taken, "/anims/Walking.fbx"), "Walking.001");
    rig.clips.push_back(anim::Clip{"Walking.001", 1.f, {}});
    EXPECT_EQ(model::importedClipName(rig, taken, "/anims/Walking.fbx"), "Walking.002");
    // Only the last extension goes; a file without a usable name leaves the clip's own, numbered.
    EXPECT_EQ(model::importedClipName(rig, taken, "run.v2.glb"), "run.v2");
    EXPECT_EQ(model::importedClipName(rig, taken, ""), taken + ".001");
}

TEST(ClipNames, ClipsAddedTogetherGetDistinctNames)
{
    // The second file's three clips: two clash with the document, and the
    // first newcomer's new name then clashes with the second's.
    model::Rig rig;
    rig.clips.push_back(anim::Clip{"Take 001", 1.f, {}});
    rig.clips.push_back(anim::Clip{"jog", 1.f, {}});
    for (const char* name : {"Take 001", "Take 001", "run", "jog"})
        rig.clips.push_back(anim::Clip{name, 1.f, {}});
    model::nameImportedClips(rig, 2, "/pab/locomotions.fbx");
    std::vector<std::string> names;
    for (const anim::Clip& c : rig.clips)
        names.push_back(c.name);
    EXPECT_EQ(names, (std::vector<std::string>{"Take 001", "jog", "locomotions", "locomotions.001", "run",
                                               "locomotions.002"}));
}

TEST(ClipNames, AnAutomaticTransitionNameFollowsItsClipsAndAUserNameStays)
{
    model::Rig rig;
    for (const char* name : {"walk", "run", "jog"})
        rig.clips.push_back(anim::Clip{name, 1.f, {}});
    model::Transition t;
    t.name = "walk_to_run";
    t.clipA = 0;
    t.clipB = 1;
    model::Transition other = t;
    other.name = "walk_to_jog";  // already taken: the follower is numbered
    other.clipB = 2;
    rig.transitions = {t, other};
    model::Transition toJog = t;
    toJog.clipB = 2;
    EXPECT_EQ(model::followedTransitionName(rig, t, toJog), "walk_to_jog.001");
    rig.transitions = {t};
    EXPECT_EQ(model::followedTransitionName(rig, t, toJog), "walk_to_jog") << "B changed";
    model::Transition fromRun = t;
    fromRun.clipA = 1;
    EXPECT_EQ(model::followedTransitionName(rig, t, fromRun), "run_to_run") << "A changed";
    model::Transition numbered = t;
    numbered.name = "walk_to_run.002";
    model::Transition numberedToJog = numbered;
    numberedToJog.clipB = 2;
    EXPECT_EQ(model::followedTransitionName(rig, numbered, numberedToJog), "walk_to_jog");
    model::Transition named = t;
    named.name = "sprint start";
    model::Transition namedToJog = named;
    namedToJog.clipB = 2;
    EXPECT_EQ(model::followedTransitionName(rig, named, namedToJog), "sprint start") << "the user's name stays";
    model::Transition slower = t;
    slower.duration = 0.8;
    EXPECT_EQ(model::followedTransitionName(rig, t, slower), "walk_to_run") << "no clip changed";
}
