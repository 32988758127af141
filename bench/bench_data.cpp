// SPDX-License-Identifier: MIT
#include "bench_data.h"

#include "core/anim/local_to_world_job.h"
#include "core/io/model_import.h"
#include "core/model/clip_transfer.h"
#include "core/model/pose_pipeline.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>

namespace marrow::bench {

std::string modelPath(const std::string& relative)
{
    return std::string(MARROW_SHARED_MODELS_DIR) + "/" + relative;
}

const char* characterName(Character c)
{
    return c == Character::Pab ? "pab" : "cesium_man";
}

namespace {

// Imports one shared model; false with a message naming the file when it is missing or fails.
bool load(const std::string& relative, model::Rig& rig, std::string& error)
{
    const std::string path = modelPath(relative);
    if (!std::filesystem::exists(path)) {
        error = "missing model file " + path;
        return false;
    }
    io::ImportResult r = io::importModel(path);
    if (!r.ok) {
        error = r.error;
        return false;
    }
    rig = std::move(r.rig);
    return true;
}

CharacterData loadCharacter(Character c)
{
    CharacterData d;
    if (c == Character::Pab) {
        model::Rig walk, run;
        if (!load("ozz-animation/fbx/pab/skeleton.fbx", d.rig, d.error) ||
            !load("ozz-animation/fbx/pab/walk.fbx", walk, d.error) ||
            !load("ozz-animation/fbx/pab/run.fbx", run, d.error))
            return d;
        d.rig.clips.clear();  // the skeleton file's own take, if any, is not one of the two we blend
        model::transferClips(walk, d.rig);
        model::transferClips(run, d.rig);
    } else {
        if (!load("ozz-animation/gltf/khronos/cesium_man.gltf", d.rig, d.error))
            return d;
        if (d.rig.clips.empty()) {
            d.error = "cesium_man.gltf has no clip";
            return d;
        }
        // A second, identical clip: the blend then samples two clips at two times, as with pab.
        d.rig.clips.resize(1);
        d.rig.clips.push_back(d.rig.clips[0]);
    }
    if (d.rig.skins.empty()) {
        // skeleton.fbx has no mesh: skin every joint with its rest-pose inverse bind, as a
        // runtime does for a character whose mesh comes from another file (arnaud.fbx).
        std::vector<glm::mat4> worlds(d.rig.skeleton.size());
        anim::LocalToWorldJob toWorld{d.rig.skeleton.parents, d.rig.skeleton.rest, glm::mat4(1.f), worlds};
        toWorld.run();
        model::Skin skin;
        skin.name = "all joints";
        for (std::size_t i = 0; i < worlds.size(); ++i) {
            skin.joints.push_back(static_cast<anim::JointIndex>(i));
            skin.inverseBind.push_back(glm::inverse(worlds[i]));
        }
        d.rig.skins.push_back(std::move(skin));
    }
    if (d.rig.clips.size() < 2 || d.rig.clips[0].tracks.empty() || d.rig.clips[1].tracks.empty()) {
        d.error = std::string(characterName(c)) + ": expected two non-empty clips after loading";
        return d;
    }
    d.ok = true;
    return d;
}

// Palette of every skin in one pose, so the skinning input is a real deformation.
void poseRig(const model::Rig& rig, std::vector<glm::mat4>& palette, std::vector<math::ScaledDualQuat>& dqs,
             std::vector<std::size_t>& skinOffset)
{
    model::PosePipeline pipeline(rig);
    model::PoseRequest req;
    if (!rig.clips.empty()) {
        req.clip = 0;
        req.time = 0.4 * rig.clips[0].duration;
    }
    pipeline.evaluate(req);
    for (std::size_t s = 0; s < rig.skins.size(); ++s) {
        skinOffset.push_back(palette.size());
        auto p = pipeline.palette(s);
        auto q = pipeline.dualQuats(s);
        palette.insert(palette.end(), p.begin(), p.end());
        dqs.insert(dqs.end(), q.begin(), q.end());
    }
}

SkinData loadSkin(const std::string& relative, const std::string& clipSource)
{
    SkinData d;
    model::Rig rig;
    if (!load(relative, rig, d.error))
        return d;
    if (!clipSource.empty()) {
        model::Rig anim;
        std::string ignored;
        if (load(clipSource, anim, ignored)) {
            rig.clips.clear();
            model::transferClips(anim, rig);
        }
    }
    std::vector<std::size_t> skinOffset;
    poseRig(rig, d.palette, d.dualQuats, skinOffset);
    d.stride = 4;
    for (const mesh::Mesh& m : rig.meshes) {
        if (!m.skinned())
            continue;
        const auto offset = static_cast<std::uint16_t>(skinOffset[static_cast<std::size_t>(m.skin)]);
        const auto stride = static_cast<std::size_t>(m.weights.stride);
        for (std::size_t v = 0; v < m.positions.size(); ++v) {
            d.positions.push_back(m.positions[v]);
            d.normals.push_back(m.normals.empty() ? glm::vec3(0.f, 1.f, 0.f) : m.normals[v]);
            // The importer keeps up to 8 influences. For the 4-influence figure keep
            // each row's 4 largest (rows are sorted largest first) and renormalise,
            // as a 4-influence exporter would; rows with 4 or fewer are unchanged.
            const float* w = m.weights.weights.data() + v * stride;
            const std::uint16_t* j = m.weights.joints.data() + v * stride;
            const std::size_t keep = std::min<std::size_t>(stride, 4);
            float sum = 0.f;
            for (std::size_t k = 0; k < keep; ++k)
                sum += w[k];
            for (std::size_t k = 0; k < 4; ++k) {
                const bool used = k < keep && w[k] > 0.f && sum > 0.f;
                d.joints.push_back(used ? static_cast<std::uint16_t>(j[k] + offset) : 0);
                d.weights.push_back(used ? w[k] / sum : 0.f);
            }
        }
    }
    if (d.positions.empty()) {
        d.error = modelPath(relative) + ": no skinned mesh";
        return d;
    }
    d.ok = true;
    return d;
}

glm::quat randomRotation(std::mt19937& rng, float maxAngle)
{
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    const glm::vec3 axis = glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0.f, 0.f, 1e-3f));
    return glm::angleAxis(maxAngle * u(rng), axis);
}

