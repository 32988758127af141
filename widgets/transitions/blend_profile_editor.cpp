// SPDX-License-Identifier: MIT
#include "widgets/transitions/blend_profile_editor.h"
#include "core/model/blend_profile.h"
#include "widgets/transitions/wheel_guard.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace marrow::ui {

BlendProfileEditor::BlendProfileEditor(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Joint"), tr("Blend time")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    m_tree->setIndentation(10);
    m_tree->setMinimumHeight(72);
    m_tree->setToolTip(tr("Each joint blends over the duration times its scale: 0.5 blends twice as fast"));
    auto* row = new QHBoxLayout;
    m_scale = new QDoubleSpinBox(this);
    m_scale->setRange(0.05, 10.0);
    m_scale->setSingleStep(0.1);
    m_scale->setValue(1.0);
    m_scale->setPrefix(QStringLiteral("×"));
    m_set = new QPushButton(tr("Set for selected + children"), this);
    m_set->setToolTip(tr("Give the joints selected in the viewport or bone tree, and every joint below them, this scale"));
    takeWheelOnlyWhenFocused(m_scale);
    row->addWidget(m_scale);
    row->addWidget(m_set, 1);
    layout->addWidget(m_tree, 1);
    layout->addLayout(row);
    connect(m_tree, &QTreeWidget::itemChanged, this, &BlendProfileEditor::onItemChanged);
    connect(m_set, &QPushButton::clicked, this, [this] {
        if (!m_skeleton || m_selected.empty())
            return;
        emit profileEdited(model::withSubtreeScale(*m_skeleton, m_profile, m_selected, static_cast<float>(m_scale->value())),
                           tr("Set Blend Profile"));
    });
    setSelectedJoints({});
}

void BlendProfileEditor::setSelectedJoints(std::vector<anim::JointIndex> joints)
{
    m_selected = std::move(joints);
    m_set->setEnabled(!m_selected.empty() && m_skeleton);
}

void BlendProfileEditor::setProfile(const anim::Skeleton& skeleton, std::span<const float> profile)
{
    m_updating = true;
    // Only the numbers changed when the joints are the same (a new rig may
    // have as many joints under other names).
    bool sameShape = m_skeleton == &skeleton && m_items.size() == skeleton.size();
    for (std::size_t j = 0; sameShape && j < m_items.size(); ++j)
        sameShape = m_items[j]->text(0) == QString::fromStdString(skeleton.names[j]);
    m_skeleton = &skeleton;
    m_profile.assign(skeleton.size(), 1.f);
    for (std::size_t j = 0; j < skeleton.size(); ++j)
        m_profile[j] = model::profileScale(profile, static_cast<anim::JointIndex>(j));
    if (!sameShape) {
        m_tree->clear();
        m_items.assign(skeleton.size(), nullptr);
        for (std::size_t j = 0; j < skeleton.size(); ++j) {
            const anim::JointIndex p = skeleton.parents[j];
            QTreeWidgetItem* parent = p >= 0 && static_cast<std::size_t>(p) < j ? m_items[static_cast<std::size_t>(p)] : nullptr;
            auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_tree);
            item->setText(0, QString::fromStdString(skeleton.names[j]));
            item->setFlags(item->flags() | Qt::ItemIsEditable);
            m_items[j] = item;
        }
        m_tree->expandToDepth(3);
    }
    for (std::size_t j = 0; j < m_items.size(); ++j) {
        m_items[j]->setText(1, QString::number(static_cast<double>(m_profile[j]), 'g', 3));
        // Joints that differ from the default stand out.
        QFont f = m_items[j]->font(1);
        f.setBold(m_profile[j] != 1.f);
        m_items[j]->setFont(1, f);
    }
    m_set->setEnabled(!m_selected.empty());
    m_updating = false;
}

void BlendProfileEditor::onItemChanged(QTreeWidgetItem* item, int column)
{
    if (m_updating || !m_skeleton)
        return;
    const auto it = std::find(m_items.begin(), m_items.end(), item);
    if (it == m_items.end())
        return;
    const auto joint = static_cast<std::size_t>(it - m_items.begin());
    bool ok = false;
    const double value = item->text(1).toDouble(&ok);
    if (column != 1 || !ok || !(value > 0.0) || value > 100.0 || static_cast<float>(value) == m_profile[joint]) {
        m_updating = true;  // a name edit or a bad number: show the profile again
        item->setText(0, QString::fromStdString(m_skeleton->names[joint]));
        item->setText(1, QString::number(static_cast<double>(m_profile[joint]), 'g', 3));
        m_updating = false;
        return;
    }
    std::vector<float> changed = m_profile;
    changed[joint] = static_cast<float>(value);
    emit profileEdited(changed, tr("Set Blend Profile"));
}

} // namespace marrow::ui
