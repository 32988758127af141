// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"
#include "core/model/transition.h"

#include <QPoint>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QListWidget;
class QMenu;
class QPushButton;
class QToolButton;
class QVBoxLayout;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class Playback;
class Selection;
class TransitionPreview;
}

namespace marrow::ui {

class BlendProfileEditor;
class FindBestBox;
class FootSlideBox;
class TransitionFields;

// The Transitions dock: the document's transitions (New, Duplicate,
// Rename, Delete), the selected one's settings, its blend profile, the
// ghosts toggle, foot slide, and Bake (the list's right-click menu has
// them too). Choosing a row previews that
// transition (TransitionPreview::setActive); every change is one undo entry
// through EditTransitionsCommand (a Bézier handle drag is one interaction),
// and the panel shows the document again after any change, undo included.
class TransitionsPanel : public QWidget {
    Q_OBJECT
public:
    TransitionsPanel(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
                     ws::TransitionPreview* preview, QWidget* parent = nullptr);

    QListWidget* list() const { return m_list; }
    TransitionFields* fields() const { return m_fields; }
    BlendProfileEditor* profileEditor() const { return m_profile; }
    FootSlideBox* footSlide() const { return m_footSlide; }
    FindBestBox* findBest() const { return m_findBest; }
    QCheckBox* ghostsBox() const { return m_ghosts; }
    QComboBox* bakeRangeBox() const { return m_bakeRange; }
    QPushButton* bakeButton() const { return m_bake; }
    // The dock's scroll area sizes its content by heightForWidth, which a
    // layout answers with its preferred height; the lists can give up rows,
    // so the panel asks only for its minimum and scrolls only below that.
    int heightForWidth(int width) const override;

public slots:
    void newTransition();
    void duplicateTransition();
    void renameTransition();
    void deleteTransition();
    // Bakes the previewed transition into a new clip (range from the box).
    void bake();
    // The list's right-click menu (New, Duplicate, Rename, Delete, Bake, as
    // the buttons; the row at `viewportPos` chosen first). Deleted when
    // closed; returned for tests.
    QMenu* popupListMenu(QPoint viewportPos);

signals:
    // A message for the log (a bake that failed, say).
    void message(const QString& text);
    // What just happened, for the status bar (a bake's new clip).
    void status(const QString& text);

private:
    void buildLayout(QVBoxLayout* layout, QHBoxLayout* buttons, QHBoxLayout* bakeRow);
    void refresh();
    void push(std::vector<model::Transition> list, const QString& text, model::InteractionId interaction = {});
    void editActive(const model::Transition& changed, const QString& text);
    void syncSelectedJoints();

    doc::Document* m_document;
    ws::Selection* m_selection;
    ws::Playback* m_playback;
    ws::TransitionPreview* m_preview;
    QListWidget* m_list = nullptr;
    QToolButton* m_new = nullptr;
    QToolButton* m_duplicate = nullptr;
    QToolButton* m_rename = nullptr;
    QToolButton* m_delete = nullptr;
    TransitionFields* m_fields = nullptr;
    BlendProfileEditor* m_profile = nullptr;
    FootSlideBox* m_footSlide = nullptr;
    FindBestBox* m_findBest = nullptr;
    QCheckBox* m_ghosts = nullptr;
    QComboBox* m_bakeRange = nullptr;
    QPushButton* m_bake = nullptr;
    model::InteractionId m_drag{};  // a Bézier handle drag in progress
    bool m_refreshing = false;
};

} // namespace marrow::ui
