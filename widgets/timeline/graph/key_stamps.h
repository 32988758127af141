// SPDX-License-Identifier: MIT
#pragma once
#include <QColor>
#include <QImage>

#include <array>

namespace marrow::ui::graph {

// The graph's key points drawn once as small images ("stamps"), so tens of
// thousands of keys cost a blend each instead of an antialiased ellipse.
// A stamp is square, an even number of device pixels wide, with the disc's
// centre on the corner between its four middle pixels.
class KeyStamps {
public:
    struct Style {
        QColor outline;                    // unselected keys' outline
        std::array<QColor, 4> fills;       // unselected keys' fill per component (x, y, z, w)
        QColor selectedOutline;
        QColor selectedFill;
        double radius = 3.5;               // logical pixels
        double selectedRadius = 4.5;
        qreal dpr = 1.0;
        bool operator==(const Style&) const = default;
    };

    // Draws the stamps again when the style changed.
    void prepare(const Style& style);
    const QImage& key(int component, bool selected) const
    {
        return selected ? m_selected : m_keys[static_cast<std::size_t>(component)];
    }

    // One disc: `pen` outlines it one logical pixel wide, `fill` fills it.
    static QImage make(const QColor& pen, const QColor& fill, double radius, qreal dpr);

private:
    Style m_style;
    bool m_ready = false;
    std::array<QImage, 4> m_keys;
    QImage m_selected;
};

} // namespace marrow::ui::graph
