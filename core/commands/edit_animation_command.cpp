// SPDX-License-Identifier: MIT
#include "core/commands/edit_animation_command.h"

#include "core/document/document.h"

#include <algorithm>

namespace marrow::cmd {

namespace {

// Adds to `into` the entries of `from` for joints `into` lacks.
template <class Edit>
void addMissing(std::vector<Edit>& into, const std::vector<Edit>& from)
{
    for (const Edit& e : from)
        if (std::none_of(into.begin(), into.end(), [&](const Edit& x) { return x.joint == e.joint; }))
            into.push_back(e);
}

// Replaces the entries of `into` with `from`'s for the same joints, adding the rest.
template <class Edit>
void overwrite(std::vector<Edit>& into, const std::vector<Edit>& from)
{
    for (const Edit& e : from) {
        auto it = std::find_if(into.begin(), into.end(), [&](const Edit& x) { return x.joint == e.joint; });
        if (it != into.end())
            *it = e;
        else
            into.push_back(e);
    }
}

} // namespace

EditAnimationCommand::EditAnimationCommand(doc::Document* document, const QString& text, doc::AnimationState before,
                                           doc::AnimationState after, model::InteractionId interaction,
                                           QUndoCommand* parent)
    : MergeableCommand(text, interaction, parent)
    , m_document(document)
    , m_before(std::move(before))
    , m_after(std::move(after))
{
    if (const auto& current = m_document->keySelectionHook().current)
        m_selectionBefore = current();
}

void EditAnimationCommand::recordSelectionAfter()
{
    if (const auto& recordLater = m_document->keySelectionHook().recordLater)
        recordLater(m_selectionAfter);
}

void EditAnimationCommand::restoreSelection(const doc::KeyIdSet& keys) const
{
    if (const auto& restore = m_document->keySelectionHook().restore)
        restore(m_after.clip, keys);
}

void EditAnimationCommand::apply(const doc::AnimationState& state)
{
    if (!m_document->applyAnimationState(state))
        setObsolete(true);  // refused (the document changed under us): drop rather than corrupt
}

void EditAnimationCommand::redo()
{
    apply(m_after);
    if (!m_pushed) {
        m_pushed = true;
        recordSelectionAfter();
    } else {
        restoreSelection(*m_selectionAfter);
    }
}

void EditAnimationCommand::undo()
{
    // Tracks the redo appended are erased (their before is nullopt) and the
    // others replaced in place, so the clip's track order comes back exactly.
    apply(m_before);
    restoreSelection(m_selectionBefore);
}

bool EditAnimationCommand::mergeFrom(const EditAnimationCommand& newer)
{
    if (newer.m_after.clip != m_after.clip)
        return false;
    // The newer edit's before for a joint we touched is our after: keep ours.
    addMissing(m_before.tracks, newer.m_before.tracks);
    addMissing(m_before.poses, newer.m_before.poses);
    overwrite(m_after.tracks, newer.m_after.tracks);
    overwrite(m_after.poses, newer.m_after.poses);
    m_after.duration = newer.m_after.duration;
    setText(newer.text());
    recordSelectionAfter();  // the merged gesture's last step sets the selection it leaves
    return true;
}

} // namespace marrow::cmd
