// SPDX-License-Identifier: MIT
#include "widgets/retarget/retarget_panel.h"

#include "core/document/document.h"
#include "core/workspace/retarget_preview.h"
#include "widgets/retarget/bone_pair_trees.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace marrow::ui {

namespace {

bool isLeg(model::RetargetChain c)
{
    return c == model::RetargetChain::LeftLeg || c == model::RetargetChain::RightLeg;
}

bool isArm(model::RetargetChain c)
{
    return c == model::RetargetChain::LeftArm || c == model::RetargetChain::RightArm;
}

} // namespace

RetargetPanel::RetargetPanel(doc::Document* document, ws::RetargetPreview* preview, QWidget* parent)
    : QWidget(parent), m_document(document), m_retarget(preview)
{
    auto* layout = new QVBoxLayout(this);
    auto* sourceRow = new QHBoxLayout;
    m_sourceLabel = new QLabel(this);
    m_sourceLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_open = new QPushButton(tr("Open…"), this);
    m_open->setToolTip(tr("Choose the file whose clips to carry onto this character (glTF, FBX, Collada…)"));
    m_clip = new QComboBox(this);
    m_clip->setToolTip(tr("The source's clip to carry"));
    sourceRow->addWidget(m_sourceLabel);
    sourceRow->addWidget(m_clip, 1);
    sourceRow->addWidget(m_open);
    layout->addLayout(sourceRow);

    m_trees = new BonePairTrees(this);
    layout->addWidget(m_trees, 1);
    auto* pairRow = new QHBoxLayout;
    m_pair = new QPushButton(tr("Pair"), this);
    m_pair->setToolTip(tr("The bone chosen on the left follows the source bone chosen on the right"));
    m_unpair = new QPushButton(tr("Unpair"), this);
    m_unpair->setToolTip(tr("The bone chosen on the left keeps its rest pose"));
    m_auto = new QPushButton(tr("Auto"), this);
    m_auto->setToolTip(tr("Pair the bones again by their names, roles and places in the hierarchy"));
    m_saveMap = new QPushButton(tr("Save Map…"), this);
    m_saveMap->setToolTip(tr("Keep the pairs and the chains' options as a JSON file, by bone names, for other characters"));
    m_loadMap = new QPushButton(tr("Load Map…"), this);
    m_loadMap->setToolTip(tr("Use the pairs and options of a map saved before (marrow-cli retarget --map takes it too)"));
    for (QPushButton* b : {m_pair, m_unpair, m_auto, m_saveMap, m_loadMap})
        pairRow->addWidget(b);
    layout->addLayout(pairRow);

    // Three rows, a side's chain on each half: spine | head, arms, legs.
    auto* chains = new QGridLayout;
    chains->setHorizontalSpacing(6);
    for (std::size_t c = 0; c < model::kRetargetChains; ++c) {
        const auto chain = static_cast<model::RetargetChain>(c);
        const int row = static_cast<int>(c) / 2, column = 3 * (static_cast<int>(c) % 2);
        QString name = QString::fromUtf8(model::retargetChainName(chain));
        name[0] = name[0].toUpper();
        chains->addWidget(new QLabel(name, this), row, column);
        m_follow[c] = new QComboBox(this);
        m_follow[c]->addItems({tr("World"), tr("Local")});
        m_follow[c]->setToolTip(tr("%1 follows the source by World direction (each bone points where its source "
                                   "bone points) or Local rotation (each bone turns against its parent as its "
                                   "source does)").arg(name));
        chains->addWidget(m_follow[c], row, column + 1);
        m_ik[c] = new QCheckBox(isLeg(chain) ? tr("Plant") : tr("Pin"), this);
        m_ik[c]->setToolTip(isLeg(chain) ? tr("Where the source's foot is planted, IK stands this foot there so it does not slide")
                                         : tr("Where the source's hand rests (on a prop, a table, a wall), IK pins this hand "
                                              "there instead of letting it drift with the arm's other build"));
        m_ik[c]->setVisible(isLeg(chain) || isArm(chain));
        chains->addWidget(m_ik[c], row, column + 2);
        connect(m_follow[c], &QComboBox::currentIndexChanged, this, [this, chain](int index) {
            model::RetargetOptions o = m_retarget->options();
            o[chain].follow = index == 1 ? model::ChainOptions::Follow::Local : model::ChainOptions::Follow::World;
            m_retarget->setOptions(o);
        });
        connect(m_ik[c], &QCheckBox::toggled, this, [this, chain](bool on) {
            model::RetargetOptions o = m_retarget->options();
            o[chain].ik = on;
            m_retarget->setOptions(o);
        });
    }
    layout->addLayout(chains);

    auto* bakeRow = new QHBoxLayout;
    m_preview = new QCheckBox(tr("Preview"), this);
    m_preview->setToolTip(tr("Play the carried clip on this character, the source's bones beside it"));
    m_bake = new QPushButton(tr("Bake"), this);
    m_bake->setToolTip(tr("Add the carried clip to this character's clips (one undo step)"));
    m_keys = new QComboBox(this);
    m_keys->addItems({tr("Every frame"), tr("Source's keys")});
    m_keys->setToolTip(tr("Key the new clip at every frame of the document's rate, or only where the source has keys"));
    bakeRow->addWidget(m_preview);
    bakeRow->addStretch(1);
    bakeRow->addWidget(m_keys);
    bakeRow->addWidget(m_bake);
    connect(m_keys, &QComboBox::currentIndexChanged, this, [this](int index) {
        model::RetargetOptions o = m_retarget->options();
        o.atSourceKeys = index == 1;
        m_retarget->setOptions(o);
    });
    layout->addLayout(bakeRow);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    connect(m_open, &QPushButton::clicked, this, &RetargetPanel::openRequested);
    connect(m_bake, &QPushButton::clicked, this, &RetargetPanel::bakeRequested);
    connect(m_saveMap, &QPushButton::clicked, this, &RetargetPanel::saveMapRequested);
    connect(m_loadMap, &QPushButton::clicked, this, &RetargetPanel::loadMapRequested);
    connect(m_preview, &QCheckBox::toggled, preview, &ws::RetargetPreview::setActive);
    connect(preview, &ws::RetargetPreview::activeChanged, m_preview, [this](bool on) {
        const QSignalBlocker block(m_preview);
        m_preview->setChecked(on);
    });
    connect(m_clip, &QComboBox::currentIndexChanged, preview, &ws::RetargetPreview::setSourceClip);
    connect(m_trees, &BonePairTrees::pairRequested, preview, &ws::RetargetPreview::setPair);
    connect(m_pair, &QPushButton::clicked, this, [this] {
        if (m_trees->currentTarget() != anim::kNoParent && m_trees->currentSource() != anim::kNoParent)
            m_retarget->setPair(m_trees->currentTarget(), m_trees->currentSource());
    });
    connect(m_unpair, &QPushButton::clicked, this, [this] {
        if (m_trees->currentTarget() != anim::kNoParent)
            m_retarget->setPair(m_trees->currentTarget(), anim::kNoParent);
    });
    connect(m_auto, &QPushButton::clicked, preview, &ws::RetargetPreview::proposeMap);
    connect(preview, &ws::RetargetPreview::changed, this, &RetargetPanel::refresh);
    if (document)
        connect(document, &doc::Document::rigReplaced, this, [this] { m_shownSource = nullptr, refresh(); });
    refresh();
}

