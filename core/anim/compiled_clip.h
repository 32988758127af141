// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace marrow::anim {

// A clip laid out for sampling four channels at a time (issue 39): channels
// that share one list of key times (a timeline) and one interpolation are
// packed in blocks of four (Packing), their keys as structure of arrays, so one key
// search and one Hermite basis serve every channel on the timeline and the
// arithmetic runs in SIMD registers. SampleClipJob samples through it when
// given one, with the same arithmetic as the one-channel samplers (the same
// bits). Channels that fit no block (Euler rotations, mixed interpolations, a
// joint with two tracks) stay "loose" and go through the one-channel path.
//
// A copy of the keys: an edit must reach it. invalidateTrack() takes one
// edited joint's channels out of their blocks (they turn loose: correct at
// once, costing only that track); compile() rebuilds the whole layout.
class CompiledClip {
public:
    enum class Kind : std::uint8_t { Translation, Rotation, Scale };

    // How a timeline's channels fill blocks: in track order (what a pose of
    // Transforms samples fastest), or quads first (three or four joints of
    // 4q..4q+3 at their own lanes, the rest in order: what a pose of
    // JointBlocks stores without transposes).
    enum class Packing : std::uint8_t { InOrder, Quads };

    CompiledClip() = default;
    explicit CompiledClip(const Clip& clip, Packing packing = Packing::InOrder)
        : m_packing(packing)
    {
        compile(clip);
    }

    void compile(const Clip& clip);
    // The keys of `joint`'s track changed (or its track appeared or went):
    // only that track is re-read (its channels turn loose). A changed track
    // count, or a joint with two tracks, recompiles.
    void invalidateTrack(const Clip& clip, JointIndex joint);

    // True when built from `clip` (the same object, the same track count).
    bool matches(const Clip& clip) const { return m_source == &clip && m_trackCount == clip.tracks.size(); }
    std::size_t looseChannelCount() const { return m_loose.size(); }
    std::size_t blockCount() const { return m_blocks.size() + m_gathered.size(); }
    std::size_t gatheredBlockCount() const { return m_gathered.size(); }

    // What SampleClipJob reads (sample_compiled_clip.cpp).
    struct Timeline {
        std::vector<float> times;
        std::uint32_t cursorSlot = 0;  // the slot (3 per track) of its first channel in the caller's cursors
    };
    // How a quad's lanes are stored into a pose of JointBlocks.
    struct QuadStore {
        std::int32_t at = -1;  // the quad's first float in the pose (-1: not a quad)
        bool whole = false;    // every lane holds a joint: four floats a component
        // Its empty lanes' joints have no other block of this kind: those
        // lanes take rest as it is stored (sampling copies rest first;
        // gathered and loose channels come after the blocks).
        bool restFills = false;
    };
    struct Block {
        std::uint32_t timeline = 0;
        Kind kind = Kind::Translation;
        Interpolation mode = Interpolation::Linear;
        std::int32_t joints[4] = {-1, -1, -1, -1};  // the lane's output joint; -1: no lane (padding or invalidated)
        // 4q when lane k holds joint 4q + k or none (a quad: JointBlocks store
        // its components without a transpose); -1 otherwise.
        std::int32_t quad = -1;
        QuadStore store;
        std::size_t values = 0;   // offset in data(): per key, components (3 or 4) x 4 lanes
        // The same, cubic blocks only; rotations hold them per segment k
        // already times its length: out[k] dt and in[k + 1] dt.
        std::size_t inTangents = 0, outTangents = 0;
    };
    // Channels of one kind and interpolation left over from timelines with
    // too few of them to fill a block (a bone keyed on its own times), four
    // to a block anyway: each lane finds its own keys, which lie together,
    // key after key (a vec3 with one float of padding, so it loads as four).
    // Rotations' cubic tangents are per segment and times its length, as in
    // Block.
    struct GatheredBlock {
        Kind kind = Kind::Translation;
        Interpolation mode = Interpolation::Linear;
        std::int32_t joints[4] = {-1, -1, -1, -1};
        std::uint32_t timelines[4] = {0, 0, 0, 0};
        std::size_t values[4] = {0, 0, 0, 0};
        std::size_t inTangents[4] = {0, 0, 0, 0}, outTangents[4] = {0, 0, 0, 0};
    };
    struct Loose {
        std::uint32_t track = 0;  // found again from the joint after every edit (tracks move)
        JointIndex joint = 0;
        Kind kind = Kind::Translation;
    };

    const std::vector<Timeline>& timelines() const { return m_timelines; }
    const std::vector<Block>& blocks() const { return m_blocks; }  // sorted by timeline
    const std::vector<GatheredBlock>& gathered() const { return m_gathered; }
    const std::vector<Loose>& loose() const { return m_loose; }
    const float* data() const { return m_data.data(); }
    // The channels each joint below jointEnd() gets (SampleClipJob's
    // `animated`: a joint's last track's channels), by joint index.
    const std::vector<ChannelMask>& masks() const { return m_masks; }
    // Runs [first, second) of joints below jointEnd() with some channel not
    // animated: sampling copies their rest (and every joint from jointEnd() on).
    using Runs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
    const Runs& restRuns() const { return m_restRuns; }
    // The same less the joints whose every channel not animated is an empty
    // lane of a restFills quad: what sampling into JointBlocks copies.
    const Runs& blockRestRuns() const { return m_blockRestRuns; }
    // One past the largest joint a track names (0 without tracks); a track
    // naming a negative joint makes it SIZE_MAX (the clip cannot be sampled).
    std::size_t jointEnd() const { return m_jointEnd; }

private:
    void rebuildMasks(const Clip& clip);
    void markQuadStores();  // Block::store, once every block is laid out
    struct Candidate;  // a channel a block can take (compiled_clip.cpp)
    // A block of the candidates in `lanes` (null: no lane; at least one not
    // null), `quad` as Block::quad.
    void addBlock(const Clip& clip, const Candidate* const (&lanes)[4], std::int32_t quad);
    void addGatheredBlock(const Clip& clip, const Candidate* const (&lanes)[4]);

    const Clip* m_source = nullptr;
    std::size_t m_trackCount = 0;
    std::vector<Timeline> m_timelines;
    std::vector<Block> m_blocks;
    std::vector<GatheredBlock> m_gathered;
    std::vector<Loose> m_loose;
    std::vector<float> m_data;
    std::vector<ChannelMask> m_masks;
    Runs m_restRuns, m_blockRestRuns;
    std::size_t m_jointEnd = 0;
    Packing m_packing = Packing::InOrder;
};

} // namespace marrow::anim
