// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/weight_table_panel.h"

#include "widgets/weight_paint/name_end_header.h"
#include "widgets/weight_paint/weight_table_model.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace marrow::ui {

WeightTablePanel::WeightTablePanel(doc::Document* document, ws::Selection* selection, ws::PaintSelection* vertices,
                                   QWidget* parent)
    : QWidget(parent)
    , m_model(new WeightTableModel(document, selection, vertices, this))
    , m_view(new QTableView(this))
    , m_order(new QComboBox(this))
    , m_empty(new QLabel(this))
{
    setObjectName(QStringLiteral("WeightTablePanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Bones by"), this));
    m_order->addItems({tr("Hierarchy"), tr("Name")});
    m_order->setToolTip(tr("The columns' order: the skeleton's, or alphabetical"));
    top->addWidget(m_order);
    top->addStretch(1);
    layout->addLayout(top);
    m_empty->setWordWrap(true);
    m_empty->setText(tr("Select vertices in Weight Paint (the Select tool, B or L) to read and type their weights "
                        "here. A typed weight is kept and the vertex's other unlocked bones share the rest."));
    layout->addWidget(m_empty);
    m_view->setHorizontalHeader(new NameEndHeader(Qt::Horizontal, m_view));
    m_view->setModel(m_model);
    m_view->setObjectName(QStringLiteral("WeightTable"));
    m_view->horizontalHeader()->setDefaultSectionSize(72);
    m_view->verticalHeader()->setDefaultSectionSize(20);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->installEventFilter(this);
    layout->addWidget(m_view, 1);
    connect(m_order, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_model->setOrder(i == 1 ? WeightTableModel::Order::Name : WeightTableModel::Order::Hierarchy);
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &WeightTablePanel::updateEmptyState);
    updateEmptyState();
}

void WeightTablePanel::updateEmptyState()
{
    const bool empty = m_model->rowCount() == 0;
    m_empty->setVisible(empty);
    m_view->setVisible(!empty);
}

void WeightTablePanel::copySelection()
{
    const QModelIndexList cells = m_view->selectionModel()->selectedIndexes();
    if (cells.isEmpty())
        return;
    int top = INT_MAX, left = INT_MAX, bottom = -1, right = -1;
    for (const QModelIndex& c : cells) {
        top = std::min(top, c.row());
        left = std::min(left, c.column());
        bottom = std::max(bottom, c.row());
        right = std::max(right, c.column());
    }
    QStringList lines;
    for (int r = top; r <= bottom; ++r) {
        QStringList values;
        for (int c = left; c <= right; ++c)
            values << QString::number(m_model->index(r, c).data(Qt::EditRole).toDouble(), 'g', 7);
        lines << values.join(QLatin1Char('\t'));
    }
    QApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
}

bool WeightTablePanel::paste()
{
    const QModelIndex at = m_view->currentIndex();
    if (!at.isValid())
        return false;
    std::vector<std::vector<float>> block;
    const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString& line : lines) {
        std::vector<float> row;
        for (const QString& cell : line.split(QLatin1Char('\t'))) {
            bool ok = false;
            const float v = cell.trimmed().isEmpty() ? 0.f : cell.trimmed().toFloat(&ok);
            if (!ok && !cell.trimmed().isEmpty())
                return false;  // not a block of numbers: nothing pasted
            row.push_back(v);
        }
        block.push_back(std::move(row));
    }
    return m_model->setBlock(at, block);
}

bool WeightTablePanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view && (event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride)) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->matches(QKeySequence::Copy) || key->matches(QKeySequence::Paste)) {
            if (event->type() == QEvent::ShortcutOverride) {
                event->accept();  // ours, not the viewport's copy pose
                return true;
            }
            if (key->matches(QKeySequence::Copy))
                copySelection();
            else
                paste();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace marrow::ui
