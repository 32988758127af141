// SPDX-License-Identifier: MIT
#include "core/anim/compiled_clip.h"
#include "core/anim/joint_blocks.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <tuple>

namespace marrow::anim {

namespace {

using Kind = CompiledClip::Kind;

// The one interpolation every segment of a channel moves by (the last key's
// own mode does not count: no segment starts there); nullopt when mixed.
template <class T>
std::optional<Interpolation> segmentMode(const Channel<T>& c)
{
    if (c.interpolations.empty())
        return Interpolation::Linear;
    const std::size_t segments = c.size() > 1 ? c.size() - 1 : 1;
    const Interpolation first = c.interpolations[0];
    for (std::size_t i = 1; i < segments && i < c.interpolations.size(); ++i)
        if (c.interpolations[i] != first)
            return std::nullopt;
    return first;
}

// A channel a block can take: one interpolation, its arrays the right sizes.
template <class T>
std::optional<Interpolation> packable(const Channel<T>& c)
{
    if (c.values.size() != c.size() || (!c.interpolations.empty() && c.interpolations.size() != c.size()))
        return std::nullopt;
    const std::optional<Interpolation> mode = segmentMode(c);
    if (mode == Interpolation::CubicSpline && (c.inTangents.size() != c.size() || c.outTangents.size() != c.size()))
        return std::nullopt;
    return mode;
}

ChannelMask bitOf(Kind k)
{
    return k == Kind::Translation ? kTranslationBit : k == Kind::Rotation ? kRotationBit : kScaleBit;
}

const std::vector<float>& timesOf(const JointTrack& t, Kind k)
{
    return k == Kind::Translation ? t.translation.times : k == Kind::Scale ? t.scale.times : t.rotation.times;
}

// Writes one lane's keys (values, or a tangent array) into a block's SoA area.
template <class T>
void writeLane(float* dst, const std::vector<T>& src, int lane)
{
    constexpr int comps = std::is_same_v<T, glm::quat> ? 4 : 3;
    for (std::size_t i = 0; i < src.size(); ++i)
        for (int c = 0; c < comps; ++c)
            dst[i * comps * 4 + static_cast<std::size_t>(c) * 4 + static_cast<std::size_t>(lane)] = (&src[i].x)[c];
}

// A cubic rotation's tangents as its sampler uses them, per segment k (keys
// k and k + 1): out[k] and in[k + 1] times the segment's length, the float
// products sampleQuatSpan makes at every sample (the same bits).
void writeScaledRotationTangents(float* out, float* in, const QuatChannel& c, const std::vector<float>& times, int lane)
{
    for (std::size_t k = 0; k + 1 < times.size(); ++k) {
        const float dt = static_cast<float>(static_cast<double>(times[k + 1]) - static_cast<double>(times[k]));
        const glm::quat m0 = c.outTangents[k] * dt;
        const glm::quat m1 = c.inTangents[k + 1] * dt;
        for (int comp = 0; comp < 4; ++comp) {
            const std::size_t at = k * 16 + static_cast<std::size_t>(comp) * 4 + static_cast<std::size_t>(lane);
            out[at] = (&m0.x)[comp];
            in[at] = (&m1.x)[comp];
        }
    }
}

// One gathered lane's keys, appended to `data` key after key; returns the
// offsets of its values, in and out tangents.
std::array<std::size_t, 3> appendGatheredLane(std::vector<float>& data, const JointTrack& t, Kind kind,
                                              Interpolation mode)
{
    std::array<std::size_t, 3> at{};
    const bool cubic = mode == Interpolation::CubicSpline;
    const auto append = [&](const auto& values) {
        const std::size_t offset = data.size();
        for (const auto& v : values)
            for (int c = 0; c < (std::is_same_v<std::decay_t<decltype(v)>, glm::quat> ? 4 : 3); ++c)
                data.push_back((&v.x)[c]);
        data.push_back(0.f);  // a vec3's fourth float when it loads as four
        return offset;
    };
    if (kind == Kind::Rotation) {
        const QuatChannel& c = t.rotation;
        at[0] = append(c.values);
        if (cubic) {
            // Per segment k: in[k + 1] and out[k], times its length (the last entry unused).
            std::vector<glm::quat> in(c.size()), out(c.size());
            for (std::size_t k = 0; k + 1 < c.size(); ++k) {
                const float dt = static_cast<float>(static_cast<double>(c.times[k + 1]) - static_cast<double>(c.times[k]));
                in[k] = c.inTangents[k + 1] * dt;
                out[k] = c.outTangents[k] * dt;
            }
            at[1] = append(in);
            at[2] = append(out);
        }
    } else {
        const Vec3Channel& c = kind == Kind::Translation ? t.translation : t.scale;
        at[0] = append(c.values);
        if (cubic) {
            at[1] = append(c.inTangents);
            at[2] = append(c.outTangents);
        }
    }
    return at;
}

} // namespace

struct CompiledClip::Candidate {
    std::uint32_t track = 0;
    Kind kind = Kind::Translation;
    Interpolation mode = Interpolation::Linear;
    std::uint32_t timeline = 0;
};

void CompiledClip::compile(const Clip& clip)
{
    m_source = &clip;
    m_trackCount = clip.tracks.size();
    m_timelines.clear();
    m_blocks.clear();
    m_gathered.clear();
    m_loose.clear();
    m_data.clear();

    // A joint with two tracks samples them in order (the later wins): loose.
    std::map<JointIndex, int> tracksOfJoint;
    for (const JointTrack& t : clip.tracks)
        ++tracksOfJoint[t.joint];

    std::vector<Candidate> candidates;
    std::map<std::tuple<std::size_t, float, float>, std::vector<std::uint32_t>> timelinesBySpan;
    const auto timelineOf = [&](const std::vector<float>& times, std::uint32_t slot) {
        auto& same = timelinesBySpan[{times.size(), times.front(), times.back()}];
        for (std::uint32_t id : same)
            if (m_timelines[id].times == times)
                return id;
        const auto id = static_cast<std::uint32_t>(m_timelines.size());
        m_timelines.push_back({times, slot});
        same.push_back(id);
        return id;
    };
    for (std::size_t k = 0; k < clip.tracks.size(); ++k) {
        const JointTrack& t = clip.tracks[k];
        const auto track = static_cast<std::uint32_t>(k);
        const bool alone = tracksOfJoint[t.joint] == 1;
        const auto add = [&](Kind kind, std::optional<Interpolation> mode, bool present) {
            if (!present)
                return;
            if (!alone || !mode) {
                m_loose.push_back({track, t.joint, kind});
                return;
            }
            const std::uint32_t slot = track * 3 + static_cast<std::uint32_t>(kind);
            candidates.push_back({track, kind, *mode, timelineOf(timesOf(t, kind), slot)});
        };
        add(Kind::Translation, packable(t.translation), !t.translation.empty());
        if (!t.rotation.empty())
            add(Kind::Rotation, packable(t.rotation), true);
        else if (!t.euler.empty())
            m_loose.push_back({track, t.joint, Kind::Rotation});  // Euler angles: the one-channel path
        add(Kind::Scale, packable(t.scale), !t.scale.empty());
    }

    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return std::tie(a.timeline, a.kind, a.mode) < std::tie(b.timeline, b.kind, b.mode);
    });
    // Each timeline's channels of one kind and mode (Packing::Quads: three or
    // four joints of a quad 4q..4q+3 to a block first, each at its lane),
    // four to a block in order; one or two left over go to a gathered block
    // of their kind and mode instead.
    std::map<std::pair<Kind, Interpolation>, std::vector<Candidate>> leftovers;
    const auto jointOf = [&](const Candidate& c) { return clip.tracks[c.track].joint; };
    // 4q where lane k's joint is 4q + k for every lane with one (-1 otherwise).
    const auto quadOf = [&](std::array<const Candidate*, 4> lanes) {
        std::int32_t q = -1;
        for (int k = 0; k < 4; ++k) {
            if (!lanes[static_cast<std::size_t>(k)])
                continue;
            const JointIndex j = jointOf(*lanes[static_cast<std::size_t>(k)]);
            if (j < 0 || j % 4 != k || (q >= 0 && q != j - k))
                return -1;
            q = j - k;
        }
        return q;
    };
    for (std::size_t c = 0; c < candidates.size();) {
        const Candidate& head = candidates[c];
        std::size_t group = 0;
        while (c + group < candidates.size() && candidates[c + group].timeline == head.timeline &&
               candidates[c + group].kind == head.kind && candidates[c + group].mode == head.mode)
            ++group;
        std::map<JointIndex, int> perQuad;
        for (std::size_t k = c; k < c + group; ++k)
            if (jointOf(candidates[k]) >= 0)  // (a negative joint: the clip is never sampled)
                ++perQuad[jointOf(candidates[k]) / 4];
        std::vector<const Candidate*> unpaired;
        std::map<JointIndex, std::array<const Candidate*, 4>> quads;
        for (std::size_t k = c; k < c + group; ++k) {
            const JointIndex j = jointOf(candidates[k]);
            if (m_packing == Packing::Quads && j >= 0 && perQuad[j / 4] >= 3)
                quads[j / 4][static_cast<std::size_t>(j % 4)] = &candidates[k];
            else
                unpaired.push_back(&candidates[k]);
        }
        for (const auto& [q, lanes] : quads)
            addBlock(clip, {lanes[0], lanes[1], lanes[2], lanes[3]}, 4 * q);
        for (std::size_t done = 0; done < unpaired.size();) {
            const std::size_t lanes = std::min<std::size_t>(4, unpaired.size() - done);
            if (lanes < 3 && (m_packing == Packing::InOrder || group < 4)) {
                auto& pool = leftovers[{head.kind, head.mode}];
                for (std::size_t k = done; k < unpaired.size(); ++k)
                    pool.push_back(*unpaired[k]);
                break;
            }
            // (Quads: one or two left of a timeline's four or more go to a
            // block of their own, cheaper than gathered lanes.)
            const Candidate* const* u = &unpaired[done];
            const auto lane = [&](std::size_t k) { return k < lanes ? u[k] : nullptr; };
            addBlock(clip, {lane(0), lane(1), lane(2), lane(3)}, quadOf({lane(0), lane(1), lane(2), lane(3)}));
            done += lanes;
        }
        c += group;
    }
    for (const auto& [kindMode, pool] : leftovers)
        for (std::size_t c = 0; c < pool.size(); c += 4) {
            const auto lane = [&](std::size_t k) { return c + k < pool.size() ? &pool[c + k] : nullptr; };
            addGatheredBlock(clip, {lane(0), lane(1), lane(2), lane(3)});
        }
    markQuadStores();
    rebuildMasks(clip);
}

