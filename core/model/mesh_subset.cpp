// SPDX-License-Identifier: MIT
#include "core/model/mesh_subset.h"

namespace marrow::model {

Rig withMeshes(Rig rig, const std::vector<std::uint8_t>& keep)
{
    std::vector<int> index(rig.meshes.size(), -1);
    std::vector<mesh::Mesh> meshes;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (m < keep.size() && keep[m]) {
            index[m] = static_cast<int>(meshes.size());
            meshes.push_back(std::move(rig.meshes[m]));
        }
    rig.meshes = std::move(meshes);
    for (anim::Clip& clip : rig.clips) {
        std::vector<anim::MorphTrack> tracks;
        for (anim::MorphTrack& t : clip.morphTracks)
            if (t.mesh < index.size() && index[t.mesh] >= 0) {
                t.mesh = static_cast<std::uint32_t>(index[t.mesh]);
                tracks.push_back(std::move(t));
            }
        clip.morphTracks = std::move(tracks);
    }
    return rig;
}

} // namespace marrow::model
