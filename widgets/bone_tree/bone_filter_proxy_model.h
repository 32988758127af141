// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"

#include <QSortFilterProxyModel>

namespace marrow::ui {

class BoneTreeModel;

// Filters a BoneTreeModel by joint name: a case-insensitive substring match,
// applied recursively so that every ancestor of a match stays visible (a
// matching hand keeps its arm, shoulder and spine, so its place in the
// hierarchy still reads). Children of a match are not kept unless they match
// too: the filter narrows. It owns nothing but the filter text; the source
// model owns the data. Rows keep the skeleton's order (no sorting).
class BoneFilterProxyModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit BoneFilterProxyModel(QObject* parent = nullptr);

    void setBoneModel(BoneTreeModel* model);
    BoneTreeModel* boneModel() const;

    // Empty text shows every joint.
    void setNameFilter(const QString& text);
    QString nameFilter() const { return filterRegularExpression().pattern(); }

    QModelIndex indexForJoint(model::JointIndex joint) const;  // invalid when filtered out
    model::JointIndex jointForIndex(const QModelIndex& proxyIndex) const;
};

} // namespace marrow::ui
