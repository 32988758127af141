// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/skin_weights.h"
#include "core/skin/bulk_mirror.h"
#include "core/skin/weight_scope.h"

#include <cstdint>
#include <span>

namespace marrow::skin {

// Transfer weights from another mesh (Maya's Copy Skin Weights, closest
// point on surface): each scope vertex of the target takes the weights of
// the point of the source's surface closest to it, interpolated
// barycentrically from that triangle's corners. Both meshes' positions must
// be in one space (their bind space: the caller brings them there). Source
// joint k becomes target joint sourceToTarget[k]; a joint the target's skin
// lacks (kNoJoint) is dropped and the row renormalised. The target's locked
// weights are kept and the transferred ones fill the rest, limited to the
// scope's limit. A source without triangles leaves the weights as they are.
constexpr std::uint16_t kNoJoint = 0xffff;
mesh::SkinWeights transferWeights(const mesh::SkinWeights& target, std::span<const glm::vec3> targetPositions,
                                  const WeightScope& scope, const mesh::SkinWeights& source,
                                  const WeightGeometry& sourceGeometry, std::span<const std::uint16_t> sourceToTarget,
                                  BulkReport* report = nullptr);

} // namespace marrow::skin
