// SPDX-License-Identifier: MIT
#pragma once
// What applyColladaCurves reads from a COLLADA document: each node's
// transform stack and the animation channels that target its elements,
// grouped by the clip (library_animation_clips) that plays them.
#include "core/io/assimp_collada_curve.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace marrow::io::assimp {

// One element of a node's transform stack, applied in document order.
struct ColladaTransform {
    enum class Kind { Translate, Rotate, Scale, Matrix };
    Kind kind = Kind::Translate;
    std::string sid;
    std::vector<float> values;  // 3, 4 (axis, angle in degrees) or 16 (row-major)
};

struct ColladaNode {
    std::string id, name;
    std::vector<ColladaTransform> stack;
    bool unsupported = false;  // lookat or skew: left as Assimp reads it
};

// A channel animating one element of a node: all of it (member -1), or
// one component (ANGLE, X, Y, Z, (i), (i)(j)).
struct ColladaChannel {
    std::string node, sid;
    int member = -1;
    std::string animation;  // the top-level <animation> holding it
    ColladaCurve curve;
};

struct ColladaAnimationClip {
    std::string name;
    std::vector<std::string> animations;  // instance_animation urls, without '#'
};

struct ColladaDocument {
    std::vector<ColladaNode> nodes;
    std::vector<ColladaChannel> channels;
    std::vector<ColladaAnimationClip> clips;
    int unreadChannels = 0;  // targets or samplers it could not follow
};

// nullopt when the text is not XML Marrow can read (Assimp's import stands).
std::optional<ColladaDocument> readColladaDocument(const std::string& text);

} // namespace marrow::io::assimp
