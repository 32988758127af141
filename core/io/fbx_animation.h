// SPDX-License-Identifier: MIT
#pragma once
// What Marrow reads from an FBX file beside Assimp to pose its animation as
// the file says: the models with their transform properties (over the
// FbxNode template), the AnimationCurves, and which curves move which
// property of which model in each AnimationStack.
// A model's local transform is the FBX SDK's
//   T * Roff * Rp * Rpre * R * Rpost^-1 * Rp^-1 * Soff * Sp * S * Sp^-1
// with R in the model's Euler order (first letter applied first) and the
// pre and post rotations in XYZ, every part evaluated from its curves.
#include "core/io/fbx_curve.h"
#include "core/math/glm_config.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace marrow::io::fbx {

struct Model {
    std::int64_t id = 0;
    std::string name, kind;  // kind: LimbNode, Null, Root, Mesh...
    std::map<std::string, std::vector<double>, std::less<>> properties;
};

// The curves (indices into AnimationDocument::curves, -1: none) that move
// the X, Y and Z of one property of one model.
using PropertyCurves = std::array<int, 3>;

struct Stack {
    std::string name;
    double localStart = 0.0, localStop = 0.0;  // seconds; both 0: the stack gives no span
    double firstKey = 0.0, lastKey = 0.0;      // the span of its curves' keys

    // The clip Assimp makes of the stack: its span, or its keys' when it
    // gives none (time 0 of the clip is the span's start).
    double clipStart() const { return hasSpan() ? localStart : firstKey; }
    double clipStop() const { return hasSpan() ? localStop : lastKey; }
    bool hasSpan() const { return localStart != 0.0 || localStop != 0.0; }
    int layers = 0;
    std::map<std::pair<std::size_t, std::string>, PropertyCurves> animated;  // (model, property)
};

struct AnimationDocument {
    std::vector<Model> models;
    std::vector<Curve> curves;
    std::vector<Stack> stacks;
    double frameRate = 0.0;  // GlobalSettings' TimeMode; 0 when the file does not say

    std::optional<std::size_t> findModel(std::string_view name) const;
    // The model's local transform at `seconds` of the file's time line in
    // the stack; `straight`: its curves' keys joined by straight lines (as
    // Assimp samples them at the union of their key times).
    glm::dmat4 local(std::size_t model, const Stack& stack, double seconds, bool straight = false) const;
    // Whether any curve moving the model in the stack is cubic or steps.
    bool curved(std::size_t model, const Stack& stack) const;
    // The keys of every curve moving the model in the stack, in order.
    std::vector<double> keyTimes(std::size_t model, const Stack& stack) const;
    // Whether every curve moving the model holds its value over [a, b) and
    // one of them jumps at b (a constant segment ending): a step there.
    bool stepsAt(std::size_t model, const Stack& stack, double a, double b) const;
};

// The document from the file's tree, or nullopt with `error` (a curve that
// cannot be read).
std::optional<AnimationDocument> readAnimation(const Node& root, std::string& error);

// The names of the nodes readAnimation reads arrays from (for readTree's filter).
bool isCurveArray(std::string_view nodeName);

} // namespace marrow::io::fbx
