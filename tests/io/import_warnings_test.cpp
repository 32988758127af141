// SPDX-License-Identifier: MIT
// What Assimp leaves out must reach the user as an import warning naming the
// file: an FBX animation stack it does not read, a clip that comes out 0 s
// long. COLLADA clips keep the names their file gives them.
#include "core/io/assimp_collada_clips.h"
#include "core/io/model_import.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace marrow::io {
namespace {

// The one warning holding every part, or "" (with the warnings listed on failure).
std::string warningWith(const ImportResult& r, std::initializer_list<const char*> parts)
{
    for (const std::string& w : r.warnings)
        if (std::all_of(parts.begin(), parts.end(), [&](const char* p) { return w.find(p) != std::string::npos; }))
            return w;
    std::string all;
    for (const std::string& w : r.warnings)
        all += "\n  " + w;
    ADD_FAILURE() << "no warning with all of the expected parts among:" << all;
    return {};
}

TEST(ImportWarnings, AnFbxAnimationStackAssimpDropsIsNamed)
{
    const std::string path = test::model("ozz-animation/fbx/pab/arnaud.fbx");
    const ImportResult r = importModel(path);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(r.rig.clips.empty()) << "Assimp 5.2 reads no clip from arnaud.fbx";
    const std::string w = warningWith(r, {"animation stack 'Take 001'", "not read"});
    EXPECT_EQ(w.rfind(path + ": ", 0), 0u) << w;
}

TEST(ImportWarnings, AZeroLengthClipIsNamed)
{
    const std::string path = test::model("ozz-animation/fbx/pab/skeleton.fbx");
    const ImportResult r = importModel(path);
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_EQ(r.rig.clips.size(), 1u);
    EXPECT_EQ(r.rig.clips[0].duration, 0.f);
    const std::string w = warningWith(r, {"clip 'Take 001' comes out 0 s long", "the file gives it 5 s"});
    EXPECT_EQ(w.rfind(path + ": ", 0), 0u) << w;
}

TEST(ImportWarnings, ACleanClipGetsNoLengthWarning)
{
    const ImportResult r = importModel(test::model("ozz-animation/fbx/pab/walk.fbx"));
    ASSERT_TRUE(r.ok) << r.error;
    for (const std::string& w : r.warnings)
        EXPECT_EQ(w.find("0 s long"), std::string::npos) << w;
}

TEST(ColladaClips, LibraryAnimationClipsNameTheClips)
{
    const ImportResult r = importModel(test::model("assimp/models/Collada/library_animation_clips.dae"));
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_EQ(r.rig.clips.size(), 2u);
    const anim::Clip* bend = nullptr;
    const anim::Clip* turn = nullptr;
    for (const anim::Clip& c : r.rig.clips) {
        bend = c.name == "bend" ? &c : bend;
        turn = c.name == "turn" ? &c : turn;
    }
    ASSERT_TRUE(bend && turn) << r.rig.clips[0].name << ", " << r.rig.clips[1].name;
    // Each name went to its own animation: bend's keys end at 0.583 s (14 frames at 24/s), turn's at 0.833 s.
    EXPECT_NEAR(bend->duration, 14.f / 24.f, 1e-4f);
    EXPECT_NEAR(turn->duration, 20.f / 24.f, 1e-4f);
}

TEST(ColladaClips, ClipsThatMatchNoAnimationAreReported)
{
    const std::string text = R"(<COLLADA><library_animations>
  <animation id="a"><source id="a-in"><float_array id="a-in-array" count="3"> 0 0.5 1.5 </float_array></source>
    <sampler id="a-s"><input semantic="OUTPUT" source="#a-out"/><input semantic="INPUT" source="#a-in"/></sampler>
    <channel source="#a-s" target="n/transform"/></animation>
</library_animations><library_animation_clips>
  <animation_clip name="wave" start="0" end="1.5"><instance_animation url="#a"/></animation_clip>
  <animation_clip name="ghost"><instance_animation url="#missing"/></animation_clip>
</library_animation_clips></COLLADA>)";
    const std::vector<assimp::ColladaClip> clips = assimp::readColladaClips(text);
    ASSERT_EQ(clips.size(), 2u);
    EXPECT_EQ(clips[0].name, "wave");
    EXPECT_FLOAT_EQ(clips[0].lastKey, 1.5f);
    model::Rig rig;
    rig.clips.resize(2);
    rig.clips[0].name = "combinedAnim_0";
    rig.clips[0].duration = 0.75f;
    rig.clips[1].name = "combinedAnim_1";
    rig.clips[1].duration = 1.5f;
    const std::string w = assimp::nameClipsAfterCollada(clips, rig);
    EXPECT_EQ(rig.clips[0].name, "combinedAnim_0");
    EXPECT_EQ(rig.clips[1].name, "wave");
    EXPECT_NE(w.find("'ghost'"), std::string::npos) << w;
    EXPECT_EQ(w.find("'wave'"), std::string::npos) << w;
}

} // namespace
} // namespace marrow::io
