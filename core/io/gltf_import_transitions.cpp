// SPDX-License-Identifier: MIT
// Transitions and sync markers from a glTF's extras.marrow (the README's
// "Transitions in glTF"; gltf_export_transitions.cpp writes them): each
// clip's user-set markers and the transitions leaving it. What does not fit
// (a clip that is not there, a number out of range, a joint the skeleton
// lacks) is left out with a warning; the file still opens.
#include "core/io/gltf_import_context.h"

#include <cmath>

namespace marrow::io::gltf {

namespace {

using Value = tinygltf::Value;

std::optional<double> numberAt(const Value& o, const char* key)
{
    if (!o.Has(key) || !o.Get(key).IsNumber())
        return std::nullopt;
    const double v = o.Get(key).GetNumberAsDouble();
    return std::isfinite(v) ? std::optional(v) : std::nullopt;
}

bool boolAt(const Value& o, const char* key)
{
    return o.Has(key) && o.Get(key).IsBool() && o.Get(key).Get<bool>();
}

std::string stringAt(const Value& o, const char* key)
{
    return o.Has(key) && o.Get(key).IsString() ? o.Get(key).Get<std::string>() : std::string();
}

// Markers, or nullopt with a reason.
std::optional<std::vector<anim::SyncMarker>> readMarkers(const Value& list, std::string& why)
{
    if (!list.IsArray()) {
        why = "syncMarkers is not an array";
        return std::nullopt;
    }
    std::vector<anim::SyncMarker> markers;
    for (std::size_t k = 0; k < list.ArrayLen(); ++k) {
        const Value& m = list.Get(static_cast<int>(k));
        const auto time = m.IsObject() ? numberAt(m, "time") : std::nullopt;
        if (!time || !m.Has("name") || !m.Get("name").IsString()) {
            why = "sync marker " + std::to_string(k) + " has no name or no finite time";
            return std::nullopt;
        }
        markers.push_back({stringAt(m, "name"), *time});
    }
    return anim::sortedMarkers(std::move(markers));
}

// A transition from clip `a`, or nullopt with a reason.
std::optional<model::Transition> readTransition(const ImportContext& ctx, const Value& o, model::ClipId a,
                                                const std::vector<int>& clipOfAnimation, std::string& why)
{
    model::Transition t;
    t.clipA = a;
    t.name = stringAt(o, "name");
    const auto to = numberAt(o, "to");
    if (!to || *to < 0 || *to >= static_cast<double>(clipOfAnimation.size()) ||
        clipOfAnimation[static_cast<std::size_t>(*to)] < 0) {
        why = "'to' names no animation Marrow read as a clip";
        return std::nullopt;
    }
    t.clipB = clipOfAnimation[static_cast<std::size_t>(*to)];
    const auto exit = numberAt(o, "exit"), offset = numberAt(o, "offset"), duration = numberAt(o, "duration");
    if (!exit || !offset || !duration) {
        why = "exit, offset or duration is missing or not finite";
        return std::nullopt;
    }
    t.exit = *exit;
    t.offset = *offset;
    t.duration = *duration;
    const auto curve = anim::parseBlendCurve(stringAt(o, "curve"));
    if (!curve) {
        why = "its curve '" + stringAt(o, "curve") + "' is not one Marrow knows";
        return std::nullopt;
    }
    t.curve = *curve;
    t.sync = boolAt(o, "sync");
    t.cycleA = boolAt(o, "cycleA");
    t.cycleB = boolAt(o, "cycleB");
    const std::string mode = stringAt(o, "mode");
    if (mode != "crossfade" && mode != "inertialization") {
        why = "its mode '" + mode + "' is neither crossfade nor inertialization";
        return std::nullopt;
    }
    t.mode = mode == "crossfade" ? anim::BlendMode::Crossfade : anim::BlendMode::Inertialization;
    t.matchRoot = boolAt(o, "matchRoot");
    t.previewLength = numberAt(o, "previewLength").value_or(0.0);
    if (o.Has("profile")) {
        const Value& p = o.Get("profile");
        if (!p.IsObject()) {
            why = "its profile is not an object";
            return std::nullopt;
        }
        t.profile.assign(ctx.rig.skeleton.size(), 1.f);
        for (const std::string& joint : p.Keys()) {
            const auto j = ctx.rig.skeleton.find(joint);
            const auto scale = numberAt(p, joint.c_str());
            if (!j || !scale) {
                why = "its profile names joint '" + joint + "', which the skeleton lacks, or has no number for it";
                return std::nullopt;
            }
            t.profile[static_cast<std::size_t>(*j)] = static_cast<float>(*scale);
        }
    }
    if (auto bad = t.validate(ctx.rig.clips.size(), ctx.rig.skeleton.size())) {
        why = *bad;
        return std::nullopt;
    }
    return t;
}

} // namespace

void readTransitionExtras(ImportContext& ctx)
{
    const tinygltf::Model& m = ctx.model;
    std::vector<int> clipOfAnimation(m.animations.size(), -1);
    for (std::size_t c = 0; c < ctx.source.clipAnimation.size(); ++c)
        clipOfAnimation[static_cast<std::size_t>(ctx.source.clipAnimation[c])] = static_cast<int>(c);
    for (std::size_t c = 0; c < ctx.source.clipAnimation.size(); ++c) {
        const tinygltf::Animation& animation = m.animations[static_cast<std::size_t>(ctx.source.clipAnimation[c])];
        if (!animation.extras.IsObject() || !animation.extras.Has("marrow"))
            continue;
        const Value& marrow = animation.extras.Get("marrow");
        anim::Clip& clip = ctx.rig.clips[c];
        const std::string label = "animation '" + clip.name + "' extras.marrow";
        if (!marrow.IsObject()) {
            ctx.warnings.push_back(label + " is not an object; left out");
            continue;
        }
        std::string why;
        if (marrow.Has("syncMarkers")) {
            if (auto markers = readMarkers(marrow.Get("syncMarkers"), why))
                clip.syncMarkers = std::move(markers);
            else
                ctx.warnings.push_back(label + ": " + why + "; its markers are found from the feet instead");
        }
        if (!marrow.Has("transitions"))
            continue;
        const Value& list = marrow.Get("transitions");
        for (std::size_t k = 0; list.IsArray() && k < list.ArrayLen(); ++k) {
            const Value& o = list.Get(static_cast<int>(k));
            const auto t = o.IsObject() ? readTransition(ctx, o, static_cast<model::ClipId>(c), clipOfAnimation, why)
                                        : std::nullopt;
            if (t)
                ctx.rig.transitions.push_back(*t);
            else
                ctx.warnings.push_back(label + ": transition " + std::to_string(k) + " left out (" +
                                       (o.IsObject() ? why : std::string("not an object")) + ")");
        }
    }
}

} // namespace marrow::io::gltf
