// SPDX-License-Identifier: MIT
#include "widgets/retarget/bone_pair_trees.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QSplitter>
#include <QTreeWidget>

namespace marrow::ui {

namespace {

constexpr int kJointRole = Qt::UserRole + 1;

QTreeWidget* makeTree(const QString& bone, const QString& pair, QWidget* parent)
{
    auto* tree = new QTreeWidget(parent);
    tree->setColumnCount(2);
    tree->setHeaderLabels({bone, pair});
    tree->setUniformRowHeights(true);
    tree->setIndentation(10);
    tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    tree->header()->setStretchLastSection(true);
    tree->setSelectionMode(QAbstractItemView::SingleSelection);
    return tree;
}

anim::JointIndex jointOf(const QTreeWidgetItem* item)
{
    return item ? item->data(0, kJointRole).toInt() : anim::kNoParent;
}

} // namespace

BonePairTrees::BonePairTrees(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* split = new QSplitter(Qt::Horizontal, this);
    m_target = makeTree(tr("This character"), tr("From"), split);
    m_source = makeTree(tr("Source"), tr("Drives"), split);
    m_target->setObjectName(QStringLiteral("RetargetTargetTree"));
    m_source->setObjectName(QStringLiteral("RetargetSourceTree"));
    m_target->setToolTip(tr("The character's bones and the source bone each follows (rest: keeps its rest pose)"));
    m_source->setToolTip(tr("The source's bones: double-click one to pair it with the bone chosen on the left"));
    split->addWidget(m_target);
    split->addWidget(m_source);
    layout->addWidget(split);
    setMinimumHeight(180);  // a dozen rows of each skeleton at least
    connect(m_target, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        // Show the chosen bone's source on the right.
        const auto source = m_map.sourceOf(jointOf(item));
        if (source && static_cast<std::size_t>(*source) < m_sourceItems.size()) {
            QSignalBlocker block(m_source);
            m_source->setCurrentItem(m_sourceItems[static_cast<std::size_t>(*source)]);
            m_source->scrollToItem(m_source->currentItem());
        }
    });
    connect(m_source, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        if (const anim::JointIndex target = currentTarget(); target != anim::kNoParent)
            emit pairRequested(target, jointOf(item));
    });
}

void BonePairTrees::fill(QTreeWidget* tree, const anim::Skeleton& skeleton, std::vector<QTreeWidgetItem*>& items)
{
    tree->clear();
    items.assign(skeleton.size(), nullptr);
    for (std::size_t j = 0; j < skeleton.size(); ++j) {
        const anim::JointIndex p = skeleton.parents[j];
        auto* item = p == anim::kNoParent ? new QTreeWidgetItem(tree) : new QTreeWidgetItem(items[static_cast<std::size_t>(p)]);
        item->setText(0, QString::fromStdString(skeleton.names[j]));
        item->setData(0, kJointRole, static_cast<int>(j));
        items[j] = item;
    }
    tree->expandAll();
}

void BonePairTrees::setSkeletons(const anim::Skeleton* target, const anim::Skeleton* source)
{
    const anim::JointIndex chosen = currentTarget();
    m_targetSkeleton = target;
    m_sourceSkeleton = source;
    m_target->clear();
    m_source->clear();
    m_targetItems.clear();
    m_sourceItems.clear();
    if (target)
        fill(m_target, *target, m_targetItems);
    if (source)
        fill(m_source, *source, m_sourceItems);
    setMap(m_map);
    setCurrentTarget(chosen);
}

void BonePairTrees::setMap(const model::BoneMap& map)
{
    m_map = map;
    const QColor rest = palette().color(QPalette::Disabled, QPalette::Text);
    for (std::size_t t = 0; t < m_targetItems.size(); ++t) {
        const auto s = map.sourceOf(static_cast<anim::JointIndex>(t));
        const bool paired = s && m_sourceSkeleton && static_cast<std::size_t>(*s) < m_sourceSkeleton->size();
        m_targetItems[t]->setText(1, paired ? QString::fromStdString(m_sourceSkeleton->names[static_cast<std::size_t>(*s)]) : tr("rest"));
        m_targetItems[t]->setForeground(1, paired ? palette().color(QPalette::Text) : rest);
    }
    for (std::size_t s = 0; s < m_sourceItems.size(); ++s) {
        const auto t = map.targetOf(static_cast<anim::JointIndex>(s));
        const bool paired = t && m_targetSkeleton && static_cast<std::size_t>(*t) < m_targetSkeleton->size();
        m_sourceItems[s]->setText(1, paired ? QString::fromStdString(m_targetSkeleton->names[static_cast<std::size_t>(*t)]) : QString());
    }
}

anim::JointIndex BonePairTrees::currentTarget() const
{
    return jointOf(m_target->currentItem());
}

anim::JointIndex BonePairTrees::currentSource() const
{
    return jointOf(m_source->currentItem());
}

void BonePairTrees::setCurrentTarget(anim::JointIndex joint)
{
    if (joint >= 0 && static_cast<std::size_t>(joint) < m_targetItems.size())
        m_target->setCurrentItem(m_targetItems[static_cast<std::size_t>(joint)]);
}

} // namespace marrow::ui
