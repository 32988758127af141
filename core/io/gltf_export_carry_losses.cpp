// SPDX-License-Identifier: MIT
// What a glTF write over a source cannot keep, item by item: the editor
// says it at the skeleton edit and in the export dialog, the CLI after the
// write (io::gltfCarryLosses, GltfExportReport::lost).
#include "core/io/gltf_export.h"
#include "core/io/gltf_export_carry_plan.h"
#include "core/io/gltf_source_content.h"

#include <algorithm>
#include <set>

namespace marrow::io {

namespace gltfexport {

namespace {

constexpr const char* kLights = "KHR_lights_punctual";

// "kind 'name'", or "kind index" for an unnamed object.
std::string quoted(const std::string& name, const char* kind, std::size_t index)
{
    std::string out(kind);
    out += ' ';
    if (name.empty()) {
        out += std::to_string(index);
    } else {
        out += '\'';
        out += name;
        out += '\'';
    }
    return out;
}

std::string lightName(const tinygltf::Model& m, int light)
{
    const auto it = m.extensions.find(kLights);
    if (it != m.extensions.end() && it->second.Has("lights")) {
        const tinygltf::Value& lights = it->second.Get("lights");
        if (light >= 0 && light < static_cast<int>(lights.ArrayLen())) {
            const tinygltf::Value& l = lights.Get(light);
            if (l.Has("name") && l.Get("name").IsString())
                return "'" + l.Get("name").Get<std::string>() + "'";
        }
    }
    return std::to_string(light);
}

bool hasExtras(const tinygltf::Value& extras) { return extras.Type() != tinygltf::NULL_TYPE; }

// Extensions known to name no node by index: renumbering the nodes leaves
// them right. Any other (KHR_animation_pointer, VRM, an unknown one) might.
bool namesNoNode(const std::string& extension)
{
    static const char* const known[] = {kLights, "KHR_texture_transform", "KHR_texture_basisu", "KHR_mesh_quantization",
                                        "KHR_materials_variants", "KHR_xmp_json_ld", "KHR_draco_mesh_compression",
                                        "EXT_texture_webp", "EXT_texture_avif", "EXT_meshopt_compression",
                                        "EXT_mesh_gpu_instancing"};
    if (extension.starts_with("KHR_materials_"))
        return true;
    return std::any_of(std::begin(known), std::end(known), [&](const char* k) { return extension == k; });
}

// Why a source node has no joint in the edited rig.
std::string whyGone(const model::Rig& rig, const std::string& name)
{
    if (rig.skeleton.find(name))
        return "a joint of that name is in the edited skeleton, but the name is not unique, so the two cannot be "
               "matched (written as a new node)";
    return "its joint was deleted, or renamed while the skeleton changed (then written as a new node)";
}

} // namespace

std::vector<std::string> carriedWriteLosses(const CarryPlan& plan, const model::Rig& rig, const GltfSource& source)
{
    std::vector<std::string> lost;
    const tinygltf::Model& m = source.content->model;
    std::set<int> meshMoved;  // source nodes holding a rig mesh: it goes where its joint went
    for (std::size_t r = 0; r < plan.meshNode.size(); ++r)
        meshMoved.insert(source.meshes[r].node);
    for (std::size_t i = 0; i < m.nodes.size(); ++i) {
        if (plan.nodeTo[i] >= 0)
            continue;
        const tinygltf::Node& node = m.nodes[i];
        const std::string on = " on " + quoted(node.name, "node", i) + " (" + whyGone(rig, node.name) + ")";
        if (node.camera >= 0 && static_cast<std::size_t>(node.camera) < m.cameras.size())
            lost.push_back(quoted(m.cameras[static_cast<std::size_t>(node.camera)].name, "camera",
                                              static_cast<std::size_t>(node.camera)) + on);
        for (const auto& [name, value] : node.extensions) {
            if (name == kLights && value.Has("light"))
                lost.push_back("light " + lightName(m, value.Get("light").GetNumberAsInt()) + on);
            else
                lost.push_back("extension " + name + on);
        }
        if (hasExtras(node.extras))
            lost.push_back("extras" + on);
        if (node.mesh >= 0 && !meshMoved.contains(static_cast<int>(i)))
            lost.push_back(quoted(m.meshes[static_cast<std::size_t>(node.mesh)].name, "mesh",
                                            static_cast<std::size_t>(node.mesh)) + on);
        // Channels a deleted joint's clip tracks do not cover (morph
        // weights whose mesh stayed, pointers) go with the node.
        for (std::size_t a = 0; a < m.animations.size(); ++a)
            for (const tinygltf::AnimationChannel& c : m.animations[a].channels)
                if (c.target_node == static_cast<int>(i) && c.target_path == "weights" &&
                    !meshMoved.contains(static_cast<int>(i)))
                    lost.push_back("the morph weights channel of " +
                                   quoted(m.animations[a].name, "animation", a) + on);
    }
    // Geometry written anew: the source's tangents would point the old way.
    for (std::size_t r = 0; r < plan.newGeometry.size(); ++r) {
        const GltfSource::MeshLink& link = source.meshes[r];
        if (!plan.newGeometry[r] || link.mesh < 0 || static_cast<std::size_t>(link.mesh) >= m.meshes.size())
            continue;
        const tinygltf::Mesh& mesh = m.meshes[static_cast<std::size_t>(link.mesh)];
        if (link.primitive < 0 || static_cast<std::size_t>(link.primitive) >= mesh.primitives.size())
            continue;
        const tinygltf::Primitive& p = mesh.primitives[static_cast<std::size_t>(link.primitive)];
        bool tangents = p.attributes.contains("TANGENT");
        for (const auto& target : p.targets)
            tangents = tangents || target.contains("TANGENT");
        if (tangents)
            lost.push_back("vertex attribute TANGENT of " + quoted(rig.meshes[r].name, "mesh", r) +
                           " (its positions moved into another space; a reader recomputes tangents)");
    }
    if (plan.renumbered)
        for (const std::string& e : m.extensionsUsed)
            if (!namesNoNode(e))
                lost.push_back("extension " + e + ": kept as the source has it, but nodes were removed and "
                               "renumbered, and it may name nodes by index");
    return lost;
}

std::vector<std::string> freshWriteLosses(const GltfSource& source)
{
    std::vector<std::string> lost;
    if (!source.content)
        return lost;
    const tinygltf::Model& m = source.content->model;
    for (std::size_t i = 0; i < m.cameras.size(); ++i)
        lost.push_back(quoted(m.cameras[i].name, "camera", i));
    if (const auto it = m.extensions.find(kLights); it != m.extensions.end() && it->second.Has("lights"))
        for (int l = 0; l < static_cast<int>(it->second.Get("lights").ArrayLen()); ++l)
            lost.push_back("light " + lightName(m, l));
    for (const std::string& e : m.extensionsUsed)
        if (e != kLights)
            lost.push_back("extension " + e);
    const auto extras = [&](const tinygltf::Value& v, const std::string& what) {
        if (hasExtras(v))
            lost.push_back("extras of " + what);
    };
    extras(m.asset.extras, "the asset");
    for (std::size_t i = 0; i < m.scenes.size(); ++i)
        extras(m.scenes[i].extras, quoted(m.scenes[i].name, "scene", i));
    for (std::size_t i = 0; i < m.nodes.size(); ++i)
        extras(m.nodes[i].extras, quoted(m.nodes[i].name, "node", i));
    for (std::size_t i = 0; i < m.meshes.size(); ++i)
        extras(m.meshes[i].extras, quoted(m.meshes[i].name, "mesh", i));
    for (std::size_t i = 0; i < m.materials.size(); ++i)
        extras(m.materials[i].extras, quoted(m.materials[i].name, "material", i));
    for (std::size_t i = 0; i < m.skins.size(); ++i)
        extras(m.skins[i].extras, quoted(m.skins[i].name, "skin", i));
    for (std::size_t i = 0; i < m.samplers.size(); ++i) {
        // The fresh write's one sampler: linear, mipmapped, repeating.
        const tinygltf::Sampler& s = m.samplers[i];
        if (s.wrapS != TINYGLTF_TEXTURE_WRAP_REPEAT || s.wrapT != TINYGLTF_TEXTURE_WRAP_REPEAT ||
            (s.magFilter >= 0 && s.magFilter != TINYGLTF_TEXTURE_FILTER_LINEAR) ||
            (s.minFilter >= 0 && s.minFilter != TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR))
            lost.push_back("the wrap and filter modes of " + quoted(s.name, "sampler", i));
    }
    // Vertex attributes beyond those a rig mesh holds.
    for (std::size_t i = 0; i < m.meshes.size(); ++i)
        for (const tinygltf::Primitive& p : m.meshes[i].primitives)
            for (const auto& [name, accessor] : p.attributes)
                if (name != "POSITION" && name != "NORMAL" && name != "COLOR_0" && !name.starts_with("TEXCOORD_") &&
                    !name.starts_with("JOINTS_") && !name.starts_with("WEIGHTS_"))
                    lost.push_back("vertex attribute " + name + " of " + quoted(m.meshes[i].name, "mesh", i));
    std::sort(lost.begin(), lost.end());
    lost.erase(std::unique(lost.begin(), lost.end()), lost.end());
    return lost;
}

} // namespace gltfexport

std::vector<std::string> gltfCarryLosses(const model::Rig& rig, const GltfSource& source)
{
    const gltfexport::CarryPlan plan = gltfexport::planCarry(rig, source);
    if (plan.refusal) {
        std::vector<std::string> lost = gltfexport::freshWriteLosses(source);
        lost.insert(lost.begin(),
                    "the source as a whole: " + *plan.refusal + ", so the file is written anew, without what follows");
        return lost;
    }
    return plan.lost;
}

} // namespace marrow::io
