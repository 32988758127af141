// SPDX-License-Identifier: MIT
// Folding Assimp's FBX helper-node chains into their joints (see the header).
#include "core/io/assimp_fbx_helper_chain.h"

#include "core/anim/channel_sampling.h"
#include "core/math/transform.h"

#include <algorithm>
#include <vector>

namespace marrow::io::assimp {

namespace {

constexpr std::string_view kHelperTag = "_$AssimpFbx$_";

// One factor of the evaluated chain: a static matrix, or a node's channels
// over its static TRS.
struct Link {
    glm::mat4 local{1.f};
    const anim::JointTrack* track = nullptr;
    math::Transform rest;  // the static parts an animated node keeps
};

math::Transform staticParts(const glm::mat4& m)
{
    math::Transform t;
    if (!math::fromMatrix(m, t)) {
        t = math::Transform{};
        t.translation = glm::vec3(m[3]);
    }
    return t;
}

void addTimes(const std::vector<float>& times, std::vector<float>& out) { out.insert(out.end(), times.begin(), times.end()); }

glm::mat4 sampleLink(const Link& link, double t, std::uint32_t cursors[3])
{
    if (!link.track)
        return link.local;
    math::Transform x = link.rest;
    if (!link.track->translation.empty())
        x.translation = anim::sampleChannel(link.track->translation, t, cursors[0]);
    if (!link.track->rotation.empty())
        x.rotation = anim::sampleChannel(link.track->rotation, t, cursors[1]);
    if (!link.track->scale.empty())
        x.scale = anim::sampleChannel(link.track->scale, t, cursors[2]);
    return math::toMatrix(x);
}

// The links to evaluate: see foldChainTrack's rules.
std::vector<Link> evaluatedLinks(std::span<const ChainNode> chain, const ChannelLookup& channelOf)
{
    const std::string& own = chain.back().name;
    const anim::JointTrack* ownTrack = channelOf(own);
    bool ownHelperAnimated = false;
    for (std::size_t i = 0; i + 1 < chain.size(); ++i)
        if (fbxHelperOwner(chain[i].name) == own && channelOf(chain[i].name))
            ownHelperAnimated = true;
    std::vector<Link> links;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        const bool last = i + 1 == chain.size();
        if (ownTrack && !ownHelperAnimated && !last && fbxHelperOwner(chain[i].name) == own)
            continue;  // the joint's own channel already holds what its helpers hold
        Link link;
        link.local = chain[i].local;
        link.track = channelOf(chain[i].name);
        if (link.track)
            link.rest = staticParts(chain[i].local);
        links.push_back(link);
    }
    return links;
}

} // namespace

bool isFbxHelperName(std::string_view name) { return name.find(kHelperTag) != std::string_view::npos; }

std::string_view fbxHelperOwner(std::string_view name)
{
    const std::size_t at = name.find(kHelperTag);
    return at == std::string_view::npos ? std::string_view{} : name.substr(0, at);
}

glm::mat4 chainProduct(std::span<const ChainNode> chain)
{
    glm::mat4 m(1.f);
    for (const ChainNode& n : chain)
        m = m * n.local;
    return m;
}

std::optional<anim::JointTrack> foldChainTrack(std::span<const ChainNode> chain, anim::JointIndex joint,
                                               const ChannelLookup& channelOf)
{
    if (chain.empty())
        return std::nullopt;
    const std::vector<Link> links = evaluatedLinks(chain, channelOf);
    std::vector<float> times;
    std::size_t animated = 0;
    for (const Link& l : links) {
        if (!l.track)
            continue;
        ++animated;
        addTimes(l.track->translation.times, times);
        addTimes(l.track->rotation.times, times);
        addTimes(l.track->scale.times, times);
    }
    if (animated == 0)
        return std::nullopt;
    if (links.size() == 1) {
        anim::JointTrack same = *links.front().track;  // nothing to fold: keep the keys as they are
        same.joint = joint;
        return same;
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());

    anim::JointTrack out;
    out.joint = joint;
    for (anim::Vec3Channel* c : {&out.translation, &out.scale}) {
        c->times = times;
        c->values.reserve(times.size());
    }
    out.rotation.times = times;
    out.rotation.values.reserve(times.size());
    std::vector<std::uint32_t> cursors(links.size() * 3, 0);
    for (float t : times) {
        glm::mat4 m(1.f);
        for (std::size_t i = 0; i < links.size(); ++i)
            m = m * sampleLink(links[i], t, &cursors[i * 3]);
        math::Transform x;
        if (!math::fromMatrix(m, x)) {
            // A zero scale somewhere in the chain: keep where it is and how big, drop the rotation.
            x = math::Transform{};
            x.translation = glm::vec3(m[3]);
            x.scale = glm::vec3(glm::length(glm::vec3(m[0])), glm::length(glm::vec3(m[1])), glm::length(glm::vec3(m[2])));
        }
        // Keep consecutive keys in one hemisphere so that each interval turns the short way.
        if (!out.rotation.values.empty() && glm::dot(out.rotation.values.back(), x.rotation) < 0.f)
            x.rotation = -x.rotation;
        out.translation.values.push_back(x.translation);
        out.rotation.values.push_back(x.rotation);
        out.scale.values.push_back(x.scale);
    }
    return out;
}

} // namespace marrow::io::assimp
