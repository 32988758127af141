// SPDX-License-Identifier: MIT
// Undo you can trust (issue 38): random sequences of commands of every kind
// the document has (command_generator.h), seeded and reproducible, on a
// small real model with a skinned mesh, several clips and joints. As the
// sequence runs:
//   1. after every command (and every undo and redo) the rig validates;
//   2. undoing everything gives the starting document byte for byte;
//   3. redoing everything gives the final document byte for byte;
//   4. a save and open in the middle (and at a quarter and three quarters:
//      saveDocument, openDocument into a fresh document) changes nothing:
//      the reopened bytes are the saved ones.
// CI runs seeds 1..20 of 1,000 commands; tools/property.sh runs more
// (MARROW_PROPERTY_SEEDS, MARROW_PROPERTY_FIRST_SEED, MARROW_PROPERTY_COMMANDS,
// MARROW_PROPERTY_CHECK_EVERY).
// A failure names the seed, the step and the command; single undos and
// redos are checked against the state they must give (hashed per undo index).
#include "command_generator.h"
#include "shared_models.h"
#include "tests/document/document_fixture.h"

#include "core/document/document_io.h"

#include <QTemporaryDir>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <string>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

using namespace marrow;

namespace {

int envInt(const char* name, int fallback)
{
    const char* value = std::getenv(name);
    return value && *value ? std::atoi(value) : fallback;
}

int seedCount() { return envInt("MARROW_PROPERTY_SEEDS", 20); }
int firstSeed() { return envInt("MARROW_PROPERTY_FIRST_SEED", 1); }
int commandCount() { return envInt("MARROW_PROPERTY_COMMANDS", 1000); }
// Every how many undo indices a single undo and redo is checked (1: each).
int checkEvery() { return std::max(1, envInt("MARROW_PROPERTY_CHECK_EVERY", 6)); }

const char* kModel = "synthetic/public_rig.gltf";

// The model, imported once: every seed starts from a copy.
std::unique_ptr<doc::Document> startingDocument()
{
    static const auto imported = [] {
        std::pair<model::Rig, doc::DocumentExtras> out;
        const auto err = doc::readRigFile(QString::fromStdString(test::model(kModel)), out.first, nullptr, &out.second);
        EXPECT_FALSE(err) << *err;
        return out;
    }();
    auto d = std::make_unique<doc::Document>();
    const auto err = d->replaceRig(imported.first, imported.second);
    EXPECT_FALSE(err) << *err;
    return d;
}

// Where two byte strings part (never the bytes themselves: they are large).
std::string difference(const std::string& a, const std::string& b)
{
    std::size_t at = 0;
    while (at < a.size() && at < b.size() && a[at] == b[at])
        ++at;
    std::ostringstream out;
    out << a.size() << " bytes against " << b.size() << ", first difference at byte " << at;
    return out.str();
}

// One undo entry: the step and the command that pushed it.
struct Entry {
    int step = 0;
    const char* kind = "";
};

struct SequenceLog {
    std::vector<Entry> entries;             // per undo stack index
    std::map<std::string, int> tried, made;  // per kind: generated, and made an undo entry
    int dropped = 0;                        // steps that made no new entry (refused, obsolete, merged)
};

// Runs `commands` random commands of `seed` on `d`, the rig validated after
// each; `after(step)` runs after each step. False when a check failed.
bool runSequence(doc::Document& d, ws::Selection& selection, unsigned seed, int commands, SequenceLog& run,
                 const std::function<void(int)>& after = {})
{
    std::mt19937 rng(seed);
    test::CommandGen gen(d, selection, rng);
    const auto kinds = test::commandKinds();
    QUndoStack* stack = d.undoStack();
    for (int step = 0; step < commands; ++step) {
        const test::CommandKind& kind = kinds[gen.index(kinds.size())];
        const int before = stack->index();
        kind.generate(gen);
        ++run.tried[kind.name];
        if (stack->index() > before)
            ++run.made[kind.name];
        else
            ++run.dropped;
        run.entries.resize(static_cast<std::size_t>(stack->index()), Entry{step, kind.name});
        EXPECT_EQ(stack->index(), stack->count()) << "seed " << seed << " step " << step << " (" << kind.name << ")";
        if (const auto err = d.rig().validate()) {
            ADD_FAILURE() << "seed " << seed << " step " << step << " (" << kind.name << ") left an invalid rig: " << *err;
            return false;
        }
        if (after)
            after(step);
        if (::testing::Test::HasFatalFailure())
            return false;
    }
    return true;
}

// The document's bytes, hashed: kept per undo index, so that single undos
// and redos are checked against the state they must give back, not only the
// ends (a later whole-rig snapshot, as a skeleton edit's undo restores,
// would hide an earlier undo that forgot something). Encoding is most of the
// test's time (the codec's checksum), so only every checkEvery()-th index is
// kept, which ones turning with the seed; the ends are always compared whole.
std::size_t stateOf(const doc::Document& d)
{
    return std::hash<std::string>{}(test::bytesOf(d));
}

std::string entryName(const QUndoStack& stack, const SequenceLog& run, int index)
{
    const Entry& e = run.entries[static_cast<std::size_t>(index)];
    return "entry " + std::to_string(index) + " '" + stack.text(index).toStdString() + "' (step " +
           std::to_string(e.step) + ", " + e.kind + ")";
}

// Entries [from, to): one of them broke (the states between are not kept).
std::string entryNames(const QUndoStack& stack, const SequenceLog& run, int from, int to)
{
    std::string out;
    for (int i = from; i < to; ++i)
        out += "\n  " + entryName(stack, run, i);
    return out;
}

class UndoProperty : public ::testing::TestWithParam<int> {};

TEST_P(UndoProperty, RandomCommandsUndoRedoAndReopenByteForByte)
{
    const auto seed = static_cast<unsigned>(GetParam());
    const int commands = commandCount();
    SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::to_string(commands) + " commands");
    auto d = startingDocument();
    ws::Selection selection(d.get());
    QUndoStack* stack = d->undoStack();
    const std::string start = test::bytesOf(*d);
    const auto every = static_cast<std::size_t>(checkEvery());
    const std::size_t checked = seed % every;  // the undo indices kept: those equal to this modulo `every`
    std::vector<std::optional<std::size_t>> states{stateOf(*d)};  // per undo index: the document there, when kept

