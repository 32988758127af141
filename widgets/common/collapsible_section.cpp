// SPDX-License-Identifier: MIT
#include "widgets/common/collapsible_section.h"

#include <QToolButton>
#include <QVBoxLayout>

namespace marrow::ui {

CollapsibleSection::CollapsibleSection(const QString& title, QWidget* parent)
    : QWidget(parent)
    , m_header(new QToolButton(this))
    , m_content(new QWidget(this))
    , m_body(new QVBoxLayout(m_content))
{
    m_header->setText(title);
    m_header->setCheckable(true);
    m_header->setChecked(true);
    m_header->setAutoRaise(true);
    m_header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_header->setArrowType(Qt::DownArrow);
    m_header->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    QFont bold = m_header->font();
    bold.setBold(true);
    m_header->setFont(bold);
    m_header->setToolTip(tr("Click to fold or unfold %1").arg(title));
    // The body indents under the arrow, as a tree's children do.
    m_body->setContentsMargins(8, 0, 0, 2);
    m_body->setSpacing(4);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_header);
    layout->addWidget(m_content, 1);
    connect(m_header, &QToolButton::toggled, this, &CollapsibleSection::setExpanded);
}

bool CollapsibleSection::isExpanded() const
{
    return m_header->isChecked();
}

void CollapsibleSection::setExpanded(bool expanded)
{
    m_header->setChecked(expanded);  // re-enters through toggled once when it changes
    m_header->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    if (m_content->isHidden() != expanded)
        return;
    m_content->setVisible(expanded);
    // A folded section takes only its header's height, so the sections
    // below move up instead of the layout handing it the room.
    if (!expanded)
        m_unfoldedPolicy = sizePolicy().verticalPolicy();
    setSizePolicy(sizePolicy().horizontalPolicy(), expanded ? m_unfoldedPolicy : QSizePolicy::Fixed);
    emit expandedChanged(expanded);
}

} // namespace marrow::ui
