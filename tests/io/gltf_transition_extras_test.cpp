// SPDX-License-Identifier: MIT
// Transitions in glTF (issue 21): a write puts each clip's user-set sync
// markers and the transitions leaving it in extras.marrow on its animation
// (the README's schema), and opening that glTF gives back the same
// transitions and markers, both from a fresh write and from one that
// carries its source; other extras stay; what does not fit is left out with
// a warning naming it, and the file still opens.
#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"
#include "core/io/model_import.h"
#include "shared_models.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace marrow;

namespace {

// The traits sample (Mixamo names, walk and run) with a transition that
// sets every field, a second one back, and markers on the walk.
io::ImportResult withTransitions()
{
    io::ImportResult r = io::importModel(test::traitsSample());
    EXPECT_TRUE(r.ok) << r.error;
    model::Rig& rig = r.rig;
    const int walk = rig.findClip("walk"), run = rig.findClip("run");
    EXPECT_GE(walk, 0);
    EXPECT_GE(run, 0);
    model::Transition t;
    t.name = "walk_to_run";
    t.clipA = walk;
    t.clipB = run;
    t.exit = 0.7;
    t.offset = 1.0 / 3.0;
    t.duration = 0.26666667;
    t.curve = {anim::BlendCurveKind::Bezier, 0.25f, 0.1f, 0.25f, 1.f};
    t.sync = t.cycleA = t.cycleB = true;
    t.matchRoot = true;
    t.previewLength = 2.5;  // a longer tail of the run
    t.profile.assign(rig.skeleton.size(), 1.f);
    t.profile[3] = 0.5f;
    model::Transition back;
    back.name = "run_to_walk";
    back.clipA = run;
    back.clipB = walk;
    back.mode = anim::BlendMode::Inertialization;
    rig.transitions = {t, back};
    rig.clips[static_cast<std::size_t>(walk)].syncMarkers = std::vector<anim::SyncMarker>{{"L", 0.0}, {"R", 0.55}};
    return r;
}

void expectSameTransitions(const model::Rig& read, const model::Rig& written)
{
    ASSERT_EQ(read.transitions.size(), written.transitions.size());
    for (std::size_t k = 0; k < read.transitions.size(); ++k) {
        model::Transition expected = written.transitions[k];
        // Clips are matched by animation: the same names at the same places.
        EXPECT_EQ(read.clips[static_cast<std::size_t>(read.transitions[k].clipA)].name,
                  written.clips[static_cast<std::size_t>(expected.clipA)].name);
        EXPECT_EQ(read.clips[static_cast<std::size_t>(read.transitions[k].clipB)].name,
                  written.clips[static_cast<std::size_t>(expected.clipB)].name);
        expected.clipA = read.transitions[k].clipA;
        expected.clipB = read.transitions[k].clipB;
        EXPECT_EQ(read.transitions[k], expected) << expected.name;
    }
    for (std::size_t c = 0; c < written.clips.size(); ++c)
        EXPECT_EQ(read.clips[c].syncMarkers, written.clips[c].syncMarkers) << written.clips[c].name;
}

} // namespace

TEST(GltfTransitionExtras, AFreshWriteAndACarriedOneGiveTheTransitionsBack)
{
    const io::ImportResult source = withTransitions();
    ASSERT_TRUE(source.ok);
    for (const bool carry : {false, true}) {
        std::string bytes;
        io::GltfExportOptions options;
        options.source = carry ? source.gltfSource.get() : nullptr;
        io::GltfExportReport report;
        ASSERT_FALSE(io::encodeGltf(source.rig, io::GltfContainer::Text, bytes, options, &report));
        EXPECT_EQ(report.carriedSource, carry);
        const nlohmann::json json = nlohmann::json::parse(bytes);
        int withExtras = 0;
        for (const auto& a : json.at("animations"))
            withExtras += a.contains("extras") && a.at("extras").contains("marrow") ? 1 : 0;
        EXPECT_EQ(withExtras, 2) << "the walk (markers, a transition) and the run (a transition)";
        const io::ImportResult read = io::importGltfBytes(bytes, "extras.gltf");
        ASSERT_TRUE(read.ok) << read.error;
        expectSameTransitions(read.rig, source.rig);
        EXPECT_FALSE(read.rig.validate());
    }
}

TEST(GltfTransitionExtras, NothingToSayWritesNothingAndOtherExtrasStay)
{
    io::ImportResult r = io::importModel(test::traitsSample());
    ASSERT_TRUE(r.ok);
    std::string bytes;
    ASSERT_FALSE(io::encodeGltf(r.rig, io::GltfContainer::Text, bytes));
    EXPECT_EQ(bytes.find("\"marrow\""), std::string::npos);
    // A transition whose 'to' names no clip, beside an extra of someone else's.
    nlohmann::json json = nlohmann::json::parse(bytes);
    json["animations"][0]["extras"] = {{"studio", "keep me"},
                                       {"marrow", {{"transitions", {{{"to", 99}, {"exit", 0.1}}}},
                                                   {"syncMarkers", {{{"name", "L"}, {"time", 0.25}}}}}}};
    const io::ImportResult read = io::importGltfBytes(json.dump(), "bad_extras.gltf");
    ASSERT_TRUE(read.ok) << read.error;
    EXPECT_TRUE(read.rig.transitions.empty());
    bool warned = false;
    for (const std::string& w : read.warnings)
        warned = warned || (w.find("transition 0 left out") != std::string::npos && w.find("'to'") != std::string::npos);
    EXPECT_TRUE(warned);
    ASSERT_TRUE(read.rig.clips[0].syncMarkers);
    EXPECT_EQ(read.rig.clips[0].syncMarkers->size(), 1u);
    // Written again (carried): someone else's extra is still there.
    std::string again;
    io::GltfExportOptions options;
    options.source = read.gltfSource.get();
    ASSERT_FALSE(io::encodeGltf(read.rig, io::GltfContainer::Text, again, options));
    const nlohmann::json back = nlohmann::json::parse(again);
    EXPECT_EQ(back["animations"][0]["extras"]["studio"], "keep me");
    EXPECT_EQ(back["animations"][0]["extras"]["marrow"]["syncMarkers"].size(), 1u);
    EXPECT_FALSE(back["animations"][0]["extras"]["marrow"].contains("transitions"));
}
