// SPDX-License-Identifier: MIT
#include "core/commands/interaction_tracker.h"

#include "core/document/document.h"

#include <QUndoStack>

namespace marrow::cmd {

InteractionTracker::InteractionTracker(doc::Document* document, QObject* parent)
    : QObject(parent)
    , m_document(document)
{
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, &InteractionTracker::onIndexChanged);
    // A new rig reuses indices for other joints and meshes: never merge across it.
    // The owner's own reshaping of the same document (an extrude and the
    // grab that places the new joint) stays one gesture.
    connect(m_document, &doc::Document::rigReplaced, this, [this] {
        if (!(m_pushing > 0 && m_document->restructuring()))
            end();
    });
}

model::InteractionId InteractionTracker::current()
{
    if (!m_id.valid() && m_document)
        m_id = m_document->beginInteraction();
    return m_id;
}

void InteractionTracker::push(QUndoCommand* command)
{
    PushGuard guard(*this);
    m_document->undoStack()->push(command);
}

void InteractionTracker::end()
{
    if (!m_id.valid())
        return;
    m_id = {};
    emit ended();
}

void InteractionTracker::onIndexChanged()
{
    // Our own push moved the index (or merged, which does not move it):
    // the gesture goes on. Anything else moved the state under the gesture.
    if (!isPushing())
        end();
}

} // namespace marrow::cmd
