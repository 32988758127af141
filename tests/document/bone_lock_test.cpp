// SPDX-License-Identifier: MIT
// Bone locks are document data: undoable, saved and read back exactly.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/set_bone_lock_command.h"
#include "core/io/lock_section.h"

#include <QSignalSpy>

using namespace marrow;

TEST(BoneLocks, LockDoUndoRedoIsByteIdentical)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QSignalSpy changed(d.get(), &doc::Document::locksChanged);
    test::expectDoUndoRedo(*d, new cmd::SetBoneLockCommand(d.get(), {1}, true));
    EXPECT_TRUE(d->isLocked(1));
    EXPECT_FALSE(d->isLocked(0));
    EXPECT_GE(changed.count(), 1);
    EXPECT_EQ(d->undoStack()->text(0).toStdString(), "Lock " + d->rig().skeleton.names[1]);
    // Locking what is locked already changes nothing and adds no entry.
    d->undoStack()->push(new cmd::SetBoneLockCommand(d.get(), {1}, true));
    EXPECT_EQ(d->undoStack()->count(), 1);
    // Unlocking a mixed set restores exactly what was locked before.
    test::expectDoUndoRedo(*d, new cmd::SetBoneLockCommand(d.get(), {0, 1}, false));
    d->undoStack()->undo();
    EXPECT_EQ(d->lockedJoints(), (doc::LockSet{1}));
}

TEST(BoneLocks, LocksAreSavedAndRead)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string unlocked = test::bytesOf(*d);
    d->undoStack()->push(new cmd::SetBoneLockCommand(d.get(), {0, 1}, true));
    const std::string locked = test::bytesOf(*d);
    EXPECT_NE(locked, unlocked);
    model::Rig rig;
    doc::DocumentExtras extras;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(locked, rig, error, &extras)) << error;
    EXPECT_EQ(extras.locks, (doc::LockSet{0, 1}));
    auto reopened = std::make_unique<doc::Document>();
    ASSERT_FALSE(reopened->replaceRig(std::move(rig), extras).has_value());
    EXPECT_EQ(test::bytesOf(*reopened), locked);
    // No locks: the bytes of a document from before the section existed.
    d->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*d), unlocked);
}

TEST(BoneLocks, ABadLockSectionIsRefusedWithTheReason)
{
    doc::LockSet out;
    std::string error;
    EXPECT_FALSE(doc::decodeLockSection(doc::encodeLockSection({5}), 2, out, error));
    EXPECT_NE(error.find("joint 5 is out of range"), std::string::npos) << error;
    std::string unordered = doc::encodeLockSection({0, 1});
    std::swap(unordered[4], unordered[8]);  // 1 then 0
    EXPECT_FALSE(doc::decodeLockSection(unordered, 2, out, error));
    EXPECT_NE(error.find("ascending"), std::string::npos) << error;
    EXPECT_FALSE(doc::decodeLockSection(std::string_view("\x02\0\0\0", 4), 2, out, error));
    EXPECT_TRUE(out.empty());
    // A document naming a joint it lacks is refused whole.
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string before = test::bytesOf(*d);
    EXPECT_TRUE(d->replaceRig(test::fourVertexSkinRig(), doc::DocumentExtras{{}, {9}, 0.0, nullptr}).has_value());
    EXPECT_EQ(test::bytesOf(*d), before);
}
