// SPDX-License-Identifier: MIT
#include "core/io/gltf_source.h"
#include "core/io/gltf_source_content.h"

namespace marrow::io {

const std::vector<std::shared_ptr<const std::vector<unsigned char>>>* GltfSource::imageBytes() const
{
    return content ? &content->imageBytes : nullptr;
}

GltfSource::Summary GltfSource::summary() const
{
    Summary s;
    if (!content)
        return s;
    const tinygltf::Model& m = content->model;
    s.materials = m.materials.size();
    s.textures = m.textures.size();
    s.images = m.images.size();
    s.cameras = m.cameras.size();
    if (auto it = m.extensions.find("KHR_lights_punctual"); it != m.extensions.end() && it->second.Has("lights"))
        s.lights = static_cast<std::size_t>(it->second.Get("lights").ArrayLen());
    for (const tinygltf::Mesh& mesh : m.meshes)
        for (const tinygltf::Primitive& p : mesh.primitives)
            s.morphTargets += p.targets.size();
    for (const tinygltf::Animation& a : m.animations)
        for (const tinygltf::AnimationChannel& c : a.channels)
            s.morphChannels += c.target_path == "weights" ? 1 : 0;
    s.accessors = m.accessors.size();
    s.extensionsUsed = m.extensionsUsed;
    s.extensionsRequired = m.extensionsRequired;
    for (const tinygltf::Material& material : m.materials)
        s.materialNames.push_back(material.name);
    for (const tinygltf::Image& image : m.images)
        s.imageNames.push_back(!image.name.empty() ? image.name : !image.uri.empty() ? image.uri : image.mimeType);
    return s;
}

} // namespace marrow::io