void CompiledClip::markQuadStores()
{
    std::map<std::pair<JointIndex, Kind>, int> inBlocks;  // how many blocks carry a joint's channel of a kind
    for (const Block& b : m_blocks)
        for (std::int32_t j : b.joints)
            if (j >= 0)
                ++inBlocks[{j, b.kind}];
    for (Block& b : m_blocks) {
        QuadStore& s = b.store;
        s = {};
        if (b.quad < 0)
            continue;
        const auto lane = static_cast<std::size_t>(b.quad) % JointBlock::kLanes;
        s.at = static_cast<std::int32_t>(static_cast<std::size_t>(b.quad) / JointBlock::kLanes * sizeof(JointBlock) / sizeof(float) + lane);
        s.whole = s.restFills = true;
        for (int k = 0; k < 4; ++k) {
            s.whole = s.whole && b.joints[k] >= 0;
            s.restFills = s.restFills && (b.joints[k] >= 0 || !inBlocks.count({b.quad + k, b.kind}));
        }
    }
}

void CompiledClip::addBlock(const Clip& clip, const Candidate* const (&lanes)[4], std::int32_t quad)
{
    const Candidate* first = nullptr;
    for (const Candidate* c : lanes)
        first = first ? first : c;
    const Candidate& head = *first;
    Block block;
    block.quad = quad;
    block.timeline = head.timeline;
    block.kind = head.kind;
    block.mode = head.mode;
    const std::size_t keys = m_timelines[head.timeline].times.size();
    const std::size_t comps = head.kind == Kind::Rotation ? 4 : 3;
    const std::size_t area = keys * comps * 4;
    const bool cubic = head.mode == Interpolation::CubicSpline;
    block.values = m_data.size();
    block.inTangents = cubic ? block.values + area : 0;
    block.outTangents = cubic ? block.values + 2 * area : 0;
    m_data.resize(m_data.size() + (cubic ? 3 : 1) * area, 0.f);
    // A lane without a channel repeats the first (its results are never stored): finite arithmetic.
    for (int lane = 0; lane < 4; ++lane) {
        const Candidate& cand = lanes[lane] ? *lanes[lane] : head;
        const JointTrack& t = clip.tracks[cand.track];
        if (lanes[lane])
            block.joints[lane] = t.joint;
        if (cand.kind == Kind::Rotation) {
            writeLane(&m_data[block.values], t.rotation.values, lane);
            if (cubic)
                writeScaledRotationTangents(&m_data[block.outTangents], &m_data[block.inTangents], t.rotation,
                                            m_timelines[head.timeline].times, lane);
        } else {
            const Vec3Channel& channel = cand.kind == Kind::Translation ? t.translation : t.scale;
            writeLane(&m_data[block.values], channel.values, lane);
            if (cubic) {
                writeLane(&m_data[block.inTangents], channel.inTangents, lane);
                writeLane(&m_data[block.outTangents], channel.outTangents, lane);
            }
        }
    }
    m_blocks.push_back(block);
}

