// SPDX-License-Identifier: MIT
#include "core/model/export_profile.h"

#include "core/skin/bulk_normalize.h"

#include <algorithm>
#include <cmath>

namespace marrow::model {

std::optional<WeightStorage> weightStorageFromName(const std::string& name)
{
    if (name == "float")
        return WeightStorage::Float;
    if (name == "u16")
        return WeightStorage::U16;
    if (name == "u8")
        return WeightStorage::U8;
    return std::nullopt;
}

const char* weightStorageName(WeightStorage storage)
{
    switch (storage) {
    case WeightStorage::U16: return "u16";
    case WeightStorage::U8: return "u8";
    case WeightStorage::Float: break;
    }
    return "float";
}

mesh::SkinWeights profiledWeights(const mesh::SkinWeights& weights, const ExportProfile& profile)
{
    const int limit = std::clamp(profile.maxInfluences, 1, 8);
    mesh::SkinWeights out = weights;
    if (out.maxInfluences() > limit)
        out = skin::limitTotal(out, skin::WeightScope{}, limit);
    if (profile.weights != WeightStorage::Float)
        out = skin::quantizeWeights(out, skin::WeightScope{}, profile.weights == WeightStorage::U8 ? 8 : 16);
    if (limit <= 4 && out.stride > 4)
        out = mesh::withStride(out, 4);
    return out;
}

Rig profiledRig(const Rig& rig, const ExportProfile& profile)
{
    Rig out = rig;
    for (mesh::Mesh& m : out.meshes)
        if (m.skinned())
            m.weights = profiledWeights(m.weights, profile);
    return out;
}

namespace {

// Both rigs skinned at one pose: the per-vertex distances folded into `into`.
bool measure(const Rig& full, PosePipeline& a, PosePipeline& b, const PoseRequest& request,
             ProfileDisplacement& into, std::vector<glm::vec3>& pa, std::vector<glm::vec3>& pb)
{
    if (!a.evaluate(request) || !b.evaluate(request))
        return false;
    for (std::size_t m = 0; m < full.meshes.size(); ++m) {
        if (!full.meshes[m].skinned())
            continue;
        const std::size_t n = full.meshes[m].vertexCount();
        pa.resize(n);
        pb.resize(n);
        if (!a.skinMesh(m, mesh::SkinningMethod::Linear, pa, {}) || !b.skinMesh(m, mesh::SkinningMethod::Linear, pb, {}))
            return false;
        std::vector<float>& worst = into.perVertex[m];
        for (std::size_t v = 0; v < n; ++v) {
            const float d = glm::distance(pa[v], pb[v]);
            worst[v] = std::max(worst[v], d);
            if (d > into.largest) {
                into.largest = d;
                into.mesh = static_cast<int>(m);
                into.vertex = static_cast<std::uint32_t>(v);
                into.clip = request.clip;
                into.time = request.time;
            }
        }
    }
    ++into.poses;
    return true;
}

ProfileDisplacement emptyFor(const Rig& rig)
{
    ProfileDisplacement d;
    d.perVertex.resize(rig.meshes.size());
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (rig.meshes[m].skinned())
            d.perVertex[m].assign(rig.meshes[m].vertexCount(), 0.f);
    return d;
}

} // namespace

ProfileDisplacement profileDisplacement(const Rig& full, const Rig& profiled, const PoseRequest& request)
{
    ProfileDisplacement d = emptyFor(full);
    PosePipeline a(full), b(profiled);
    std::vector<glm::vec3> pa, pb;
    measure(full, a, b, request, d, pa, pb);
    return d;
}

std::optional<ProfileDisplacement> profileDisplacementOverClips(const Rig& rig, const ExportProfile& profile,
                                                                std::span<const int> clips, double fps,
                                                                const std::function<bool(float)>& progress)
{
    const Rig profiled = profiledRig(rig, profile);
    ProfileDisplacement d = emptyFor(rig);
    PosePipeline a(rig), b(profiled);
    std::vector<glm::vec3> pa, pb;
    measure(rig, a, b, {}, d, pa, pb);
    const double step = fps > 0.0 ? 1.0 / fps : 1.0 / 30.0;
    std::size_t total = 0, done = 0;
    for (int c : clips)
        if (const anim::Clip* clip = rig.clipAt(c))
            total += static_cast<std::size_t>(std::floor(clip->duration / step + 1e-6)) + 1;
    for (int c : clips) {
        const anim::Clip* clip = rig.clipAt(c);
        if (!clip)
            continue;
        const auto frames = static_cast<std::size_t>(std::floor(clip->duration / step + 1e-6)) + 1;
        for (std::size_t f = 0; f < frames; ++f) {
            PoseRequest request;
            request.clip = c;
            request.time = std::min(static_cast<double>(f) * step, static_cast<double>(clip->duration));
            measure(rig, a, b, request, d, pa, pb);
            ++done;
            if (progress && !progress(total ? static_cast<float>(done) / static_cast<float>(total) : 1.f))
                return std::nullopt;
        }
    }
    return d;
}

} // namespace marrow::model
