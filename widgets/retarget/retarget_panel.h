// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/retarget.h"

#include <QPointer>
#include <QWidget>

#include <array>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class RetargetPreview;
}

namespace marrow::ui {

class BonePairTrees;

// The Retarget dock (issue 40): the source file (Open…) and its clip, the
// two skeletons with their pairs (Pair, Unpair, Auto; double-click a source
// bone to pair it; Save Map… and Load Map… keep them as JSON for other characters), per chain how it follows (world direction or local
// rotation) and whether IK holds its feet, Preview (the character plays the
// carried clip with the source's bones beside it) and Bake (a new clip, one
// undo entry). The status line says what the map lacks, or the legs' and
// stride's scale and how many frames IK held.
class RetargetPanel : public QWidget {
    Q_OBJECT
public:
    RetargetPanel(doc::Document* document, ws::RetargetPreview* preview, QWidget* parent = nullptr);

    QPushButton* openButton() const { return m_open; }
    QComboBox* clipBox() const { return m_clip; }
    BonePairTrees* trees() const { return m_trees; }
    QPushButton* pairButton() const { return m_pair; }
    QPushButton* unpairButton() const { return m_unpair; }
    QPushButton* autoButton() const { return m_auto; }
    QPushButton* saveMapButton() const { return m_saveMap; }
    QPushButton* loadMapButton() const { return m_loadMap; }
    QComboBox* followBox(model::RetargetChain chain) const { return m_follow[static_cast<std::size_t>(chain)]; }
    QCheckBox* ikBox(model::RetargetChain chain) const { return m_ik[static_cast<std::size_t>(chain)]; }
    QCheckBox* previewBox() const { return m_preview; }
    QPushButton* bakeButton() const { return m_bake; }
    QComboBox* keysBox() const { return m_keys; }
    QLabel* statusLabel() const { return m_status; }

signals:
    void openRequested();
    void bakeRequested();
    void saveMapRequested();
    void loadMapRequested();

private:
    void refresh();      // the source, its clips and both trees
    void showResult();   // pairs, options, status and buttons

    QPointer<doc::Document> m_document;
    QPointer<ws::RetargetPreview> m_retarget;
    QLabel* m_sourceLabel = nullptr;
    QPushButton* m_open = nullptr;
    QComboBox* m_clip = nullptr;
    BonePairTrees* m_trees = nullptr;
    QPushButton* m_pair = nullptr;
    QPushButton* m_unpair = nullptr;
    QPushButton* m_auto = nullptr;
    QPushButton* m_saveMap = nullptr;
    QPushButton* m_loadMap = nullptr;
    std::array<QComboBox*, model::kRetargetChains> m_follow{};
    std::array<QCheckBox*, model::kRetargetChains> m_ik{};
    QCheckBox* m_preview = nullptr;
    QPushButton* m_bake = nullptr;
    QComboBox* m_keys = nullptr;
    QLabel* m_status = nullptr;
    const void* m_shownSource = nullptr;  // the source the trees were built for
};

} // namespace marrow::ui
