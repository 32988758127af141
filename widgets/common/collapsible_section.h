// SPDX-License-Identifier: MIT
#pragma once
#include <QWidget>

class QToolButton;
class QVBoxLayout;

namespace marrow::ui {

// A dock section with a clickable header (an arrow and a title) that shows
// or hides its body, as Blender's panels do. A tall dock stays readable
// without a scroll bar: what is not in use folds away. The body holds
// widgets or layouts added through body(). The object name (set by the
// owner) is the key under which the editor remembers the expanded state.
class CollapsibleSection : public QWidget {
    Q_OBJECT
public:
    explicit CollapsibleSection(const QString& title, QWidget* parent = nullptr);

    QVBoxLayout* body() const { return m_body; }
    QToolButton* header() const { return m_header; }
    bool isExpanded() const;

public slots:
    void setExpanded(bool expanded);

signals:
    void expandedChanged(bool expanded);

private:
    QToolButton* m_header;
    QWidget* m_content;
    QVBoxLayout* m_body;
    QSizePolicy::Policy m_unfoldedPolicy = QSizePolicy::Preferred;
};

} // namespace marrow::ui
