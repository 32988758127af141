// SPDX-License-Identifier: MIT
// Transitions and sync markers in a glTF write: each clip's animation gets
// extras.marrow (README, "Transitions in glTF") holding the markers the
// user set on it and the transitions leaving it, so an engine importer can
// rebuild them and Marrow reads them back (gltf_import_transitions.cpp).
#include "core/io/gltf_export_context.h"

namespace marrow::io::gltfexport {

namespace {

using Value = tinygltf::Value;

Value number(double v)
{
    return Value(v);
}

Value markersValue(const std::vector<anim::SyncMarker>& markers, double shift)
{
    Value::Array out;
    for (const anim::SyncMarker& m : markers) {
        Value::Object o;
        o["name"] = Value(m.name);
        o["time"] = number(m.time + shift);
        out.emplace_back(std::move(o));
    }
    return Value(std::move(out));
}

Value transitionValue(const ExportContext& ctx, const model::Transition& t)
{
    const auto& clips = ctx.rig.clips;
    const double shiftA = clipShift(clips[static_cast<std::size_t>(t.clipA)]);
    const double shiftB = clipShift(clips[static_cast<std::size_t>(t.clipB)]);
    Value::Object o;
    o["name"] = Value(t.name);
    o["to"] = Value(ctx.clipAnimation[static_cast<std::size_t>(t.clipB)]);
    o["exit"] = number(t.exit + shiftA);
    o["offset"] = number(t.offset + shiftB);
    o["duration"] = number(t.duration);
    o["curve"] = Value(anim::blendCurveSpec(t.curve));
    o["sync"] = Value(t.sync);
    o["cycleA"] = Value(t.cycleA);
    o["cycleB"] = Value(t.cycleB);
    o["mode"] = Value(std::string(t.mode == anim::BlendMode::Inertialization ? "inertialization" : "crossfade"));
    o["matchRoot"] = Value(t.matchRoot);
    if (t.previewLength > 0.0)  // preview time starts at A's 0
        o["previewLength"] = number(t.previewLength + shiftA);
    Value::Object profile;  // by joint name; joints at 1 left out
    for (std::size_t j = 0; j < t.profile.size() && j < ctx.rig.skeleton.size(); ++j)
        if (t.profile[j] != 1.f)
            profile[ctx.rig.skeleton.names[j]] = number(static_cast<double>(t.profile[j]));
    if (!profile.empty())
        o["profile"] = Value(std::move(profile));
    return Value(std::move(o));
}

} // namespace

void writeTransitionExtras(ExportContext& ctx)
{
    const auto& clips = ctx.rig.clips;
    for (std::size_t c = 0; c < clips.size() && c < ctx.clipAnimation.size(); ++c) {
        const int a = ctx.clipAnimation[c];
        if (a < 0)
            continue;
        Value::Object marrow;
        if (clips[c].syncMarkers)
            marrow["syncMarkers"] = markersValue(*clips[c].syncMarkers, clipShift(clips[c]));
        Value::Array transitions;
        for (const model::Transition& t : ctx.rig.transitions)
            if (t.clipA == static_cast<model::ClipId>(c) &&
                ctx.clipAnimation[static_cast<std::size_t>(t.clipB)] >= 0)  // B written: it can be named
                transitions.push_back(transitionValue(ctx, t));
        if (!transitions.empty())
            marrow["transitions"] = Value(std::move(transitions));
        tinygltf::Animation& animation = ctx.model.animations[static_cast<std::size_t>(a)];
        // Whatever else the extras hold stays; only "marrow" is Marrow's.
        // Extras that are not an object have no room for it.
        if (animation.extras.Type() != tinygltf::NULL_TYPE && !animation.extras.IsObject())
            continue;
        Value::Object extras = animation.extras.IsObject() ? animation.extras.Get<Value::Object>() : Value::Object{};
        const bool had = extras.erase("marrow") > 0;
        if (marrow.empty() && !had)
            continue;  // as it was
        if (!marrow.empty())
            extras["marrow"] = Value(std::move(marrow));
        animation.extras = extras.empty() ? Value() : Value(std::move(extras));
    }
}

} // namespace marrow::io::gltfexport
