// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/key_id.h"
#include "core/model/ids.h"

#include <functional>
#include <memory>
#include <set>

class QObject;

namespace marrow::doc {

using KeyIdSet = std::set<KeyId>;

// How a key edit's undo and redo reach the key selection, which is view
// state in the workspace above the commands (Blender: undo restores the
// selection the edit found, redo the one it left). The workspace's
// KeySelection installs it on the Document; commands only call it, so the
// commands layer never sees the workspace. Every member may be empty.
struct KeySelectionHook {
    const QObject* owner = nullptr;  // who installed it, so only its destructor removes it
    // The selection now (an edit's "before", taken when its command is made).
    std::function<KeyIdSet()> current;
    // Fills *after with the selection once the edit's caller has set it (an
    // edit re-selects its keys right after the push): at the end of this
    // event-loop turn. Weak, as a merge may delete the command first.
    std::function<void(std::weak_ptr<KeyIdSet> after)> recordLater;
    // Selects `keys` of `clip` (undo: the before; redo: the after); the
    // workspace ignores a clip that is not the active one.
    std::function<void(model::ClipId clip, const KeyIdSet& keys)> restore;
};

} // namespace marrow::doc
