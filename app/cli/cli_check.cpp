// SPDX-License-Identifier: MIT
// marrow-cli check MODEL: weight health for CI of game assets (issue 23).
// The same figures as the editor's Health panel (model::checkWeightHealth):
// vertices over N influences, asymmetric vertices, weightless and
// unnormalised rows, deforming bones that weight nothing and non-deforming
// bones that do; with --profile, the largest displacement the export profile
// (N influences stored as float, u16 or u8) causes over the file's clips.
// Rows the import repaired (renormalised, trimmed, bound to their node) are
// listed per mesh but do not fail: the file as read is usable.
// Exit 1 when a threshold given fails (weightless or unnormalised rows
// always fail: an engine cannot use them). The text is a line per mesh,
// --verbose the figures and vertices behind it (cli_check_text.cpp).
#include "app/cli/cli_check_text.h"
#include "app/cli/cli_commands.h"
#include "core/model/auto_weights.h"
#include "core/model/export_profile.h"
#include "core/model/weight_health.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <numeric>

namespace marrow::cli {

namespace {

using Json = nlohmann::ordered_json;

struct CheckOptions {
    std::string model;
    std::vector<std::string> clipsFrom;
    std::vector<RangeClipSpec> rangeClips;
    std::optional<int> maxInfluences;
    std::optional<double> symmetry;
    bool profile = false;
    model::WeightStorage weights = model::WeightStorage::U8;
    std::optional<double> maxDisplacement;
    double fps = 30.0;
    bool json = false;
    bool verbose = false;
};

int usage(const std::string& message)
{
    std::fprintf(stderr,
                 "marrow-cli: %s\nusage: marrow-cli check MODEL [--max-influences N] [--symmetry TOL]\n"
                 "                  [--profile [--weights u8|u16|float] [--max-displacement D] [--fps 30]]\n"
                 "                  [--json | --verbose] [--clips-from FILE]... [--range-clip NEW=CLIP:START:END]...\n",
                 message.c_str());
    return kExitUsage;
}

std::vector<std::string> namesOf(const model::Rig& rig, const std::vector<anim::JointIndex>& joints)
{
    std::vector<std::string> names;
    for (anim::JointIndex j : joints)
        names.push_back(rig.skeleton.names[static_cast<std::size_t>(j)]);
    return names;
}

} // namespace

int runCheck(const std::vector<std::string>& args)
{
    CheckOptions o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const auto value = [&](double& out) {
            return i + 1 < args.size() && parseFinite(args[++i], out);
        };
        double v = 0.0;
        if (a == "--json") {
            o.json = true;
        } else if (a == "--verbose") {
            o.verbose = true;
        } else if (a == "--profile") {
            o.profile = true;
        } else if (a == "--max-influences") {
            if (!value(v) || (v != 4.0 && v != 8.0 && (v < 1.0 || v > 8.0 || v != std::floor(v))))
                return usage("--max-influences takes a whole number from 1 to 8");
            o.maxInfluences = static_cast<int>(v);
        } else if (a == "--symmetry") {
            if (!value(v) || v < 0.0)
                return usage("--symmetry takes a tolerance >= 0");
            o.symmetry = v;
        } else if (a == "--max-displacement") {
            if (!value(v) || v < 0.0)
                return usage("--max-displacement takes a distance >= 0");
            o.maxDisplacement = v;
        } else if (a == "--fps") {
            if (!value(v) || v <= 0.0 || v > 1000.0)
                return usage("--fps takes a frame rate above 0");
            o.fps = v;
        } else if (a == "--weights") {
            const auto storage = i + 1 < args.size() ? model::weightStorageFromName(args[++i]) : std::nullopt;
            if (!storage)
                return usage("--weights takes u8, u16 or float");
            o.weights = *storage;
        } else if (a == "--clips-from") {
            if (i + 1 >= args.size())
                return usage("--clips-from needs a file");
            o.clipsFrom.push_back(args[++i]);
        } else if (std::string bad; takeRangeClip(args, i, o.rangeClips, bad)) {
            if (!bad.empty())
                return usage(bad);
        } else if (!a.empty() && a[0] == '-') {
            return usage("unknown option '" + a + "'");
        } else if (o.model.empty()) {
            o.model = a;
        } else {
            return usage("one MODEL only");
        }
    }
    if (o.model.empty())
        return usage("check needs a MODEL");

