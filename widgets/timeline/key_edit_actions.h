// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"
#include "core/commands/key_edit.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

class QMenu;
class QWidget;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class KeySelection;
class Playback;
class Selection;
} // namespace marrow::ws

namespace marrow::ui {

// The key edits of the dope sheet (and any view sharing its KeySelection):
// each takes the selected keys of the active clip, builds one AnimationEdit
// through cmd::key_edit, pushes ONE command ("Move Keys", "Delete Keys",
// ...) and re-selects the keys where they now stand. Nothing is pushed when
// nothing would change. Holds the key clipboard (Ctrl+C / Ctrl+V).
//
// The document, selections and playback may be destroyed first (then every
// edit does nothing and returns false).
class KeyEditActions : public QObject {
    Q_OBJECT
public:
    KeyEditActions(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
                   QObject* parent = nullptr);

    void setKeySelection(ws::KeySelection* keys);
    ws::KeySelection* keySelection() const;

    // Each selected key at t asks for map(t) (>= 0): a drag, G or S. Keys
    // land by cmd::landSelectedKeys (distinct frames at fps per channel).
    bool retime(const std::function<float(float)>& map, double fps, const QString& text);
    // Copies of the selected keys at map(t); the copies become the selection (Shift+D).
    bool duplicate(const std::function<float(float)>& map);
    bool deleteSelected();
    // False when nothing is selected (the clipboard keeps what it had).
    bool copy();
    // The clipboard's earliest key on the playhead, on the same joints and channels.
    bool paste();
    bool setInterpolation(anim::Interpolation mode);
    bool setTangentMode(anim::TangentMode mode);
    bool hasClipboard() const { return !m_clipboard.empty(); }

    // T and V: popup menus whose actions call setInterpolation / setTangentMode
    // (deleted when closed). Shown at `globalPos`; returned for tests.
    QMenu* popupInterpolationMenu(QWidget* parent, QPoint globalPos);
    QMenu* popupTangentMenu(QWidget* parent, QPoint globalPos);

private:
    const anim::Clip* activeClip() const;
    bool push(const cmd::AnimationEdit& edit, const QString& text, const std::set<doc::KeyId>* reselect);

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::Playback> m_playback;
    QPointer<ws::KeySelection> m_keys;
    cmd::KeyClipboard m_clipboard;
};

} // namespace marrow::ui
