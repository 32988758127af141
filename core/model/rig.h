// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/transition.h"
#include "core/anim/clip.h"
#include "core/anim/skeleton.h"
#include "core/mesh/mesh.h"

#include <optional>
#include <string>
#include <vector>

namespace marrow::model {

// A skin binds meshes to skeleton joints: skin joint k is skeleton joint
// joints[k] with inverse bind matrix inverseBind[k]. Mesh weights index skin joints.
struct Skin {
    std::string name;
    std::vector<anim::JointIndex> joints;
    std::vector<glm::mat4> inverseBind;
    bool operator==(const Skin&) const = default;
};

// Everything a document saves: the node hierarchy, skins, meshes, clips and
// the transitions between clips.
// A Rig is built completely by an importer, validated, and only then handed
// over, so a failed import never leaves half a rig behind.
struct Rig {
    anim::Skeleton skeleton;
    std::vector<Skin> skins;
    std::vector<mesh::Mesh> meshes;
    std::vector<anim::Clip> clips;
    std::vector<Transition> transitions;  // saved in the .marrow container and as glTF extras.marrow
    // Per joint, how its rotation keys are stored (Blender's pose-bone
    // rotation mode): empty when every joint is Quaternion, else one per
    // joint. Every clip's track of a joint is in its joint's mode. Saved in
    // the .marrow container; glTF export writes quaternions.
    std::vector<anim::RotationMode> rotationModes;
    // How the meshes look (Mesh::material): read from the file and drawn by
    // the viewport, never edited; a glTF write keeps the source's own.
    std::vector<mesh::Material> materials;
    std::vector<mesh::Texture> textures;

    // Every index in range, every number finite, every channel ordered.
    std::optional<std::string> validate() const;
    anim::RotationMode rotationModeOf(anim::JointIndex joint) const
    {
        return joint >= 0 && static_cast<std::size_t>(joint) < rotationModes.size()
                   ? rotationModes[static_cast<std::size_t>(joint)]
                   : anim::RotationMode::Quaternion;
    }
    // Per skeleton joint: 1 if some skin uses it as a joint (a bone, as opposed to a plain node).
    std::vector<std::uint8_t> boneMask() const;
    // Per joint: 1 for a joint of the skeleton as Edit Skeleton sees it, bound or
    // not yet (a joint just added has no weights): the skins' joints and every
    // node that neither holds a mesh nor sits above one (those place the meshes).
    std::vector<std::uint8_t> skeletonJointMask() const;
    // Per joint: 1 for a loose helper, a node no skin uses that holds no mesh,
    // has no children and hangs from a scene root (or is one): the cameras,
    // lights and targets FBX and 3ds Max files keep metres from the character.
    // Framing skips them.
    std::vector<std::uint8_t> looseHelperMask() const;
    // Clip by exact name, or by decimal index when no name matches; -1 if neither.
    int findClip(const std::string& nameOrIndex) const;
    // The clip at an index, or null when out of range (-1: none).
    const anim::Clip* clipAt(ClipId clip) const
    {
        return clip >= 0 && static_cast<std::size_t>(clip) < clips.size() ? &clips[static_cast<std::size_t>(clip)]
                                                                          : nullptr;
    }
    bool operator==(const Rig&) const = default;
};

} // namespace marrow::model
