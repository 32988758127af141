// SPDX-License-Identifier: MIT
#include "widgets/viewport/heat_legend.h"

#include <QLinearGradient>
#include <QObject>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

QColor heatRampColour(float heat)
{
    const float w = std::clamp(std::isfinite(heat) ? heat : 0.f, 0.f, 1.f);
    static const QColor stops[5] = {QColor(0, 0, 255), QColor(0, 255, 255), QColor(0, 255, 0), QColor(255, 255, 0),
                                    QColor(255, 0, 0)};
    const int i = std::min(static_cast<int>(w / 0.25f), 3);
    const float t = (w - 0.25f * static_cast<float>(i)) / 0.25f;
    const auto mix = [t](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * t)); };
    return {mix(stops[i].red(), stops[i + 1].red()), mix(stops[i].green(), stops[i + 1].green()),
            mix(stops[i].blue(), stops[i + 1].blue())};
}

QColor heatNoneColour()
{
    return QColor::fromRgbF(0.06f, 0.03f, 0.08f);
}

HeatLegend weightLegend(const QString& bone)
{
    return {QObject::tr("Weight: %1").arg(bone), true, {{0.f, QStringLiteral("0")}, {1.f, QStringLiteral("1")}}, {}};
}

HeatLegend influenceCountLegend(int limit)
{
    // skinned_mesh.vert: 0.7 * (count - 1) / (limit - 1), red above the limit.
    HeatLegend legend{QObject::tr("Influence Count"), false, {}, QObject::tr("dark: no weight")};
    const int shown = std::clamp(limit, 1, 8);
    for (int count = 1; count <= shown; ++count)
        legend.marks.push_back({0.7f * static_cast<float>(count - 1) / static_cast<float>(std::max(shown - 1, 1)),
                                QString::number(count)});
    legend.marks.push_back({1.f, QObject::tr("> %1").arg(shown)});
    return legend;
}

HeatLegend normalisationLegend()
{
    return {QObject::tr("Normalisation"), false,
            {{0.1f, QObject::tr("sums to 1")}, {1.f, QObject::tr("not 1")}}, QObject::tr("dark: no weight")};
}

HeatLegend scalarLegend(const QString& title, const QString& low, const QString& high, const QString& note)
{
    return {title, true, {{0.f, low}, {1.f, high}}, note};
}

QFont heatLegendFont(const QFont& base)
{
    QFont font = base;
    font.setPointSizeF(font.pointSizeF() * .85);
    return font;
}

namespace {

constexpr int kPad = 8, kBar = 12;

int stripWidth(const HeatLegend& legend)
{
    return legend.ramp ? 200 : std::max(160, static_cast<int>(legend.marks.size()) * 44);
}

} // namespace

QRect heatLegendRect(const QSize& viewSize, const HeatLegend& legend, const QFontMetrics& fm)
{
    const int lines = 2 + (legend.note.isEmpty() ? 0 : 1);
    const int width = std::max({stripWidth(legend), fm.horizontalAdvance(legend.note), fm.horizontalAdvance(legend.title)});
    const int height = kPad * 2 + lines * fm.height() + kBar + 4;
    return {10, viewSize.height() - height - 10, width + 2 * kPad, height};
}

void paintHeatLegend(QPainter& painter, const QSize& viewSize, const HeatLegend& legend)
{
    painter.save();
    painter.setFont(heatLegendFont(painter.font()));
    const QFontMetrics fm = painter.fontMetrics();
    const int pad = kPad, bar = kBar, width = stripWidth(legend);
    const QRect box = heatLegendRect(viewSize, legend, fm);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(20, 20, 24, 190));
    painter.drawRoundedRect(box, 4, 4);
    painter.setPen(QColor(220, 220, 220));
    int y = box.top() + pad + fm.ascent();
    painter.drawText(box.left() + pad, y, legend.title);
    const QRect strip(box.left() + pad, box.top() + pad + fm.height() + 2, width, bar);
    if (legend.ramp) {
        QLinearGradient gradient(strip.topLeft(), strip.topRight());
        for (int k = 0; k <= 8; ++k)
            gradient.setColorAt(k / 8.0, heatRampColour(static_cast<float>(k) / 8.f));
        painter.fillRect(strip, gradient);
    } else if (!legend.marks.empty()) {
        const int cell = strip.width() / static_cast<int>(legend.marks.size());
        for (std::size_t k = 0; k < legend.marks.size(); ++k)
            painter.fillRect(QRect(strip.left() + static_cast<int>(k) * cell, strip.top(), cell - 2, bar),
                             heatRampColour(legend.marks[k].at));
    }
    y = strip.bottom() + 2 + fm.ascent();
    for (std::size_t k = 0; k < legend.marks.size(); ++k) {
        const HeatLegend::Mark& mark = legend.marks[k];
        const int textWidth = fm.horizontalAdvance(mark.label);
        int x = 0;
        if (legend.ramp) {
            x = strip.left() + static_cast<int>(mark.at * static_cast<float>(strip.width())) - textWidth / 2;
        } else {
            const int cell = strip.width() / static_cast<int>(legend.marks.size());
            x = strip.left() + static_cast<int>(k) * cell + (cell - 2 - textWidth) / 2;
        }
        painter.drawText(std::clamp(x, strip.left(), strip.right() - textWidth), y, mark.label);
    }
    if (!legend.note.isEmpty()) {
        painter.setPen(QColor(170, 170, 170));
        painter.drawText(box.left() + pad, y + fm.height(), legend.note);
    }
    painter.restore();
}

} // namespace marrow::ui
