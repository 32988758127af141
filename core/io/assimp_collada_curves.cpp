// SPDX-License-Identifier: MIT
#include "core/io/assimp_collada_curves.h"
#include "core/anim/channel_sampling.h"
#include "core/anim/frame_rate.h"
#include "core/io/assimp_collada_document.h"
#include "core/math/transform.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <set>

namespace marrow::io::assimp {

namespace {

constexpr double kSlopeStep = 1e-3;     // seconds, for the one-sided slopes

// A node's local transform at any time: its stack with the animated
// elements' curves evaluated.
struct NodeMotion {
    const ColladaNode* node = nullptr;
    std::vector<const ColladaChannel*> channels;

    bool curved() const
    {
        return std::any_of(channels.begin(), channels.end(), [](const ColladaChannel* c) { return c->curve.curved(); });
    }

    math::Transform at(double t) const
    {
        glm::mat4 m(1.f);
        for (const ColladaTransform& x : node->stack) {
            std::vector<float> v = x.values;
            for (const ColladaChannel* c : channels) {
                if (c->sid != x.sid)
                    continue;
                float out[16] = {};
                c->curve.evaluate(t, out);
                if (c->member < 0) {
                    for (std::size_t i = 0; i < v.size() && i < static_cast<std::size_t>(c->curve.dimension); ++i)
                        v[i] = out[i];
                } else if (static_cast<std::size_t>(c->member) < v.size()) {
                    v[static_cast<std::size_t>(c->member)] = out[0];
                }
            }
            switch (x.kind) {
            case ColladaTransform::Kind::Translate:
                m = glm::translate(m, glm::vec3(v[0], v[1], v[2]));
                break;
            case ColladaTransform::Kind::Scale:
                m = glm::scale(m, glm::vec3(v[0], v[1], v[2]));
                break;
            case ColladaTransform::Kind::Rotate: {
                const glm::vec3 axis(v[0], v[1], v[2]);
                if (glm::length(axis) > 0.f)
                    m = glm::rotate(m, glm::radians(v[3]), glm::normalize(axis));
                break;
            }
            case ColladaTransform::Kind::Matrix: {
                glm::mat4 r(1.f);  // affine: the bottom row as written is not used (see the reference script)
                for (int row = 0; row < 3; ++row)
                    for (int col = 0; col < 4; ++col)
                        r[col][row] = v[static_cast<std::size_t>(row * 4 + col)];
                m = m * r;
                break;
            }
            }
        }
        math::Transform t0;
        math::fromMatrix(m, t0);
        return t0;
    }

