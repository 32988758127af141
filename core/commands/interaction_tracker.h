// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"

#include <QObject>
#include <QPointer>

class QUndoCommand;

namespace marrow::doc {
class Document;
}

namespace marrow::cmd {

// One continuous gesture's InteractionId (ARCHITECTURE §5.4): a spin-box
// drag in the inspector, a brush stroke, a gizmo drag. current() begins an
// id lazily on the first change of a gesture, so a press that changes
// nothing costs nothing; end() closes the gesture (release, focus out, tool
// switch) and the next change begins a fresh id, hence a new undo entry.
//
// The gesture also ends by itself when the undo stack's index moves by
// anything but the owner's own push (Ctrl+Z or a menu edit mid-drag: the
// next change must not merge across it) and when the document's rig is
// replaced. Pushes made through push() or inside a PushGuard are the
// owner's own. Invariant: isActive() is exactly "an id was begun and not
// ended"; ended() is emitted once per active gesture that ends.
class InteractionTracker : public QObject {
    Q_OBJECT
public:
    explicit InteractionTracker(doc::Document* document, QObject* parent = nullptr);

    // The open gesture's id, beginning one when none is open.
    model::InteractionId current();
    // The open gesture's id without beginning one (invalid when none).
    model::InteractionId peek() const { return m_id; }
    bool isActive() const { return m_id.valid(); }
    // True while the owner's own push runs (its signals are not "under us").
    bool isPushing() const { return m_pushing > 0; }

    // Pushes onto the document's undo stack as the owner: the index change
    // it causes does not end the gesture.
    void push(QUndoCommand* command);

    // Marks every push made during its lifetime as the owner's own, for
    // callers that push through something else (a macro, a helper).
    class PushGuard {
    public:
        explicit PushGuard(InteractionTracker& tracker)
            : m_tracker(tracker)
        {
            ++m_tracker.m_pushing;
        }
        ~PushGuard() { --m_tracker.m_pushing; }
        PushGuard(const PushGuard&) = delete;
        PushGuard& operator=(const PushGuard&) = delete;

    private:
        InteractionTracker& m_tracker;
    };

public slots:
    // Closes the open gesture, if any.
    void end();

signals:
    // The open gesture was closed (by end(), an undo-stack move or a new rig).
    void ended();

private:
    void onIndexChanged();

    QPointer<doc::Document> m_document;
    model::InteractionId m_id;
    int m_pushing = 0;  // nesting depth of the owner's own pushes
};

} // namespace marrow::cmd