SkinData syntheticSkin(int stride, bool scaled = false)
{
    // 100k vertices and 64 joints: far more data than fits in L2, so this is the streaming figure.
    constexpr std::size_t kVertices = 100000;
    constexpr int kJoints = 64;
    SkinData d;
    d.stride = stride;
    std::mt19937 rng(1234);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    std::uniform_real_distribution<float> pos(0.f, 1.f);
    for (int k = 0; k < kJoints; ++k) {
        math::Transform t;
        t.translation = glm::vec3(u(rng), u(rng), u(rng));
        t.rotation = randomRotation(rng, 1.5f);
        if (scaled)
            t.scale = glm::vec3(1.f) + .3f * glm::vec3(u(rng), u(rng), u(rng));
        d.palette.push_back(math::toMatrix(t));
        d.dualQuats.push_back(math::splitSkinningMatrix(d.palette.back()));
    }
    std::vector<std::uint16_t> ids(kJoints);
    for (std::size_t v = 0; v < kVertices; ++v) {
        d.positions.emplace_back(u(rng), u(rng), u(rng));
        d.normals.push_back(glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0.f, 1e-3f, 0.f)));
        for (int k = 0; k < kJoints; ++k)
            ids[static_cast<std::size_t>(k)] = static_cast<std::uint16_t>(k);
        std::shuffle(ids.begin(), ids.end(), rng);
        std::vector<float> w(static_cast<std::size_t>(stride));
        float sum = 0.f;
        for (float& x : w)
            sum += x = 0.05f + pos(rng);
        std::sort(w.begin(), w.end(), std::greater<>());
        for (int k = 0; k < stride; ++k) {
            d.joints.push_back(ids[static_cast<std::size_t>(k)]);
            d.weights.push_back(w[static_cast<std::size_t>(k)] / sum);
        }
    }
    d.ok = true;
    return d;
}

} // namespace

const CharacterData& character(Character c)
{
    static const CharacterData pab = loadCharacter(Character::Pab);
    static const CharacterData cesium = loadCharacter(Character::CesiumMan);
    return c == Character::Pab ? pab : cesium;
}

const CharacterData* characterOrSkip(benchmark::State& state, Character c)
{
    const CharacterData& d = character(c);
    if (!d.ok) {
        state.SkipWithError(d.error.c_str());
        return nullptr;
    }
    return &d;
}

const SkinData* skinDataOrSkip(benchmark::State& state, SkinSource s)
{
    const SkinData& d = skinData(s);
    if (!d.ok) {
        state.SkipWithError(d.error.c_str());
        return nullptr;
    }
    return &d;
}

const SkinData& skinData(SkinSource s)
{
    switch (s) {
    case SkinSource::Arnaud4: {
        static const SkinData d = loadSkin("ozz-animation/fbx/pab/arnaud.fbx", "ozz-animation/fbx/pab/walk.fbx");
        return d;
    }
    case SkinSource::CesiumMan4: {
        static const SkinData d = loadSkin("ozz-animation/gltf/khronos/cesium_man.gltf", "");
        return d;
    }
    case SkinSource::Synthetic4: {
        static const SkinData d = syntheticSkin(4);
        return d;
    }
    case SkinSource::Synthetic4Scaled: {
        static const SkinData d = syntheticSkin(4, true);
        return d;
    }
    case SkinSource::Synthetic8:
        break;
    }
    static const SkinData d8 = syntheticSkin(8);
    return d8;
}

GeneratedSkeleton generateSkeleton(std::size_t n)
{
    GeneratedSkeleton g;
    std::mt19937 rng(static_cast<unsigned>(n));
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    for (std::size_t i = 0; i < n; ++i) {
        anim::JointIndex p = anim::kNoParent;
        if (i > 0)
            p = static_cast<anim::JointIndex>(i % 8 == 0 ? i - 8 : i - 1);
        g.parents.push_back(p);
        math::Transform t;
        t.translation = glm::vec3(0.1f * u(rng), 0.2f + 0.1f * u(rng), 0.1f * u(rng));
        t.rotation = randomRotation(rng, 0.6f);
        t.scale = glm::vec3(1.f + 0.05f * u(rng));
        g.locals.push_back(t);
    }
    g.worlds.resize(n);
    anim::LocalToWorldJob job{g.parents, g.locals, glm::mat4(1.f), g.worlds};
    job.run();
    for (std::size_t i = 0; i < n; ++i) {
        g.skinJoints.push_back(static_cast<anim::JointIndex>(i));
        math::Transform d;
        d.translation = glm::vec3(0.01f * u(rng), 0.01f * u(rng), 0.01f * u(rng));
        d.rotation = randomRotation(rng, 0.05f);
        g.inverseBind.push_back(glm::inverse(g.worlds[i] * math::toMatrix(d)));
    }
    return g;
}

} // namespace marrow::bench
