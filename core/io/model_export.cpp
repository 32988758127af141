// SPDX-License-Identifier: MIT
#include "core/io/model_export.h"

#include "core/anim/clip_resample.h"
#include "core/anim/track_rotation_mode.h"
#include "core/anim/transition_bake.h"
#include "core/io/gltf_source.h"
#include "core/model/clip_names.h"
#include "core/model/morph_weights.h"

#include <algorithm>

namespace marrow::io {

namespace {

// Per rig clip: 1 when the settings write it.
std::vector<std::uint8_t> chosenClips(const model::Rig& rig, const ExportRequest& request)
{
    std::vector<std::uint8_t> keep(rig.clips.size(), 0);
    switch (request.settings.clips) {
    case model::ExportClips::All:
        std::fill(keep.begin(), keep.end(), std::uint8_t{1});
        break;
    case model::ExportClips::Active:
        if (request.activeClip >= 0 && static_cast<std::size_t>(request.activeClip) < keep.size())
            keep[static_cast<std::size_t>(request.activeClip)] = 1;
        break;
    case model::ExportClips::Chosen:
        for (std::size_t c = 0; c < rig.clips.size(); ++c)
            keep[c] = std::find(request.settings.chosenClips.begin(), request.settings.chosenClips.end(),
                                rig.clips[c].name) != request.settings.chosenClips.end();
        break;
    }
    return keep;
}

// Each transition sampled into a clip named after it, as Bake does.
std::optional<std::vector<anim::Clip>> bakedTransitions(const model::Rig& rig, double fps, std::string& error,
                                                        const ExportProgress& progress)
{
    std::vector<anim::Clip> out;
    model::Rig named = rig;  // names made unique against the clips and the bakes before
    for (std::size_t i = 0; i < rig.transitions.size(); ++i) {
        const model::Transition& t = rig.transitions[i];
        if (auto why = t.validate(rig.clips.size(), rig.skeleton.size())) {
            error = "transition '" + t.name + "': " + *why;
            return std::nullopt;
        }
        anim::TransitionPoser poser = t.poser(rig);
        std::string why;
        auto clip = anim::bakeTransition(poser, fps, anim::BakeRange::Full, model::uniqueClipName(named, t.name), &why,
                                         model::defaultMorphWeights(rig.meshes));
        if (!clip) {
            error = "transition '" + t.name + "': " + why;
            return std::nullopt;
        }
        for (anim::JointTrack& track : clip->tracks)  // bones in an Euler mode keep it
            anim::convertRotationMode(track, rig.rotationModeOf(track.joint));
        named.clips.push_back(*clip);
        out.push_back(std::move(*clip));
        if (progress && !progress(static_cast<double>(i + 1) / static_cast<double>(rig.transitions.size()))) {
            error = "cancelled";
            return std::nullopt;
        }
    }
    return out;
}

// The rig without the meshes not written: skins stay (a skin without a mesh
// is still a skeleton binding), morph tracks follow their meshes.
void keepMeshes(model::Rig& rig, const std::vector<std::uint8_t>& keep)
{
    std::vector<int> index(rig.meshes.size(), -1);
    std::vector<mesh::Mesh> meshes;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (keep[m]) {
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
}

} // namespace

std::optional<model::Rig> exportedRig(const model::Rig& rig, const ExportRequest& request, std::string& error,
                                      const ExportProgress& progress)
{
    if (auto invalid = request.settings.validate()) {
        error = *invalid;
        return std::nullopt;
    }
    std::vector<anim::Clip> baked;
    if (request.settings.bakeTransitions && !rig.transitions.empty()) {
        if (!(request.fps > 0.0)) {
            error = "transitions bake at the document's frame rate, and it is not set";
            return std::nullopt;
        }
        auto clips = bakedTransitions(rig, request.fps, error, progress);
        if (!clips)
            return std::nullopt;
        baked = std::move(*clips);
    }
    model::Rig out = rig;
    const std::vector<std::uint8_t> keep = chosenClips(rig, request);
    std::vector<int> index(rig.clips.size(), -1);
    out.clips.clear();
    for (std::size_t c = 0; c < rig.clips.size(); ++c)
        if (keep[c]) {
            index[c] = static_cast<int>(out.clips.size());
            out.clips.push_back(rig.clips[c]);
        }
    // A transition stays (in the file's extras) while both its clips do.
    out.transitions.clear();
    for (model::Transition t : rig.transitions) {
        const int a = index[static_cast<std::size_t>(t.clipA)], b = index[static_cast<std::size_t>(t.clipB)];
        if (a < 0 || b < 0)
            continue;
        t.clipA = a;
        t.clipB = b;
        out.transitions.push_back(std::move(t));
    }
    for (anim::Clip& clip : baked)
        out.clips.push_back(std::move(clip));
    if (request.settings.resampleFps > 0.0)
        for (anim::Clip& clip : out.clips)
            clip = anim::resampleClip(clip, request.settings.resampleFps);
    if (!request.meshes.empty()) {
        if (request.meshes.size() != rig.meshes.size()) {
            error = "the mesh choice does not match the model's meshes";
            return std::nullopt;
        }
        keepMeshes(out, request.meshes);
    }
    if (out.meshes.empty() && !rig.meshes.empty() && out.skeleton.size() == 0) {
        error = "nothing to export: no mesh is chosen and there is no skeleton";
        return std::nullopt;
    }
    return out;
}

std::optional<std::string> encodeExport(const model::Rig& rig, const GltfSource* source, const ExportRequest& request,
                                        const std::string& path, const std::string& inName, EncodedExport& out,
                                        const ExportProgress& progress)
{
    std::string error;
    const auto reportStage = [&](double from, double to) -> ExportProgress {
        if (!progress)
            return {};
        return [=](double f) { return progress(from + (to - from) * f); };
    };
    std::optional<model::Rig> written = exportedRig(rig, request, error, reportStage(0.0, 0.6));
    if (!written)
        return path + ": " + error;
    if (progress && !progress(0.6))
        return path + ": cancelled";
    GltfExportOptions options;
    options.sampleRate = request.sampleRate;
    options.source = source;
    options.profile = request.profile;
    out = {};
    if (auto err = encodeGltfFile(*written, path, out.file, options, &out.report))
        return err;
    out.clips = written->clips.size();
    out.meshes = written->meshes.size();
    out.warnings = exportWarnings(out.report, source, inName, path,
                                  options.sampleRate);
    if (progress)
        progress(1.0);
    return std::nullopt;
}

std::vector<std::string> exportWarnings(const GltfExportReport& report, const GltfSource* source,
                                        const std::string& inName, const std::string& outName, float sampleRate)
{
    std::vector<std::string> out;
    if (!source) {
        out.push_back(outName + ": from " + inName + " Marrow writes the rig, skins, weights, clips, blend shapes and "
                      "their channels, every UV set, vertex colours and the materials in glTF's terms (base colour, "
                      "metal, roughness, normal, occlusion and emissive maps); cameras and lights are not carried from "
                      "this format");
    } else {
        // The source is carried, or written anew when the edit left it no
        // shape to follow: either way each thing of it the file lacks, by name.
        if (!report.carriedSource)
            out.push_back(outName + ": " + report.notCarried + ", so " + inName +
                          " is written anew (its materials, textures, UV sets, vertex colours and morph targets "
                          "are kept; what is not follows)");
        for (const std::string& item : report.lost)
            out.push_back("not carried: " + item);
    }
    if (report.resampledChannels > 0)
        out.push_back(std::to_string(report.resampledChannels) +
                      (report.resampledChannels == 1 ? " channel mixes" : " channels mix") +
                      " interpolation modes per key, which a glTF sampler cannot; written as LINEAR keys (every "
                      "key, and every frame at " + std::to_string(static_cast<int>(sampleRate)) +
                      " fps inside cubic segments)");
    return out;
}

} // namespace marrow::io
