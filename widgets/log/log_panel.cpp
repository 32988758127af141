// SPDX-License-Identifier: MIT
#include "widgets/log/log_panel.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace marrow::ui {

namespace {
constexpr int kSeverityRole = Qt::UserRole + 1;
enum Column { TimeColumn, FileColumn, MessageColumn };
} // namespace

LogPanel::LogPanel(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);

    m_list = new QTreeWidget(this);
    m_list->setColumnCount(3);
    m_list->setHeaderLabels({tr("Time"), tr("File"), tr("Message")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setWordWrap(false);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // The message column fits the dock and elides (the tooltip has the
    // whole text): a long message must never widen the dock, and with it the
    // Inspector and Weight Paint docks beside it.
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setSizeAdjustPolicy(QAbstractScrollArea::AdjustIgnored);
    m_list->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Expanding);
    m_list->header()->setStretchLastSection(true);
    m_list->header()->setSectionResizeMode(TimeColumn, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(FileColumn, QHeaderView::Interactive);
    m_list->header()->setSectionResizeMode(MessageColumn, QHeaderView::Stretch);
    // Short: History and Log share the column under the Weight Paint and
    // Transitions docks, which must show every option at 1600x1000.
    m_list->setMinimumSize(120, 36);
    layout->addWidget(m_list, 1);

    auto* bar = new QHBoxLayout;
    m_summary = new QLabel(this);
    m_summary->setForegroundRole(QPalette::PlaceholderText);
    // Its text grows with the counts ("1 warning", "2 warnings"): never let
    // it drive the dock's width, as the list's messages may not either.
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_summary->setMinimumWidth(0);
    auto* copy = new QPushButton(tr("Copy"), this);
    copy->setToolTip(tr("Copy the selected messages (all when none is selected)"));
    auto* clearButton = new QPushButton(tr("Clear"), this);
    bar->addWidget(m_summary, 1);
    bar->addWidget(copy);
    bar->addWidget(clearButton);
    layout->addLayout(bar);

    connect(clearButton, &QPushButton::clicked, this, &LogPanel::clear);
    connect(copy, &QPushButton::clicked, this, [this] {
        QStringList lines;
        const bool selectedOnly = !m_list->selectedItems().isEmpty();
        for (int row = 0; row < m_list->topLevelItemCount(); ++row) {
            QTreeWidgetItem* item = m_list->topLevelItem(row);
            if (!selectedOnly || item->isSelected())
                lines << item->text(TimeColumn) + QLatin1Char(' ') + entryText(row);
        }
        QApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
    });
    updateSummary();
}

void LogPanel::addEntry(Severity severity, const QString& file, const QString& message, const QDateTime& when)
{
    auto* item = new QTreeWidgetItem(m_list);
    item->setText(TimeColumn, when.toString(QStringLiteral("HH:mm:ss")));
    item->setToolTip(TimeColumn, when.toString(Qt::ISODate));
    item->setText(FileColumn, file);
    item->setToolTip(FileColumn, file);
    item->setText(MessageColumn, message);
    item->setToolTip(MessageColumn, message);  // long messages: the whole text on hover
    item->setData(TimeColumn, kSeverityRole, static_cast<int>(severity));
    QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
    if (severity == Severity::Warning) {
        icon = QStyle::SP_MessageBoxWarning;
        ++m_warnings;
    } else if (severity == Severity::Error) {
        icon = QStyle::SP_MessageBoxCritical;
        ++m_errors;
    }
    item->setIcon(TimeColumn, style()->standardIcon(icon));
    m_list->scrollToItem(item);
    updateSummary();
    if (severity != Severity::Info)
        emit attentionNeeded();
}

int LogPanel::entryCount() const
{
    return m_list->topLevelItemCount();
}

QString LogPanel::entryText(int row) const
{
    const QTreeWidgetItem* item = m_list->topLevelItem(row);
    return item ? item->text(FileColumn) + QStringLiteral(": ") + item->text(MessageColumn) : QString();
}

LogPanel::Severity LogPanel::entrySeverity(int row) const
{
    const QTreeWidgetItem* item = m_list->topLevelItem(row);
    return item ? static_cast<Severity>(item->data(TimeColumn, kSeverityRole).toInt()) : Severity::Info;
}

void LogPanel::clear()
{
    m_list->clear();
    m_warnings = m_errors = 0;
    updateSummary();
}

void LogPanel::updateSummary()
{
    // "1 error", not "1 errors".
    const auto counted = [](int n, const QString& one, const QString& many) {
        return QString::number(n) + QLatin1Char(' ') + (n == 1 ? one : many);
    };
    m_summary->setText(entryCount() == 0 ? tr("No messages yet")
                                         : counted(entryCount(), tr("message"), tr("messages")) + QStringLiteral(", ") +
                                               counted(m_warnings, tr("warning"), tr("warnings")) +
                                               QStringLiteral(", ") + counted(m_errors, tr("error"), tr("errors")));
}

} // namespace marrow::ui
