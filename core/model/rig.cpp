// SPDX-License-Identifier: MIT
#include "core/model/rig.h"

#include <charconv>
#include <cmath>

namespace marrow::model {

std::optional<std::string> Rig::validate() const
{
    if (auto err = skeleton.validate())
        return err;
    const std::size_t nj = skeleton.size();
    for (std::size_t s = 0; s < skins.size(); ++s) {
        const Skin& skin = skins[s];
        if (skin.inverseBind.size() != skin.joints.size())
            return "skin " + std::to_string(s) + " has " + std::to_string(skin.inverseBind.size()) +
                   " inverse bind matrices for " + std::to_string(skin.joints.size()) + " joints";
        if (skin.joints.size() > 65536)
            return "skin " + std::to_string(s) + " has more than 65536 joints";
        for (std::size_t k = 0; k < skin.joints.size(); ++k) {
            if (skin.joints[k] < 0 || static_cast<std::size_t>(skin.joints[k]) >= nj)
                return "skin " + std::to_string(s) + " joint " + std::to_string(k) + " refers to node " +
                       std::to_string(skin.joints[k]) + ", out of range";
            for (int c = 0; c < 4; ++c)
                for (int r = 0; r < 4; ++r)
                    if (!std::isfinite(skin.inverseBind[k][c][r]))
                        return "skin " + std::to_string(s) + " inverse bind matrix " + std::to_string(k) + " is not finite";
        }
    }
    if (auto err = mesh::validateMaterials(materials, textures))
        return err;
    for (const mesh::Mesh& m : meshes) {
        if (m.material < -1 || m.material >= static_cast<int>(materials.size()))
            return "mesh '" + m.name + "' uses material " + std::to_string(m.material) + ", out of range";
        if (m.skin >= static_cast<int>(skins.size()))
            return "mesh '" + m.name + "' uses skin " + std::to_string(m.skin) + ", out of range";
        const std::size_t skinJoints = m.skin >= 0 ? skins[static_cast<std::size_t>(m.skin)].joints.size() : 0;
        if (auto err = m.validate(nj, skinJoints))
            return err;
    }
    if (!rotationModes.empty() && rotationModes.size() != nj)
        return std::to_string(rotationModes.size()) + " rotation modes for " + std::to_string(nj) + " joints";
    for (const anim::Clip& c : clips) {
        if (auto err = c.validate(nj))
            return err;
        std::vector<bool> morphed(meshes.size(), false);
        for (const anim::MorphTrack& t : c.morphTracks) {
            if (t.mesh >= meshes.size())
                return "clip '" + c.name + "' animates the morph weights of mesh " + std::to_string(t.mesh) +
                       ", out of range";
            if (morphed[t.mesh])
                return "clip '" + c.name + "' has two morph-weight tracks for mesh " + std::to_string(t.mesh);
            morphed[t.mesh] = true;
            if (auto err = t.validate(meshes[t.mesh].morphTargets.size()))
                return "clip '" + c.name + "', morph weights of mesh '" + meshes[t.mesh].name + "': " + *err;
        }
        for (const anim::JointTrack& t : c.tracks)
            if (t.rotationMode != rotationModeOf(t.joint))
                return "clip '" + c.name + "', joint " + std::to_string(t.joint) + ": its track is in " +
                       anim::rotationModeName(t.rotationMode) + " mode, its bone in " +
                       anim::rotationModeName(rotationModeOf(t.joint));
    }
    for (const Transition& t : transitions)
        if (auto err = t.validate(clips.size(), nj))
            return err;
    return std::nullopt;
}

std::vector<std::uint8_t> Rig::boneMask() const
{
    std::vector<std::uint8_t> mask(skeleton.size(), 0);
    for (const Skin& s : skins)
        for (anim::JointIndex j : s.joints)
            if (j >= 0 && static_cast<std::size_t>(j) < mask.size())
                mask[static_cast<std::size_t>(j)] = 1;
    return mask;
}

std::vector<std::uint8_t> Rig::skeletonJointMask() const
{
    std::vector<std::uint8_t> placesMesh(skeleton.size(), 0);
    for (const mesh::Mesh& m : meshes)
        for (anim::JointIndex j = m.node; j >= 0 && static_cast<std::size_t>(j) < placesMesh.size() &&
                                          !placesMesh[static_cast<std::size_t>(j)];
             j = skeleton.parents[static_cast<std::size_t>(j)])
            placesMesh[static_cast<std::size_t>(j)] = 1;
    std::vector<std::uint8_t> mask = boneMask();
    for (std::size_t j = 0; j < mask.size(); ++j)
        mask[j] = mask[j] || !placesMesh[j];
    return mask;
}

std::vector<std::uint8_t> Rig::looseHelperMask() const
{
    const std::size_t n = skeleton.size();
    std::vector<std::uint8_t> keep = boneMask();  // 1: not a helper
    for (std::size_t j = 0; j < n; ++j)
        if (const anim::JointIndex p = skeleton.parents[j]; p >= 0 && static_cast<std::size_t>(p) < n)
            keep[static_cast<std::size_t>(p)] = 1;  // a parent carries a chain on
    for (const mesh::Mesh& m : meshes)
        if (m.node >= 0 && static_cast<std::size_t>(m.node) < n)
            keep[static_cast<std::size_t>(m.node)] = 1;
    std::vector<std::uint8_t> helper(n, 0);
    for (std::size_t j = 0; j < n; ++j) {
        const anim::JointIndex p = skeleton.parents[j];
        const bool nearRoot = p < 0 || static_cast<std::size_t>(p) >= n || skeleton.parents[static_cast<std::size_t>(p)] < 0;
        helper[j] = !keep[j] && nearRoot;
    }
    return helper;
}

int Rig::findClip(const std::string& nameOrIndex) const
{
    for (std::size_t i = 0; i < clips.size(); ++i)
        if (clips[i].name == nameOrIndex)
            return static_cast<int>(i);
    int index = -1;
    const char* end = nameOrIndex.data() + nameOrIndex.size();
    auto [ptr, ec] = std::from_chars(nameOrIndex.data(), end, index);
    if (ec != std::errc() || ptr != end || index < 0 || index >= static_cast<int>(clips.size()))
        return -1;
    return index;
}

} // namespace marrow::model
