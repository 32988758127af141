// SPDX-License-Identifier: MIT
#pragma once
#include <QList>
#include <QObject>
#include <QPointer>

class QKeyEvent;
class QWidget;

namespace marrow::app {

// Keys act in the area under the mouse, as in Blender: with the pointer over
// the dope sheet, Delete deletes keys there even though the viewport was
// clicked last. An area is a widget registered here (the viewport, the bone
// tree, the dope sheet, the graph, the timeline). When a key is pressed in
// the active window, the area under the pointer takes the keyboard focus
// first, and Qt then routes the key (its shortcuts and its keyPressEvent) as
// if that area had been clicked. The focus stays where it is when:
//  - it is already inside the area under the pointer (the dope sheet within
//    the timeline, whose ruler and bar are the timeline's);
//  - the pointer is over no area (the inspector, a toolbar): keys go to the
//    focus, as before;
//  - a text field has the focus: it keeps plain keys, and keeps modified
//    keys too while it is being edited (ShortcutRouter's rule), until Enter
//    commits it: then, as in Blender, keys over an area are the area's again
//    (I over the viewport keys), until the field is clicked or typed into;
//  - the focused area holds the keys for a gesture in progress (a modal G,
//    a drag), which it shows by claiming Escape;
//  - a mouse button is down, a popup or a modal dialog is open.
// Installed on the application; acts on the widgets of one window only.
class AreaKeyRouter : public QObject {
    Q_OBJECT
public:
    explicit AreaKeyRouter(QWidget* window);

    void addArea(QWidget* area);
    // The registered area at the pointer (the innermost), or nullptr.
    QWidget* areaUnderMouse() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* areaOf(QWidget* widget) const;
    bool mayRoute() const;
    bool keepsKey(QWidget* focus, const QKeyEvent& key) const;
    bool holdsKeys(QWidget* focus);
    void trackCommit(QObject* watched, QEvent* event);

    QPointer<QWidget> m_window;
    QList<QPointer<QWidget>> m_areas;
    QPointer<QWidget> m_committed;  // the text field Enter last committed
    bool m_probing = false;
};

} // namespace marrow::app
