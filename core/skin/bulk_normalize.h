// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/skin_weights.h"
#include "core/skin/weight_scope.h"

namespace marrow::skin {

// The Weights menu's whole-row operations (and marrow-cli weights'), pure:
// each returns the new weights and touches only the scope's vertices; rows
// come back sorted and zero-padded. "Renormalise" below means: the locked
// weights are kept and every unlocked one is scaled so the row sums to 1.

// Normalize All: the subset's unlocked weights share 1 - (the locked and
// out-of-subset weights). A row with none of them, or already summing to 1
// within 1e-6, is left as it is (so Normalize All twice changes nothing).
mesh::SkinWeights normalizeAll(const mesh::SkinWeights& weights, const WeightScope& scope,
                               BulkReport* report = nullptr);

// Limit Total N: keeps the N largest weights per vertex, dropping only the
// subset's unlocked ones (the smallest first; ties: the higher joint index
// goes), then renormalises.
mesh::SkinWeights limitTotal(const mesh::SkinWeights& weights, const WeightScope& scope, int n,
                             BulkReport* report = nullptr);

// Clean EPS: removes the subset's unlocked weights below `eps`, then
// renormalises. A row whose weights are all below `eps` keeps its largest
// (ties: the lower joint), and a row always keeps one unlocked weight.
mesh::SkinWeights cleanWeights(const mesh::SkinWeights& weights, const WeightScope& scope, float eps,
                               BulkReport* report = nullptr);

// Quantize 8 or 16 bits: every weight of a scope row becomes a multiple of
// 1/255 (1/65535) and the row's units sum to exactly 255 (65535), by the
// largest-remainder method: each weight of the row normalised in double
// is floored to whole units, and the units left go one each to the largest
// remainders (ties: the larger weight, then the lower joint). Weights
// rounded to 0 are removed. The bone subset and locks do not apply: an
// engine's format needs the whole row on its grid.
mesh::SkinWeights quantizeWeights(const mesh::SkinWeights& weights, const WeightScope& scope, int bits,
                                  BulkReport* report = nullptr);

} // namespace marrow::skin