    doc::DocumentExtras extras;
    std::optional<model::Rig> rig = loadModel(o.model, o.clipsFrom, nullptr, nullptr, nullptr, &extras);
    if (!rig)
        return kExitBadInput;
    if (const int refused = addRangeClips(*rig, o.rangeClips))
        return refused;
    model::WeightHealthOptions options;
    options.maxInfluences = o.maxInfluences.value_or(4);
    options.symmetryTolerance = static_cast<float>(o.symmetry.value_or(0.05));
    const model::WeightHealth health = model::checkWeightHealth(*rig, model::deformMask(*rig, extras.deform), options);

    std::vector<std::string> failures;
    if (o.maxInfluences && health.overInfluences() > 0)
        failures.push_back(std::to_string(health.overInfluences()) + " vertices over " +
                           std::to_string(options.maxInfluences) + " influences");
    if (o.symmetry && health.asymmetric() > 0)
        failures.push_back(std::to_string(health.asymmetric()) + " vertices asymmetric by more than " +
                           std::to_string(*o.symmetry));
    if (health.weightless() > 0)
        failures.push_back(std::to_string(health.weightless()) + " weightless vertices");
    if (health.unnormalised() > 0)
        failures.push_back(std::to_string(health.unnormalised()) + " vertices whose weights do not sum to 1");

    std::optional<model::ProfileDisplacement> displacement;
    const model::ExportProfile profile{o.maxInfluences.value_or(4), o.weights};
    if (o.profile) {
        std::vector<int> clips(rig->clips.size());
        std::iota(clips.begin(), clips.end(), 0);
        displacement = model::profileDisplacementOverClips(*rig, profile, clips, o.fps);
        if (o.maxDisplacement && displacement && displacement->largest > *o.maxDisplacement)
            failures.push_back("the export profile moves a vertex " + std::to_string(displacement->largest) +
                               ", more than " + std::to_string(*o.maxDisplacement));
    }

    if (o.json) {
        Json out;
        out["model"] = o.model;
        Json meshes = Json::array();
        for (std::size_t k = 0; k < health.perMesh.size(); ++k) {
            const model::MeshWeightHealth& m = health.perMesh[k];
            const model::MeshImportChanges* changed = extras.importChanges.mesh(static_cast<std::size_t>(health.meshes[k]));
            meshes.push_back({{"name", m.name},
                              {"vertices", m.vertices},
                              {"mostInfluences", m.mostInfluences},
                              {"overInfluences", m.overInfluences.size()},
                              {"asymmetric", m.asymmetric.size()},
                              {"largestSymmetryError", m.largestSymmetryError},
                              {"withoutTwin", m.withoutTwin},
                              {"weightless", m.weightless.size()},
                              {"unnormalised", m.unnormalised.size()},
                              {"changedOnImport", {{"renormalised", changed ? changed->renormalised.size() : 0},
                                                   {"trimmed", changed ? changed->trimmed.size() : 0},
                                                   {"boundToNode", changed ? changed->boundToNode.size() : 0}}}});
        }
        out["maxInfluences"] = options.maxInfluences;
        out["symmetryTolerance"] = options.symmetryTolerance;
        out["meshes"] = meshes;
        out["deformingWithoutWeights"] = namesOf(*rig, health.deformingWithoutWeights);
        out["nonDeformingWithWeights"] = namesOf(*rig, health.nonDeformingWithWeights);
        if (displacement) {
            const int mesh = displacement->mesh;
            out["profile"] = {{"maxInfluences", profile.maxInfluences},
                              {"weights", model::weightStorageName(profile.weights)},
                              {"largestDisplacement", displacement->largest},
                              {"mesh", mesh >= 0 ? Json(rig->meshes[static_cast<std::size_t>(mesh)].name) : Json()},
                              {"vertex", displacement->vertex},
                              {"clip", displacement->clip >= 0 ? Json(rig->clips[static_cast<std::size_t>(displacement->clip)].name) : Json()},
                              {"time", displacement->time},
                              {"poses", displacement->poses}};
        }
        out["failures"] = failures;
        out["passed"] = failures.empty();
        std::printf("%s\n", out.dump(2).c_str());
    } else {
        printCheckText({.model = o.model,
                        .rig = &*rig,
                        .health = &health,
                        .importChanges = &extras.importChanges,
                        .maxInfluences = options.maxInfluences,
                        .symmetryTolerance = options.symmetryTolerance,
                        .profile = profile,
                        .displacement = &displacement,
                        .failures = failures},
                       o.verbose);
    }
    return failures.empty() ? kExitOk : kExitCheckFailed;
}

} // namespace marrow::cli
