// SPDX-License-Identifier: MIT
#include "app/cli/cli_check_text.h"

#include <algorithm>
#include <cstdio>

namespace marrow::cli {

namespace {

// Bones named in the summary before "and N more".
constexpr std::size_t kNamesInSummary = 5;

std::string boneList(const model::Rig& rig, const std::vector<anim::JointIndex>& joints, bool verbose)
{
    if (joints.empty())
        return "none";
    std::string out;
    const std::size_t shown = verbose ? joints.size() : std::min(joints.size(), kNamesInSummary);
    for (std::size_t k = 0; k < shown; ++k)
        out += (k ? ", " : "") + rig.skeleton.names[static_cast<std::size_t>(joints[k])];
    if (shown < joints.size())
        out += " and " + std::to_string(joints.size() - shown) + " more (--verbose lists them)";
    return out;
}

// "    <what>: 3, 17, 40" for a non-empty vertex list (--verbose).
void printVertices(const char* what, const std::vector<std::uint32_t>& vertices)
{
    if (vertices.empty())
        return;
    std::printf("    %s:", what);
    for (std::size_t k = 0; k < vertices.size(); ++k)
        std::printf("%s %u", k ? "," : "", vertices[k]);
    std::printf("\n");
}

void printMeshSummary(const model::MeshWeightHealth& m, const model::MeshImportChanges* changed)
{
    std::printf("  %s: %zu vertices, up to %d influences; over: %zu, asymmetric: %zu, weightless: %zu, "
                "unnormalised: %zu",
                m.name.c_str(), m.vertices, m.mostInfluences, m.overInfluences.size(), m.asymmetric.size(),
                m.weightless.size(), m.unnormalised.size());
    if (changed && !changed->empty())
        std::printf("; changed on import: %zu renormalised, %zu trimmed to 8, %zu bound to their node",
                    changed->renormalised.size(), changed->trimmed.size(), changed->boundToNode.size());
    std::printf("\n");
}

void printMeshDetails(const CheckFindings& f, const model::MeshWeightHealth& m, const model::MeshImportChanges* changed)
{
    std::printf("  %s: %zu vertices, up to %d influences\n", m.name.c_str(), m.vertices, m.mostInfluences);
    std::printf("    over %d influences: %zu\n", f.maxInfluences, m.overInfluences.size());
    std::printf("    asymmetric above %g: %zu (largest %.4g; %zu without a twin)\n",
                static_cast<double>(f.symmetryTolerance), m.asymmetric.size(),
                static_cast<double>(m.largestSymmetryError), m.withoutTwin);
    std::printf("    weightless: %zu, unnormalised: %zu\n", m.weightless.size(), m.unnormalised.size());
    printVertices("vertices over the influences", m.overInfluences);
    printVertices("asymmetric vertices", m.asymmetric);
    printVertices("weightless vertices", m.weightless);
    printVertices("unnormalised vertices", m.unnormalised);
    if (changed && !changed->empty()) {
        std::printf("    changed on import: %zu renormalised, %zu trimmed to 8, %zu bound to their node\n",
                    changed->renormalised.size(), changed->trimmed.size(), changed->boundToNode.size());
        printVertices("renormalised on import", changed->renormalised);
        printVertices("trimmed to 8 on import", changed->trimmed);
        printVertices("bound to their node on import", changed->boundToNode);
    }
}

void printDisplacement(const CheckFindings& f, const model::ProfileDisplacement& d)
{
    std::printf("  profile %d influences, %s: largest displacement %.6g", f.profile.maxInfluences,
                model::weightStorageName(f.profile.weights), static_cast<double>(d.largest));
    if (d.mesh >= 0)
        std::printf(" at %s vertex %u (%s, %.3f s)", f.rig->meshes[static_cast<std::size_t>(d.mesh)].name.c_str(), d.vertex,
                    d.clip >= 0 ? f.rig->clips[static_cast<std::size_t>(d.clip)].name.c_str() : "rest pose", d.time);
    std::printf(", over %zu poses\n", d.poses);
}

} // namespace

void printCheckText(const CheckFindings& f, bool verbose)
{
    const model::WeightHealth& health = *f.health;
    std::printf("%s: %zu skinned mesh(es)", f.model.c_str(), health.perMesh.size());
    if (!verbose)
        std::printf("; over: above %d influences, asymmetric: symmetry error above %g (--verbose: the vertices)",
                    f.maxInfluences, static_cast<double>(f.symmetryTolerance));
    std::printf("\n");
    for (std::size_t k = 0; k < health.perMesh.size(); ++k) {
        const model::MeshImportChanges* changed = f.importChanges->mesh(static_cast<std::size_t>(health.meshes[k]));
        if (verbose)
            printMeshDetails(f, health.perMesh[k], changed);
        else
            printMeshSummary(health.perMesh[k], changed);
    }
    std::printf("  deforming bones with no weights: %s\n", boneList(*f.rig, health.deformingWithoutWeights, verbose).c_str());
    std::printf("  non-deforming bones with weights: %s\n", boneList(*f.rig, health.nonDeformingWithWeights, verbose).c_str());
    if (f.displacement && *f.displacement)
        printDisplacement(f, **f.displacement);
    for (const std::string& failure : f.failures)
        std::printf("FAIL: %s\n", failure.c_str());
    if (f.failures.empty())
        std::printf("passed\n");
}

} // namespace marrow::cli
