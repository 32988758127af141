// SPDX-License-Identifier: MIT
#include "core/io/assimp_collada_curves.h"
#include "core/anim/frame_rate.h"
#include "core/io/assimp_collada_document.h"
#include "core/io/curve_rekey.h"
#include "core/math/transform.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <set>

namespace marrow::io::assimp {

namespace {

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
            const LocalAt at = [&motion](double t) { return motion.at(t); };
            if (node.unsupported || !track || track->rotationMode != anim::RotationMode::Quaternion ||
                !matchesAtKeys(at, motion.keyTimes(), *track, rig.skeleton.rest[static_cast<std::size_t>(*joint)])) {
                ++kept;
                continue;
            }
            rekeyTrack(at, rekeyTimes(motion.keyTimes(), fps), rig.skeleton.rest[static_cast<std::size_t>(*joint)], *track);
        }
    }
    if (kept == 0)
        return {};
    return "COLLADA Bézier/Hermite curves: " + std::to_string(kept) +
           " joint tracks keep Assimp's straight lines between keys (their node could not be matched to the joint)";
}

} // namespace marrow::io::assimp
