// SPDX-License-Identifier: MIT
#pragma once
// The skeleton-edit carry tests' fixture (issue 35): an edit applied to a
// model's rig, the write over its source, and what may differ.
#include "gltf_export_fixture.h"
#include "skeleton_edit_carry.h"

#include <cstdio>
#include <functional>
#include <set>

namespace marrow::export_test {

using carry_test::Diff;

// What an edit may change or drop: the named nodes (their transform,
// parent, channels), up to `unnamed` nodes the source left unnamed, the
// skins and skin weights, the scene's roots.
// And what the write's report must say it lost: a part of each item, in order.
struct Touched {
    std::set<std::string> nodes;
    std::size_t unnamed = 0;
    bool skins = false;
    bool sceneRoots = false;
    std::vector<std::string> lost{};
    std::set<std::string> meshes{};  // meshes whose geometry moved (a rigid mesh baked into its new parent)
};

struct Edit {
    std::string name;
    // Edits the rig; returns what it touches, or nullopt when the rig does not allow it.
    std::function<std::optional<Touched>(model::Rig&)> apply;
};

inline anim::JointIndex joint(const model::Rig& rig, const std::string& name)
{
    const auto j = rig.skeleton.find(name);
    EXPECT_TRUE(j) << name;
    return j.value_or(0);
}

inline glm::vec3 restAt(const model::Rig& rig, anim::JointIndex j)
{
    return glm::vec3(model::restWorlds(rig.skeleton)[static_cast<std::size_t>(j)][3]);
}

// The child of `j` (its first).
inline std::string childOf(const model::Rig& rig, const std::string& name)
{
    const anim::JointIndex j = joint(rig, name);
    for (std::size_t c = 0; c < rig.skeleton.size(); ++c)
        if (rig.skeleton.parents[c] == j)
            return rig.skeleton.names[c];
    ADD_FAILURE() << name << " has no child";
    return {};
}

inline bool isUnnamed(const std::string& label) { return label.starts_with("node#"); }

// Every changed or lost item of `diff` is one `touched` allows.
inline void expectOnly(const Diff& diff, const Touched& touched, const std::string& what)
{
    std::set<std::string> unnamed;
    const auto nodeAllowed = [&](const std::string& label) {
        if (touched.nodes.contains(label))
            return true;
        if (!isUnnamed(label))
            return false;
        unnamed.insert(label);
        return unnamed.size() <= touched.unnamed;
    };
    std::vector<std::string> items = diff.changed;
    items.insert(items.end(), diff.lost.begin(), diff.lost.end());
    for (const std::string& key : items) {
        bool allowed = false;
        if (key.starts_with("node."))
            allowed = nodeAllowed(carry_test::nodeLabel(key));
        else if (key.starts_with("animation.")) {
            // animation.<clip>.<node>.<path>: a channel of a touched node.
            const std::size_t path = key.rfind('.');
            const std::size_t clip = key.find('.', 10);
            allowed = clip < path && nodeAllowed(key.substr(clip + 1, path - clip - 1));
        } else if (key.starts_with("skin.") || (key.starts_with("mesh.") && key.ends_with(".skin_weights")))
            allowed = touched.skins;
        else if (key.starts_with("mesh.") &&
                 std::any_of(touched.meshes.begin(), touched.meshes.end(),
                             [&](const std::string& m) { return key.starts_with("mesh." + m + "."); }))
            allowed = true;
        else if (key.starts_with("scene.") && key.ends_with(".nodes"))
            allowed = touched.sceneRoots;
        EXPECT_TRUE(allowed) << what << ": " << key << " changed or was lost";
    }
}

// Runs each edit on a model's rig, writes it over its source and checks
// the write: carried, the losses it reports (before and after), valid,
// only what the edit touched differs (gltf_diff), and it poses as the rig.
class SkeletonEditCarry : public ExportTest {
protected:
    void run(const std::string& label, const std::string& file, const std::vector<Edit>& edits)
    {
        const io::ImportResult in = io::importModel(file);
        ASSERT_TRUE(in.ok) << in.error;
        ASSERT_NE(in.gltfSource, nullptr);
        const float diagonal = carry_test::restDiagonal(in.rig);
        ASSERT_GT(diagonal, 0.f);
        for (const Edit& edit : edits) {
            SCOPED_TRACE(label + ", " + edit.name);
            model::Rig rig = in.rig;
            const std::optional<Touched> touched = edit.apply(rig);
            if (!touched)
                continue;
            ASSERT_FALSE(rig.validate()) << *rig.validate();
            ASSERT_FALSE(rig.skeleton == in.rig.skeleton) << "the edit changes the skeleton";
            io::GltfExportOptions options;
            options.source = in.gltfSource.get();
            io::GltfExportReport report;
            const std::string out = path(label + "_" + edit.name + ".gltf");
            ASSERT_FALSE(io::exportGltf(rig, out, options, &report));
            EXPECT_TRUE(report.carriedSource) << report.notCarried;
            EXPECT_EQ(io::gltfCarryLosses(rig, *in.gltfSource), report.lost) << "told before the write as after";
            EXPECT_NE(carry_test::khronosValid(out), std::optional<bool>(false)) << "the Khronos validator's errors";
            const std::vector<std::string>& lost = touched->lost;
            ASSERT_EQ(report.lost.size(), lost.size()) << (report.lost.empty() ? "" : report.lost.front());
            for (std::size_t i = 0; i < lost.size(); ++i)
                EXPECT_NE(report.lost[i].find(lost[i]), std::string::npos) << report.lost[i];

            const Diff diff = carry_test::gltfDiff(file, out);
            ASSERT_TRUE(diff.ran) << "tools/gltf_diff.py did not run";
            expectOnly(diff, *touched, edit.name);
            std::printf("[carry figures] %s, %s: kept %zu, changed %zu, lost %zu, added %zu\n", label.c_str(),
                        edit.name.c_str(), diff.kept.size(), diff.changed.size(), diff.lost.size(), diff.added.size());
            for (const std::string& k : diff.changed)
                std::printf("    changed %s\n", k.c_str());
            for (const std::string& k : diff.lost)
                std::printf("    lost    %s\n", k.c_str());
            for (const std::string& k : diff.added)
                std::printf("    added   %s\n", k.c_str());

            const io::ImportResult back = io::importModel(out);
            ASSERT_TRUE(back.ok) << back.error;
            ASSERT_EQ(back.rig.skeleton.size(), rig.skeleton.size());
            const std::vector<int> match = carry_test::matchJoints(rig, back.rig, 1e-4f * diagonal);
            EXPECT_LE(carry_test::worstPoseDistance(rig, back.rig, match), 1e-5f * diagonal);
            EXPECT_LE(carry_test::worstBindDistance(rig, back.rig, match), 1e-5f * diagonal);
        }
    }
};

} // namespace marrow::export_test
