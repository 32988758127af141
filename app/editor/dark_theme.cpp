// SPDX-License-Identifier: MIT
#include "app/editor/dark_theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyleFactory>

namespace marrow::app {

void applyDarkTheme(QApplication& app)
{
    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p;
    const QColor window(45, 47, 52), base(33, 35, 39), alternate(40, 42, 47), text(220, 223, 228);
    const QColor button(54, 57, 63), accent(240, 160, 80), disabledText(120, 124, 130);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, alternate);
    p.setColor(QPalette::ToolTipBase, QColor(60, 63, 70));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabledText);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 90, 90));
    p.setColor(QPalette::Link, accent);
    p.setColor(QPalette::Highlight, QColor(214, 128, 52));
    p.setColor(QPalette::HighlightedText, QColor(20, 20, 22));
    p.setColor(QPalette::Light, QColor(70, 73, 80));
    p.setColor(QPalette::Midlight, QColor(62, 65, 72));
    p.setColor(QPalette::Mid, QColor(38, 40, 44));
    p.setColor(QPalette::Dark, QColor(28, 29, 32));
    p.setColor(QPalette::Shadow, QColor(15, 15, 17));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(80, 82, 88));
    app.setPalette(p);
}

} // namespace marrow::app
