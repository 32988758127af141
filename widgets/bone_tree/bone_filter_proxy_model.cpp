// SPDX-License-Identifier: MIT
#include "widgets/bone_tree/bone_filter_proxy_model.h"

#include "widgets/bone_tree/bone_tree_model.h"

namespace marrow::ui {

BoneFilterProxyModel::BoneFilterProxyModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);  // keeps the ancestors of matches
    setAutoAcceptChildRows(false);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setFilterRole(Qt::DisplayRole);
    setFilterKeyColumn(0);
    // Joint names rename often; re-filtering on dataChanged keeps a renamed
    // joint in or out of the view according to its new name.
    setDynamicSortFilter(true);
}

void BoneFilterProxyModel::setBoneModel(BoneTreeModel* model)
{
    setSourceModel(model);
}

BoneTreeModel* BoneFilterProxyModel::boneModel() const
{
    return qobject_cast<BoneTreeModel*>(sourceModel());
}

void BoneFilterProxyModel::setNameFilter(const QString& text)
{
    // Fixed string, not a pattern: joint names such as "Hand.L" or
    // "mixamorig:Spine" are full of regex metacharacters.
    setFilterFixedString(text);
}

QModelIndex BoneFilterProxyModel::indexForJoint(model::JointIndex joint) const
{
    const BoneTreeModel* model = boneModel();
    return model ? mapFromSource(model->indexForJoint(joint)) : QModelIndex();
}

model::JointIndex BoneFilterProxyModel::jointForIndex(const QModelIndex& proxyIndex) const
{
    const BoneTreeModel* model = boneModel();
    if (!model || !proxyIndex.isValid() || proxyIndex.model() != this)
        return -1;
    return model->jointForIndex(mapToSource(proxyIndex));
}

} // namespace marrow::ui
