// SPDX-License-Identifier: MIT
#pragma once
// Random document commands for the undo property test (issue 38): every kind
// of edit the document has, each built from the document's current state
// with valid random arguments drawn from one std::mt19937, and pushed onto
// the document's undo stack the way the editor pushes it. A command the
// stack drops (obsolete, nothing changed) or merges is fine: the test
// counts those. The same seed on the same starting document gives the same
// sequence, so a failure replays exactly.
#include "core/document/document.h"
#include "core/workspace/selection.h"

#include <QUndoCommand>

#include <cstddef>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace marrow::test {

// What the generators share: the document, a selection (the Weights menu
// reads it) and the random source.
class CommandGen {
public:
    CommandGen(doc::Document& document, ws::Selection& weightSelection, std::mt19937& rng)
        : d(document)
        , selection(weightSelection)
        , m_rng(rng)
    {
    }

    doc::Document& d;
    ws::Selection& selection;

    // Uniform in [lo, hi] (both inclusive).
    int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    float real(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(m_rng); }
    bool chance(double p) { return std::bernoulli_distribution(p)(m_rng); }
    std::size_t index(std::size_t size) { return static_cast<std::size_t>(integer(0, static_cast<int>(size) - 1)); }
    template <class T>
    const T& pick(std::span<const T> items)
    {
        return items[index(items.size())];
    }

    // A joint of the skeleton, a clip (-1 when there is none).
    model::JointIndex joint() { return static_cast<model::JointIndex>(index(d.rig().skeleton.size())); }
    model::ClipId clip() { return d.rig().clips.empty() ? -1 : static_cast<model::ClipId>(index(d.rig().clips.size())); }
    // A time on the 30 fps grid in [0, seconds], or off it now and then.
    float time(float seconds);
    // A fresh name ("<stem>_<n>"), or now and then one already in use.
    std::string name(const char* stem);

    // Pushes the command (null: nothing to push).
    void push(QUndoCommand* command);
    void push(std::unique_ptr<QUndoCommand> command) { push(command.release()); }
    template <class C>
    void push(std::unique_ptr<C> command)
    {
        push(static_cast<QUndoCommand*>(command.release()));
    }

private:
    std::mt19937& m_rng;
};

// One kind of command: its name (printed on failure) and its generator.
struct CommandKind {
    const char* name;
    void (*generate)(CommandGen&);
};

// Every kind, in a fixed order (the seed picks among them uniformly).
std::span<const CommandKind> commandKinds();
// The kinds of each part (command_generator_*.cpp); commandKinds() joins them.
std::span<const CommandKind> animationKinds();
std::span<const CommandKind> rigKinds();

} // namespace marrow::test
