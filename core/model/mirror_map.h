// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/vertex_mirror_map.h"
#include "core/model/rig.h"

#include <cstdint>
#include <vector>

namespace marrow::model {

// Where the symmetry plane comes from.
enum class MirrorPlaneMode : std::uint8_t {
    FitJoints,  // least squares over the bind positions of L/R named joint pairs; Auto when there are none
    AxisX,      // the mesh's local X = 0 plane
    AxisY,      // Y = 0
    AxisZ,      // Z = 0
    Auto,       // the axis plane with the most exact vertex pairs (rigs without named pairs)
};

struct MirrorSettings {
    MirrorPlaneMode mode = MirrorPlaneMode::FitJoints;  // default FitJoints
    mesh::VertexMirrorSettings vertices;                // tolerances for the vertex pairs
    float jointPlaneTolerance = 1e-3f;  // fraction of the joints' bounding-box diagonal within which an unpaired joint lies on the plane and mirrors onto itself; >= 0; default 1e-3
    bool pairVertices = true;  // false: the plane and joints only (MirrorMap::vertices left empty)
};

// The X-mirror map of one mesh and the rig's joints: the symmetry plane (in
// the mesh's bind space: for a skinned mesh the space its positions and the
// inverse binds share, for a rigid mesh its node's local frame), each
// vertex's partner and each joint's partner. Joints pair by name first
// (mirroredJointName, when the twin exists); an unnamed joint on the plane
// mirrors onto itself; any other takes the joint nearest its mirrored bind
// position among joints of its kind (skin bones with bones, other nodes with
// other nodes). The weight tools use it; flipped poses pair joints in the
// skeleton's own rest space (model::findPoseSymmetry).
// Owns its tables; rebuild it when the rig's skeleton or mesh changes.
struct MirrorMap {
    mesh::MirrorPlane plane;
    MirrorPlaneMode source = MirrorPlaneMode::Auto;  // the mode actually used (FitJoints falls back to Auto)
    std::vector<anim::JointIndex> joints;  // one per skeleton joint: its mirror (itself when on the plane)
    std::size_t namedJointPairs = 0;       // joints paired by name (each side counted)
    std::size_t nearestJoints = 0;         // joints paired by position (self-mirrors on the plane included)
    mesh::VertexMirrorMap vertices;        // partners of the mesh's vertices

    // mesh < rig.meshes.size(); the rig must be valid (Rig::validate()).
    static MirrorMap build(const Rig& rig, std::size_t mesh, const MirrorSettings& settings = {});
};

// Each joint's bind position in a mesh's bind space (see MirrorMap): for a
// skin joint of a skinned mesh the translation of its inverse bind's
// inverse, otherwise its rest world position brought into that space.
std::vector<glm::vec3> jointBindPositions(const Rig& rig, std::size_t mesh);

} // namespace marrow::model
