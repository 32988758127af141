// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/channel_key.h"
#include "core/document/document.h"

#include <QUndoCommand>

#include <vector>

namespace marrow::cmd {

// Names one key by where it lives and its time.
struct KeyRef {
    model::JointIndex joint = 0;
    doc::ChannelKind kind = doc::ChannelKind::Translation;
    float time = 0.f;
};

// "Delete Keys": removes keys of one clip, in the order given. Tracks,
// interpolation and the clip's duration stay as they are. redo() records
// each removed key with its index and tangents; undo() puts them back in
// reverse order, so every index is valid when it is used.
class RemoveKeysCommand : public QUndoCommand {
public:
    RemoveKeysCommand(doc::Document* document, model::ClipId clip, std::vector<KeyRef> keys,
                      QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

private:
    struct Removed {
        KeyRef ref;
        doc::RemovedKey key;
    };

    doc::Document* m_document;
    model::ClipId m_clip;
    std::vector<KeyRef> m_keys;
    std::vector<Removed> m_removed;  // filled by redo()
};

} // namespace marrow::cmd
