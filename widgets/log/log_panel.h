// SPDX-License-Identifier: MIT
#pragma once
#include <QDateTime>
#include <QWidget>

class QLabel;
class QTreeWidget;

namespace marrow::ui {

// The Log dock's content: one row per message (time, file, what happened),
// newest last, kept for the whole session. Import warnings and repairs land
// here so "N repaired on import" has somewhere to point; open and save
// errors too, so a dialog closed too quickly is not the only record.
class LogPanel : public QWidget {
    Q_OBJECT
public:
    enum class Severity { Info, Warning, Error };

    explicit LogPanel(QWidget* parent = nullptr);

    void addEntry(Severity severity, const QString& file, const QString& message,
                  const QDateTime& when = QDateTime::currentDateTime());
    int entryCount() const;
    // "file: message" of row `row` (for tests and the clipboard).
    QString entryText(int row) const;
    Severity entrySeverity(int row) const;
    void clear();

signals:
    // An entry of at least Warning severity arrived (the window may raise the dock).
    void attentionNeeded();

private:
    void updateSummary();

    QTreeWidget* m_list = nullptr;
    QLabel* m_summary = nullptr;
    int m_warnings = 0;
    int m_errors = 0;
};

} // namespace marrow::ui
