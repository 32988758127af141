// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"
#include "core/workspace/selection.h"

#include <QComboBox>
#include <QPointer>

namespace marrow::ui {

// The Weight Paint dock's "Mesh" combo: every mesh of the rig with its
// vertex count ("Torso · 1,170 vertices"), the rigid ones listed but not
// choosable. It follows ws::Selection's active mesh both ways: choosing an
// item makes that mesh active (the one the brush paints), and a Ctrl+click
// in the viewport moves the combo. Long names are elided in the middle (the
// count stays whole); the tooltip gives the full name.
class MeshChooser : public QComboBox {
    Q_OBJECT
public:
    MeshChooser(doc::Document* document, ws::Selection* selection, QWidget* parent = nullptr);

    // The mesh shown (-1 none), and the text the closed combo draws.
    model::MeshId mesh() const;
    QString shownText() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void rebuild();
    void followSelection();

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
};

} // namespace marrow::ui
