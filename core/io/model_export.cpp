// SPDX-License-Identifier: MIT
#include "core/io/model_export.h"

#include "core/anim/clip_range.h"
#include "core/anim/clip_resample.h"
#include "core/io/gltf_source.h"
#include "core/model/clip_names.h"
#include "core/model/baked_transition.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

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
        std::string why;
        auto clip = model::bakedTransitionClip(rig, t, fps, anim::BakeRange::Full, model::uniqueClipName(named, t.name),
                                               why);
        if (!clip) {
            error = "transition '" + t.name + "': " + why;
            return std::nullopt;
        }
        named.clips.push_back(*clip);
        out.push_back(std::move(*clip));
        if (progress && !progress(static_cast<double>(i + 1) / static_cast<double>(rig.transitions.size()))) {
            error = "cancelled";
            return std::nullopt;
        }
    }
    return out;
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
    // glTF has no frame range: an animation is as long as its last key. A
    // manual range past the keys gets a key at its end holding the pose, so
    // every player plays (and loops) the whole range.
    for (anim::Clip& clip : out.clips)
        if (clip.range)
            anim::holdKeysToDuration(clip);
    if (!request.meshes.empty()) {
        if (request.meshes.size() != rig.meshes.size()) {
            error = "the mesh choice does not match the model's meshes";
            return std::nullopt;
        }
        if (out.skeleton.size() == 0 && std::none_of(request.meshes.begin(), request.meshes.end(),
                                                     [](std::uint8_t k) { return k != 0; })) {
            error = "nothing to export: no mesh is chosen and there is no skeleton";
            return std::nullopt;
        }
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
    // The meshes left out are the writer's to drop: over a glTF source it
    // removes their primitives and keeps the rest of the file.
    options.keepMeshes = request.meshes;
    out = {};
    if (auto err = encodeGltfFile(*written, path, out.file, options, &out.report))
        return err;
    out.clips = written->clips.size();
    out.meshes = request.meshes.empty()
                     ? written->meshes.size()
                     : static_cast<std::size_t>(std::count(request.meshes.begin(), request.meshes.end(), std::uint8_t{1}));
    out.warnings = exportWarnings(out.report, source, inName, path,
                                  options.sampleRate);
    // What of a manual frame range glTF cannot say (model_export holds the keys to its end).
    const auto when = [&](float seconds) {
        char text[32];
        if (request.fps > 0.0)
            std::snprintf(text, sizeof text, "frame %lld", std::llround(seconds * request.fps));
        else
            std::snprintf(text, sizeof text, "%.3f s", static_cast<double>(seconds));
        return std::string(text);
    };
    for (const anim::Clip& clip : written->clips)
        if (clip.range && (clip.range->start > 0.f || clip.range->end < clip.lastKeyTime()))
            out.warnings.push_back(path + ": clip '" + clip.name + "' plays from " + when(clip.range->start) + " to " +
                                   when(clip.range->end) +
                                   " in Marrow; glTF has no frame range, so it plays from 0 to its last key");
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
