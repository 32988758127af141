// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the document tests: the native bytes of a document and
// the do/undo/redo invariant every command must keep (ARCHITECTURE.md 5.8).
#include "core/document/document.h"
#include "core/document/document_io.h"

#include <QUndoCommand>

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace marrow::test {

inline std::string bytesOf(const doc::Document& d)
{
    return doc::encodeDocument(d);  // rig and pose: what Save writes
}

inline std::unique_ptr<doc::Document> documentWith(model::Rig rig)
{
    auto d = std::make_unique<doc::Document>();
    const auto err = d->replaceRig(std::move(rig));
    EXPECT_FALSE(err.has_value()) << *err;
    return d;
}

// Serialise, do (push), undo, serialise and compare byte for byte; redo and
// compare against the state after the first do. Returns the bytes after do.
// `changes`: whether the command is expected to change the saved bytes.
inline std::string expectDoUndoRedo(doc::Document& d, QUndoCommand* command, bool changes = true)
{
    QUndoStack* stack = d.undoStack();
    const int countBefore = stack->count();
    const std::string before = bytesOf(d);
    stack->push(command);
    EXPECT_EQ(stack->count(), countBefore + 1) << "the command was dropped (obsolete) or merged";
    const std::string afterDo = bytesOf(d);
    if (changes) {
        EXPECT_NE(afterDo, before) << "the command changed nothing";
    }
    stack->undo();
    EXPECT_TRUE(bytesOf(d) == before) << "undo did not restore the document byte for byte";
    stack->redo();
    EXPECT_TRUE(bytesOf(d) == afterDo) << "redo did not give the state after the first do";
    // And once more round, since redo() recaptures what it replaces.
    stack->undo();
    EXPECT_TRUE(bytesOf(d) == before) << "second undo differs";
    stack->redo();
    EXPECT_TRUE(bytesOf(d) == afterDo) << "second redo differs";
    return afterDo;
}

} // namespace marrow::test
