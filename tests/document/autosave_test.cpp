// SPDX-License-Identifier: MIT
// Autosave writes a recovery file when the stack moved, never marks the stack clean.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/rename_joint_command.h"
#include "core/document/autosave.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace marrow;

TEST(Autosave, WritesRecoveryAndLeavesCleanStateAlone)
{
    QTemporaryDir state, docs;
    auto d = test::documentWith(test::fourVertexSkinRig());
    const QString path = docs.filePath("arm.marrow");
    ASSERT_FALSE(doc::saveDocument(*d, path));
    doc::Autosave autosave(d.get(), state.path());
    autosave.setIntervalMs(0);  // driven by hand here

    EXPECT_FALSE(autosave.autosaveNow()) << "nothing to recover in a clean document";
    EXPECT_FALSE(doc::Autosave::hasRecovery(path, state.path()));

    QSignalSpy cleanSpy(d->undoStack(), &QUndoStack::cleanChanged);
    d->undoStack()->push(new cmd::RenameJointCommand(d.get(), 1, "forearm"));
    const int cleanIndex = d->undoStack()->cleanIndex();
    ASSERT_TRUE(autosave.autosaveNow()) << (autosave.lastError() ? *autosave.lastError() : "");
    EXPECT_TRUE(doc::Autosave::hasRecovery(path, state.path()));
    EXPECT_TRUE(autosave.recoveryPath().startsWith(state.path()));
    EXPECT_TRUE(autosave.recoveryPath().endsWith(".marrow"));
    EXPECT_FALSE(d->undoStack()->isClean());
    EXPECT_EQ(d->undoStack()->cleanIndex(), cleanIndex);
    EXPECT_EQ(cleanSpy.count(), 1);  // only the push; autosave did not touch it
    EXPECT_EQ(d->filePath(), path) << "autosave does not adopt the recovery path";

    // The recovery file opens to the edited rig.
    doc::Document recovered;
    ASSERT_FALSE(doc::openDocument(recovered, autosave.recoveryPath()));
    EXPECT_EQ(recovered.rig().skeleton.names[1], "forearm");

    // Nothing changed since: no second write.
    EXPECT_FALSE(autosave.autosaveNow());
    d->undoStack()->push(new cmd::RenameJointCommand(d.get(), 0, "upperarm"));
    EXPECT_TRUE(autosave.autosaveNow());

    // Saving makes the document clean: the recovery file goes.
    ASSERT_FALSE(doc::saveDocument(*d, path));
    EXPECT_FALSE(doc::Autosave::hasRecovery(path, state.path()));
}

TEST(Autosave, TimerWritesWithoutHelp)
{
    QTemporaryDir state;
    auto d = test::documentWith(test::fourVertexSkinRig());
    doc::Autosave autosave(d.get(), state.path());
    QSignalSpy written(&autosave, &doc::Autosave::recoveryWritten);
    autosave.setIntervalMs(10);
    d->undoStack()->push(new cmd::RenameJointCommand(d.get(), 1, "forearm"));
    ASSERT_TRUE(written.wait(2000));
    EXPECT_TRUE(doc::Autosave::hasRecovery(QString(), state.path()));
    EXPECT_TRUE(d->isModified());
    EXPECT_TRUE(doc::Autosave::discardRecovery(QString(), state.path()));
    EXPECT_FALSE(doc::Autosave::hasRecovery(QString(), state.path()));
}

TEST(Autosave, RecoveryPathsDifferPerDocument)
{
    const QString a = doc::Autosave::recoveryPathFor("/x/arm.marrow", "/state");
    const QString b = doc::Autosave::recoveryPathFor("/y/arm.marrow", "/state");
    EXPECT_NE(a, b);
    EXPECT_TRUE(a.startsWith("/state/recovery/arm-"));
    EXPECT_EQ(a, doc::Autosave::recoveryPathFor("/x/arm.marrow", "/state"));
}

// A restored recovery file is marked unsaved with resetClean() on an empty
// stack; the next document must still start clean (QUndoStack::clear() does
// nothing to an empty stack) and leave nothing to autosave.
TEST(Autosave, ADocumentOpenedAfterAnUnsavedEmptyStackIsClean)
{
    QTemporaryDir state;
    auto d = test::documentWith(test::fourVertexSkinRig());
    doc::Autosave autosave(d.get(), state.path());
    autosave.setIntervalMs(0);
    d->undoStack()->resetClean();
    ASSERT_TRUE(d->isModified());

    ASSERT_FALSE(d->replaceRig(test::fourVertexSkinRig()));
    EXPECT_FALSE(d->isModified());
    EXPECT_FALSE(autosave.autosaveNow());
    EXPECT_TRUE(doc::Autosave::recoveryFiles(state.path()).isEmpty());
}
