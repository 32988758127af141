// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/paint_bone_list.h"

#include "widgets/weight_paint/paint_bone_list_model.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QMouseEvent>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace marrow::ui {

PaintBoneList::PaintBoneList(doc::Document* document, ws::Selection* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
    , m_model(new PaintBoneListModel(document, this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit(this))
    , m_view(new QTreeView(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(PaintBoneListModel::NameColumn);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setPlaceholderText(tr("Filter bones"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        // Rows leaving move the view's current row; that is no user pick.
        m_syncing = true;
        m_proxy->setFilterFixedString(text);
        m_syncing = false;
        syncFromSelection();
    });

    m_view->setModel(m_proxy);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    QHeaderView* header = m_view->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(PaintBoneListModel::LockColumn, QHeaderView::Fixed);
    header->resizeSection(PaintBoneListModel::LockColumn, 26);
    header->setSectionResizeMode(PaintBoneListModel::NameColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(PaintBoneListModel::CountColumn, QHeaderView::ResizeToContents);
    // The padlock acts on press and eats the click, so the row (and the
    // active bone) stays as it was.
    m_view->viewport()->installEventFilter(this);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (m_syncing || !m_selection || !current.isValid())
            return;
        const int joint = current.data(PaintBoneListModel::JointIndexRole).toInt();
        if (joint != m_selection->currentJoint() || m_selection->joints().size() != 1)
            m_selection->selectJoint(joint);
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &PaintBoneList::syncFromSelection);
    if (m_selection)
        connect(m_selection, &ws::Selection::jointsChanged, this, &PaintBoneList::syncFromSelection);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_filter);
    layout->addWidget(m_view, 1);
}

void PaintBoneList::setMesh(model::MeshId mesh)
{
    if (mesh != m_model->mesh())
        m_model->setMesh(mesh);
}

bool PaintBoneList::eventFilter(QObject* watched, QEvent* event)
{
    const bool press = event->type() == QEvent::MouseButtonPress || event->type() == QEvent::MouseButtonDblClick;
    if (watched == m_view->viewport() && press) {
        auto* mouse = static_cast<QMouseEvent*>(event);
        const QModelIndex index = m_view->indexAt(mouse->position().toPoint());
        if (index.isValid() && index.column() == PaintBoneListModel::LockColumn) {
            if (mouse->button() == Qt::LeftButton && event->type() == QEvent::MouseButtonPress)
                m_model->toggleLock(m_proxy->mapToSource(index).row());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void PaintBoneList::syncFromSelection()
{
    m_syncing = true;
    const int row = m_selection ? m_model->rowForJoint(m_selection->currentJoint()) : -1;
    const QModelIndex index = row >= 0 ? m_proxy->mapFromSource(m_model->index(row, PaintBoneListModel::NameColumn))
                                       : QModelIndex();
    if (index.isValid()) {
        m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_view->scrollTo(index);
    } else {
        m_view->selectionModel()->clear();
    }
    m_syncing = false;
}

} // namespace marrow::ui