void RetargetPanel::refresh()
{
    const model::Rig* source = m_retarget->source();
    if (source != m_shownSource) {
        m_shownSource = source;
        m_sourceLabel->setText(source ? tr("From %1").arg(m_retarget->sourceName()) : tr("No source: Open… a file to retarget from"));
        const QSignalBlocker block(m_clip);
        m_clip->clear();
        if (source)
            for (const anim::Clip& c : source->clips)
                m_clip->addItem(QString::fromStdString(c.name));
        m_trees->setSkeletons(m_document ? &m_document->rig().skeleton : nullptr, source ? &source->skeleton : nullptr);
    }
    showResult();
}

void RetargetPanel::showResult()
{
    {
        const QSignalBlocker block(m_clip);
        m_clip->setCurrentIndex(m_retarget->sourceClip());
    }
    m_trees->setMap(m_retarget->map());
    for (std::size_t c = 0; c < model::kRetargetChains; ++c) {
        const model::ChainOptions& o = m_retarget->options().chains[c];
        const QSignalBlocker a(m_follow[c]), b(m_ik[c]);
        m_follow[c]->setCurrentIndex(o.follow == model::ChainOptions::Follow::Local ? 1 : 0);
        m_ik[c]->setChecked(o.ik);
    }
    {
        const QSignalBlocker block(m_keys);
        m_keys->setCurrentIndex(m_retarget->options().atSourceKeys ? 1 : 0);
    }
    const bool has = m_retarget->hasSource();
    for (QWidget* w : std::initializer_list<QWidget*>{m_clip, m_pair, m_unpair, m_auto, m_saveMap, m_loadMap})
        w->setEnabled(has);
    const auto& result = m_retarget->result();
    m_preview->setEnabled(result.has_value());
    m_bake->setEnabled(result.has_value());
    if (!result) {
        m_status->setText(m_retarget->error());
        return;
    }
    const model::RetargetOptions& o = m_retarget->options();
    const bool planting = o[model::RetargetChain::LeftLeg].ik || o[model::RetargetChain::RightLeg].ik;
    const bool pinning = o[model::RetargetChain::LeftArm].ik || o[model::RetargetChain::RightArm].ik;
    m_status->setText(tr("%1 bones paired%2 · legs ×%3, stride ×%4%5%6")
                          .arg(m_retarget->map().pairs.size())
                          .arg(m_retarget->mapFromDocument() ? tr(" (as kept with this document)") : QString())
                          .arg(static_cast<double>(result->legRatio), 0, 'g', 3)
                          .arg(static_cast<double>(result->strideRatio), 0, 'g', 3)
                          .arg(planting ? tr(" · feet held on %1 frames").arg(result->plantedFrames) : QString())
                          .arg(pinning ? tr(" · hands pinned on %1 frames").arg(result->pinnedFrames) : QString()));
}

} // namespace marrow::ui
