// SPDX-License-Identifier: MIT
#pragma once
#include <QHeaderView>

namespace marrow::ui {

// A header whose section titles too long for their width lose their start,
// not their end: rigs prefix every bone (mixamorig:Spine1, mixamorig:Spine2),
// so the end is what tells columns apart ("…Spine1", "…Spine2"). A plain
// header centres and clips both ends ("amorig:Spi" twice).
class NameEndHeader : public QHeaderView {
    Q_OBJECT
public:
    explicit NameEndHeader(Qt::Orientation orientation, QWidget* parent = nullptr);

    // The title as drawn in section `logical` at its current size.
    QString shownText(int logical) const;

protected:
    void initStyleOptionForIndex(QStyleOptionHeader* option, int logical) const override;

private:
    QString fitted(const QString& text, int logical) const;
};

} // namespace marrow::ui