void CompiledClip::addGatheredBlock(const Clip& clip, const Candidate* const (&lanes)[4])
{
    GatheredBlock block;
    int first = -1;
    for (int lane = 0; lane < 4; ++lane) {
        const Candidate* cand = lanes[lane];
        if (!cand)
            continue;
        block.kind = cand->kind;
        block.mode = cand->mode;
        block.joints[lane] = clip.tracks[cand->track].joint;
        block.timelines[lane] = cand->timeline;
        const auto at = appendGatheredLane(m_data, clip.tracks[cand->track], cand->kind, cand->mode);
        block.values[lane] = at[0];
        block.inTangents[lane] = at[1];
        block.outTangents[lane] = at[2];
        first = first < 0 ? lane : first;
    }
    for (int lane = 0; lane < 4; ++lane)
        if (!lanes[lane]) {  // padding: the first lane again (its results are never stored)
            block.timelines[lane] = block.timelines[first];
            block.values[lane] = block.values[first];
            block.inTangents[lane] = block.inTangents[first];
            block.outTangents[lane] = block.outTangents[first];
        }
    m_gathered.push_back(block);
}

void CompiledClip::invalidateTrack(const Clip& clip, JointIndex joint)
{
    // Each joint's track index (kNone: no track); one flat pass, as an edit of
    // 60 bones calls this 60 times.
    constexpr std::uint32_t kNone = UINT32_MAX;
    if (!matches(clip)) {
        compile(clip);  // a new track count: start over
        return;
    }
    std::size_t joints = 0;
    for (const JointTrack& t : clip.tracks)
        joints = t.joint < 0 ? joints : std::max(joints, static_cast<std::size_t>(t.joint) + 1);
    std::vector<std::uint32_t> trackOf(joints, kNone);
    for (std::size_t k = 0; k < clip.tracks.size(); ++k) {
        const JointIndex j = clip.tracks[k].joint;
        if (j < 0 || trackOf[static_cast<std::size_t>(j)] != kNone) {
            compile(clip);  // a joint with two tracks (their order matters): start over
            return;
        }
        trackOf[static_cast<std::size_t>(j)] = static_cast<std::uint32_t>(k);
    }
    const auto find = [&](JointIndex j) {
        return j >= 0 && static_cast<std::size_t>(j) < joints ? trackOf[static_cast<std::size_t>(j)] : kNone;
    };
    for (Block& b : m_blocks)
        for (std::int32_t& j : b.joints)
            if (j == joint) {
                j = -1;
                b.store.whole = false;  // (its restFills stands: a joint taken out joins the loose, sampled after)
            }
    for (GatheredBlock& b : m_gathered)
        for (std::int32_t& j : b.joints)
            if (j == joint)
                j = -1;
    // An erase and an insert in one edit move tracks: find each again (a
    // joint whose track went is dropped here; its own call follows).
    std::erase_if(m_loose, [&](Loose& l) {
        l.track = find(l.joint);
        return l.joint == joint || l.track == kNone;
    });
    if (const std::uint32_t k = find(joint); k != kNone) {
        const JointTrack& t = clip.tracks[k];
        if (!t.translation.empty())
            m_loose.push_back({k, joint, Kind::Translation});
        if (t.hasRotation())
            m_loose.push_back({k, joint, Kind::Rotation});
        if (!t.scale.empty())
            m_loose.push_back({k, joint, Kind::Scale});
    }
    rebuildMasks(clip);
}