    std::vector<double> keyTimes() const
    {
        std::set<double> times;
        for (const ColladaChannel* c : channels)
            for (float t : c->curve.times)
                times.insert(t);
        return {times.begin(), times.end()};
    }
};

// Whether the joint's track, as Assimp read it, poses as the curves at
// every key (where Assimp's keys are exact): the sign that the node and
// the joint are one, with no conversion between them.
bool matchesAtKeys(const NodeMotion& motion, const anim::JointTrack& track, const math::Transform& rest)
{
    for (double t : motion.keyTimes()) {
        std::uint32_t c0 = 0, c1 = 0, c2 = 0;
        const glm::vec3 tr = track.translation.empty() ? rest.translation : anim::sampleChannel(track.translation, t, c0);
        const glm::quat r = track.rotation.empty() ? rest.rotation : anim::sampleChannel(track.rotation, t, c1);
        const glm::vec3 s = track.scale.empty() ? rest.scale : anim::sampleChannel(track.scale, t, c2);
        const math::Transform mine = motion.at(t);
        const float size = std::max(1.f, glm::length(tr));
        if (glm::length(mine.translation - tr) > 1e-4f * size || glm::length(mine.scale - s) > 1e-4f ||
            std::fabs(glm::dot(mine.rotation, r)) < 1.f - 1e-6f)
            return false;
    }
    return true;
}

// The key times: every curve key, and every frame of the file's rate
// between them (so the keys stay on the frames the animator set).
std::vector<double> sampleTimes(const std::vector<double>& keys, double fps)
{
    std::set<double> out(keys.begin(), keys.end());
    if (keys.empty())
        return {};
    const double first = keys.front(), last = keys.back(), step = 1.0 / fps;
    for (double f = std::ceil(first * fps - 1e-6); f * step < last - 1e-6; ++f)
        if (f * step > first + 1e-6)
            out.insert(f * step);
    return {out.begin(), out.end()};
}

template <class T>
void setCubic(anim::Channel<T>& ch, const std::vector<double>& times, std::vector<T> values, std::vector<T> in,
              std::vector<T> out)
{
    ch = {};
    for (double t : times)
        ch.times.push_back(static_cast<float>(t));
    ch.values = std::move(values);
    ch.inTangents = std::move(in);
    ch.outTangents = std::move(out);
    ch.interpolations.assign(times.size(), anim::Interpolation::CubicSpline);
}

// Re-keys the track from the curves: values at the sample times, and the
// one-sided slopes (second order) as in and out tangents.
void rekey(const NodeMotion& motion, double fps, anim::JointTrack& track)
{
    const std::vector<double> times = sampleTimes(motion.keyTimes(), fps);
    std::vector<glm::vec3> tv, ti, to, sv, si, so;
    std::vector<glm::quat> rv, ri, ro;
    const double h = kSlopeStep;
    for (double t : times) {
        const math::Transform a = motion.at(t), f1 = motion.at(t + h), f2 = motion.at(t + 2 * h);
        const math::Transform b1 = motion.at(t - h), b2 = motion.at(t - 2 * h);
        const auto fwd = [h](auto x0, auto x1, auto x2) { return (-3.f * x0 + 4.f * x1 - x2) / static_cast<float>(2 * h); };
        const auto bwd = [h](auto x0, auto x1, auto x2) { return (3.f * x0 - 4.f * x1 + x2) / static_cast<float>(2 * h); };
        tv.push_back(a.translation);
        to.push_back(fwd(a.translation, f1.translation, f2.translation));
        ti.push_back(bwd(a.translation, b1.translation, b2.translation));
        sv.push_back(a.scale);
        so.push_back(fwd(a.scale, f1.scale, f2.scale));
        si.push_back(bwd(a.scale, b1.scale, b2.scale));
        // Quaternion keys on one hemisphere, each with its neighbours.
        glm::quat q = a.rotation;
        if (!rv.empty() && glm::dot(rv.back(), q) < 0.f)
            q = -q;
        const auto near = [&q](glm::quat x) { return glm::dot(x, q) < 0.f ? -x : x; };
        rv.push_back(q);
        ro.push_back(fwd(q, near(f1.rotation), near(f2.rotation)));
        ri.push_back(bwd(q, near(b1.rotation), near(b2.rotation)));
    }
    if (!track.translation.empty())
        setCubic(track.translation, times, tv, ti, to);
    if (!track.rotation.empty())
        setCubic(track.rotation, times, rv, ri, ro);
    if (!track.scale.empty())
        setCubic(track.scale, times, sv, si, so);
}

} // namespace

std::string applyColladaCurves(const std::string& text, model::Rig& rig)
{
    const std::optional<ColladaDocument> doc = readColladaDocument(text);
    if (!doc || doc->channels.empty())
        return {};
    const bool anyCurved =
        std::any_of(doc->channels.begin(), doc->channels.end(), [](const ColladaChannel& c) { return c.curve.curved(); });
    if (!anyCurved)
        return {};  // LINEAR and STEP: Assimp's keys are the curves
    // The frames the animator keyed on (seymour: 24 fps), else 30.
    const double fps = anim::detectFrameRate(rig.clips).value_or(30.0);
    int kept = 0;
    for (anim::Clip& clip : rig.clips) {
        // The channels this clip plays: those of its animation_clip, or all when the file has none.
        std::set<std::string> animations;
        if (!doc->clips.empty()) {
            const auto found = std::find_if(doc->clips.begin(), doc->clips.end(),
                                            [&](const ColladaAnimationClip& c) { return c.name == clip.name; });
            if (found == doc->clips.end())
                continue;
            animations.insert(found->animations.begin(), found->animations.end());
        } else if (rig.clips.size() != 1) {
            continue;
        }
        for (const ColladaNode& node : doc->nodes) {
            NodeMotion motion{&node, {}};
            for (const ColladaChannel& c : doc->channels)
                if ((c.node == node.id) && (doc->clips.empty() || animations.count(c.animation)))
                    motion.channels.push_back(&c);
            if (motion.channels.empty() || !motion.curved())
                continue;
            std::optional<anim::JointIndex> joint = rig.skeleton.find(node.id);
            if (!joint)
                joint = rig.skeleton.find(node.name);
            anim::JointTrack* track = joint ? clip.findTrack(*joint) : nullptr;
            if (node.unsupported || !track || track->rotationMode != anim::RotationMode::Quaternion ||
                !matchesAtKeys(motion, *track, rig.skeleton.rest[static_cast<std::size_t>(*joint)])) {
                ++kept;
                continue;
            }
            rekey(motion, fps, *track);
        }
    }
    if (kept == 0)
        return {};
    return "COLLADA Bézier/Hermite curves: " + std::to_string(kept) +
           " joint tracks keep Assimp's straight lines between keys (their node could not be matched to the joint)";
}

} // namespace marrow::io::assimp