    // 4. Save and open in the middle (and at a quarter and three quarters).
    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    bool reopened = false;
    const auto afterStep = [&](int step) {
        const auto at = static_cast<std::size_t>(stack->index());
        states.resize(at + 1);
        if (at % every == checked)
            states[at] = stateOf(*d);
        if (step != commands / 2 && step != commands / 4 && step != commands * 3 / 4)
            return;
        reopened = true;
        const std::string bytes = test::bytesOf(*d);
        const QString path = folder.filePath(QStringLiteral("middle.marrow"));
        ASSERT_FALSE(doc::saveDocument(*d, path)) << "step " << step;
        EXPECT_TRUE(test::bytesOf(*d) == bytes) << "saving changed the document at step " << step;
        doc::Document copy;
        const auto err = doc::openDocument(copy, path);
        ASSERT_FALSE(err) << "step " << step << ": " << *err;
        const std::string read = test::bytesOf(copy);
        EXPECT_TRUE(read == bytes) << "save and open at step " << step << " changed the document: "
                                   << difference(read, bytes);
        EXPECT_FALSE(copy.rig().validate()) << "step " << step;
    };

    SequenceLog run;
    ASSERT_TRUE(runSequence(*d, selection, seed, commands, run, afterStep));
    EXPECT_TRUE(reopened || commands == 0);
    const std::string end = test::bytesOf(*d);
    EXPECT_NE(end, start) << "the sequence changed nothing";
    ASSERT_EQ(static_cast<std::size_t>(stack->count()), run.entries.size());
    ASSERT_EQ(states.size(), run.entries.size() + 1);

    // 2. Undo everything, each undo giving back the state before its entry
    // (1. the rig valid after every undo).
    int verified = stack->index();  // the lowest index whose state undo gave back
    while (stack->canUndo()) {
        const int entry = stack->index() - 1;
        stack->undo();
        if (const auto err = d->rig().validate())
            FAIL() << "undoing " << entryName(*stack, run, entry) << " left an invalid rig: " << *err;
        if (const auto& before = states[static_cast<std::size_t>(entry)]) {
            if (stateOf(*d) != *before)
                FAIL() << "undoing down to index " << entry << " does not give back the document there; "
                       << "one of these undos is not exact:" << entryNames(*stack, run, entry, verified);
            verified = entry;
        }
    }
    const std::string undone = test::bytesOf(*d);
    ASSERT_TRUE(undone == start) << "undoing everything does not give the starting document: "
                                 << difference(undone, start);

    // 3. Redo everything, each redo giving the state after its entry.
    verified = 0;  // the highest index whose state redo gave
    while (stack->canRedo()) {
        const int entry = stack->index();
        stack->redo();
        if (const auto err = d->rig().validate())
            FAIL() << "redoing " << entryName(*stack, run, entry) << " left an invalid rig: " << *err;
        if (const auto& after = states[static_cast<std::size_t>(entry) + 1]) {
            if (stateOf(*d) != *after)
                FAIL() << "redoing up to index " << entry + 1 << " does not give the document there; "
                       << "one of these redos is not exact:" << entryNames(*stack, run, verified, entry + 1);
            verified = entry + 1;
        }
    }
    const std::string redone = test::bytesOf(*d);
    EXPECT_TRUE(redone == end) << "redoing everything does not give the final document: " << difference(redone, end);

    std::cout << "seed " << seed << ": " << commands << " commands, " << run.entries.size() << " undo entries, "
              << run.dropped << " refused, obsolete or merged\n";
}

INSTANTIATE_TEST_SUITE_P(Seeds, UndoProperty, ::testing::Range(firstSeed(), firstSeed() + seedCount()),
                         [](const ::testing::TestParamInfo<int>& p) { return "seed" + std::to_string(p.param); });

// The generators are alive: over one seed's sequence every kind of command
// makes undo entries (a kind that never does would test nothing).
TEST(UndoPropertyGenerators, EveryKindMakesUndoEntries)
{
    auto d = startingDocument();
    ws::Selection selection(d.get());
    SequenceLog run;
    ASSERT_TRUE(runSequence(*d, selection, 1u, 1000, run));
    for (const test::CommandKind& kind : test::commandKinds()) {
        EXPECT_GT(run.made[kind.name], 0) << kind.name << ": tried " << run.tried[kind.name] << " times";
        std::cout << kind.name << ": " << run.made[kind.name] << " of " << run.tried[kind.name] << "\n";
    }
}

} // namespace