void CompiledClip::rebuildMasks(const Clip& clip)
{
    m_jointEnd = 0;
    for (const JointTrack& t : clip.tracks)
        m_jointEnd = t.joint < 0 ? SIZE_MAX : std::max(m_jointEnd, static_cast<std::size_t>(t.joint) + 1);
    m_masks.clear();
    m_restRuns.clear();
    m_blockRestRuns.clear();
    if (m_jointEnd == SIZE_MAX)
        return;  // never sampled (SampleClipJob refuses the clip)
    m_masks.assign(m_jointEnd, 0);
    std::vector<ChannelMask> all(m_jointEnd, 0);
    for (const JointTrack& t : clip.tracks) {
        m_masks[static_cast<std::size_t>(t.joint)] = t.mask();
        all[static_cast<std::size_t>(t.joint)] |= t.mask();
    }
    // The channels an empty lane of a restFills quad gives rest (by joint).
    std::vector<ChannelMask> filled(m_jointEnd, 0);
    for (const Block& b : m_blocks)
        for (int k = 0; k < 4 && b.store.restFills; ++k)
            if (const auto j = static_cast<std::size_t>(b.quad + k); b.joints[k] < 0 && j < m_jointEnd)
                filled[j] |= bitOf(b.kind);
    constexpr ChannelMask kAll = kTranslationBit | kRotationBit | kScaleBit;
    const auto extend = [](Runs& runs, std::uint32_t j) {
        if (!runs.empty() && runs.back().second == j)
            ++runs.back().second;
        else
            runs.emplace_back(j, j + 1);
    };
    for (std::uint32_t j = 0; j < m_jointEnd; ++j) {
        if (all[j] == kAll)
            continue;
        extend(m_restRuns, j);
        if ((all[j] | filled[j]) != kAll)
            extend(m_blockRestRuns, j);
    }
}

} // namespace marrow::anim
