// SPDX-License-Identifier: MIT
#include "app/cli/cli_commands.h"
#include "core/model/foot_markers.h"
#include "core/io/gltf_source.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <set>

namespace marrow::cli {

namespace {

using Json = nlohmann::ordered_json;

// The materials and textures as the rig holds them (what a fresh glTF write gives).
Json looksOf(const model::Rig& rig, Json& textures)
{
    textures = Json::array();
    for (const mesh::Texture& t : rig.textures)
        textures.push_back({{"name", t.name}, {"mimeType", t.mimeType}, {"bytes", t.size()}});
    const auto slot = [&](const mesh::TextureSlot& s) {
        if (!s.used() || static_cast<std::size_t>(s.texture) >= rig.textures.size())
            return Json(nullptr);
        return Json({{"texture", rig.textures[static_cast<std::size_t>(s.texture)].name}, {"uvSet", s.uvSet}});
    };
    Json materials = Json::array();
    for (const mesh::Material& m : rig.materials)
        materials.push_back({{"name", m.name},
                             {"baseColour", {m.baseColour.x, m.baseColour.y, m.baseColour.z, m.baseColour.w}},
                             {"metallic", m.metallic},
                             {"roughness", m.roughness},
                             {"emissive", {m.emissive.x, m.emissive.y, m.emissive.z}},
                             {"doubleSided", m.doubleSided},
                             {"baseColourTexture", slot(m.baseColourMap)},
                             {"metallicRoughnessTexture", slot(m.metallicRoughnessMap)},
                             {"normalTexture", slot(m.normalMap)},
                             {"occlusionTexture", slot(m.occlusionMap)},
                             {"emissiveTexture", slot(m.emissiveMap)}});
    return materials;
}

} // namespace

int runInfo(const std::string& path, const std::vector<std::string>& clipsFrom,
            const std::vector<RangeClipSpec>& rangeClips)
{
    std::vector<std::string> warnings;
    std::optional<double> frameRate;
    std::shared_ptr<const io::GltfSource> source;
    std::optional<model::Rig> rig = loadModel(path, clipsFrom, &warnings, &frameRate, &source);
    if (!rig)
        return kExitBadInput;
    if (const int refused = addRangeClips(*rig, rangeClips))
        return refused;
    Json doc;
    doc["file"] = path;
    doc["frameRate"] = frameRate ? Json(*frameRate) : Json(nullptr);  // null: the editor's preference applies
    const std::vector<std::uint8_t> bones = rig->boneMask();
    Json joints = Json::array();
    for (std::size_t i = 0; i < rig->skeleton.size(); ++i) {
        const anim::JointIndex p = rig->skeleton.parents[i];
        joints.push_back({{"name", rig->skeleton.names[i]},
                          {"parent", p == anim::kNoParent ? Json(nullptr) : Json(rig->skeleton.names[static_cast<std::size_t>(p)])},
                          {"parentIndex", p},
                          {"bone", bones[i] != 0}});
    }
    doc["joints"] = joints;
    Json skins = Json::array();
    for (const model::Skin& skin : rig->skins)
        skins.push_back({{"name", skin.name}, {"joints", skin.joints.size()}});
    doc["skins"] = skins;
    Json meshes = Json::array();
    for (const mesh::Mesh& m : rig->meshes) {
        Json targets = Json::array();
        for (std::size_t t = 0; t < m.morphTargets.size(); ++t)
            targets.push_back({{"name", m.morphTargets[t].name},
                               {"defaultWeight", t < m.morphWeights.size() ? m.morphWeights[t] : 0.f},
                               {"normals", !m.morphTargets[t].normals.empty()}});
        meshes.push_back({{"name", m.name},
                          {"node", rig->skeleton.names[static_cast<std::size_t>(m.node)]},
                          {"vertices", m.vertexCount()},
                          {"triangles", m.triangleCount()},
                          {"skinned", m.skinned()},
                          {"maxInfluences", m.skinned() ? m.weights.maxInfluences() : 0},
                          {"morphTargets", targets},
                          {"material", m.material >= 0 && static_cast<std::size_t>(m.material) < rig->materials.size()
                                           ? Json(rig->materials[static_cast<std::size_t>(m.material)].name)
                                           : Json(nullptr)},
                          {"uvSets", m.uvSetCount()},
                          {"vertexColours", !m.colours.empty()}});
    }
    doc["meshes"] = meshes;
    Json textures;
    doc["materials"] = looksOf(*rig, textures);
    doc["textures"] = textures;
    Json clips = Json::array();
    for (const anim::Clip& c : rig->clips) {
        std::set<std::string> interps;
        for (const anim::JointTrack& t : c.tracks) {
            const auto modes = [&interps](const auto& ch) {
                for (std::size_t k = 0; k < ch.size(); ++k)
                    interps.insert(anim::interpolationName(ch.segment(k)));
            };
            modes(t.translation);
            modes(t.rotation);
            modes(t.euler);
            modes(t.scale);
        }
        // Sync markers: the user's, or found from the feet's contacts (model::syncMarkersOf).
        Json markers = Json::array();
        for (const anim::SyncMarker& m : model::syncMarkersOf(*rig, c))
            markers.push_back({{"name", m.name}, {"time", m.time}});
        // The manual frame range (Clip › Set Range…), in seconds and, at the
        // document's rate, in frames; null: the clip's length follows its keys.
        Json range(nullptr);
        if (c.range) {
            range = {{"start", c.range->start}, {"end", c.range->end}};
            if (frameRate)
                range["frames"] = {std::llround(c.range->start * *frameRate), std::llround(c.range->end * *frameRate)};
        }
        clips.push_back({{"name", c.name},
                         {"duration", c.duration},
                         {"range", range},
                         {"animatedJoints", c.tracks.size()},
                         {"morphWeightTracks", c.morphTracks.size()},
                         {"interpolations", Json(std::vector<std::string>(interps.begin(), interps.end()))},
                         {"syncMarkers", markers},
                         {"syncMarkersFrom", c.syncMarkers ? "document" : "feet"}});
    }
    doc["clips"] = clips;
    Json transitions = Json::array();
    for (const model::Transition& t : rig->transitions) {
        const auto clipName = [&](model::ClipId c) {
            return c >= 0 && static_cast<std::size_t>(c) < rig->clips.size() ? rig->clips[static_cast<std::size_t>(c)].name
                                                                             : std::string();
        };
        transitions.push_back({{"name", t.name},
                               {"from", clipName(t.clipA)},
                               {"to", clipName(t.clipB)},
                               {"exit", t.exit},
                               {"offset", t.offset},
                               {"duration", t.duration},
                               {"length", t.timing(*rig).length()},
                               {"curve", anim::blendCurveSpec(t.curve)},
                               {"sync", t.sync},
                               {"cycleA", t.cycleA},
                               {"cycleB", t.cycleB},
                               {"matchRoot", t.matchRoot},
                               {"mode", t.mode == anim::BlendMode::Inertialization ? "inertialization" : "crossfade"},
                               {"blendProfile", !t.profile.empty()}});
    }
    doc["transitions"] = transitions;
    // What a glTF write carries besides the rig (null: not carried from this format).
    if (source) {
        const io::GltfSource::Summary c = source->summary();
        doc["carried"] = {{"materials", c.materials},       {"textures", c.textures},
                          {"images", c.images},             {"morphTargets", c.morphTargets},
                          {"morphChannels", c.morphChannels}, {"cameras", c.cameras},
                          {"lights", c.lights},             {"extensionsUsed", c.extensionsUsed},
                          {"extensionsRequired", c.extensionsRequired},
                          {"materialNames", c.materialNames},   {"imageNames", c.imageNames}};
    } else {
        doc["carried"] = nullptr;
    }
    doc["warnings"] = warnings;
    const std::string text = doc.dump(2);
    std::printf("%s\n", text.c_str());
    return kExitOk;
}

} // namespace marrow::cli
