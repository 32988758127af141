// SPDX-License-Identifier: MIT
#pragma once
#include <QComboBox>

class QStyleOptionComboBox;

namespace marrow::ui {

// The timeline's clip combo box. Imported clip names are long and differ at
// the end ("Armature|mixamo.com|Layer0", "…|Layer0.001"), so the closed box
// shortens them by elideName and its list elides them in the middle, never
// cutting the end off; every name is whole in its tooltip (the box's tooltip
// names the current clip).
class ClipChooser : public QComboBox {
    Q_OBJECT
public:
    explicit ClipChooser(QWidget* parent = nullptr);

    // Replaces the list with these names.
    void setClipNames(const QStringList& names);
    // The current name as the closed box draws it.
    QString shownText() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString elided(const QStyleOptionComboBox& option) const;
    void updateToolTip();
};

} // namespace marrow::ui
