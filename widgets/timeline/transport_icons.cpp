// SPDX-License-Identifier: MIT
#include "widgets/timeline/transport_icons.h"

#include <QFile>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QPolygonF>

namespace marrow::ui {

namespace {

// A left-pointing triangle with its tip at x = tip, spanning [3.5, 12.5] vertically.
QPolygonF leftTriangle(double tip, double base)
{
    return QPolygonF({QPointF(base, 3.5), QPointF(base, 12.5), QPointF(tip, 8.0)});
}

// Glyphs are drawn in a 16 x 16 box; the forward ones are the backward ones mirrored.
void paintGlyph(QPainter& p, TransportIcon icon, const QColor& color)
{
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    const bool forward = icon == TransportIcon::StepForward || icon == TransportIcon::JumpEnd;
    if (forward) {
        p.translate(16.0, 0.0);
        p.scale(-1.0, 1.0);
    }
    switch (icon) {
    case TransportIcon::JumpStart:
    case TransportIcon::JumpEnd:
        p.drawRect(QRectF(3.0, 3.5, 2.0, 9.0));
        p.drawPolygon(leftTriangle(5.5, 13.0));
        break;
    case TransportIcon::StepBack:
    case TransportIcon::StepForward:
        p.drawPolygon(leftTriangle(1.5, 8.0));
        p.drawPolygon(leftTriangle(8.0, 14.5));
        break;
    case TransportIcon::Play:
        p.drawPolygon(QPolygonF({QPointF(4.0, 2.5), QPointF(4.0, 13.5), QPointF(13.5, 8.0)}));
        break;
    case TransportIcon::Pause:
        p.drawRect(QRectF(3.5, 3.0, 3.5, 10.0));
        p.drawRect(QRectF(9.0, 3.0, 3.5, 10.0));
        break;
    case TransportIcon::Loop: {
        // An open circle with an arrowhead at its end: "go round again".
        QPainterPath arc;
        arc.arcMoveTo(QRectF(2.5, 2.5, 11.0, 11.0), 60.0);
        arc.arcTo(QRectF(2.5, 2.5, 11.0, 11.0), 60.0, 280.0);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(color, 1.8, Qt::SolidLine, Qt::FlatCap));
        p.drawPath(arc);
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        const QPointF end = arc.currentPosition();
        p.drawPolygon(QPolygonF({end + QPointF(-3.2, -2.6), end + QPointF(2.6, -2.2), end + QPointF(-0.6, 2.8)}));
        break;
    }
    }
}

} // namespace

const char* transportThemeName(TransportIcon icon)
{
    switch (icon) {
    case TransportIcon::JumpStart: return "media-skip-backward";
    case TransportIcon::StepBack: return "media-seek-backward";
    case TransportIcon::Play: return "media-playback-start";
    case TransportIcon::Pause: return "media-playback-pause";
    case TransportIcon::StepForward: return "media-seek-forward";
    case TransportIcon::JumpEnd: return "media-skip-forward";
    case TransportIcon::Loop: return "media-playlist-repeat";
    }
    return "";
}

const char* transportResourceName(TransportIcon icon)
{
    switch (icon) {
    case TransportIcon::JumpStart: return "jump_start";
    case TransportIcon::StepBack: return "step_back";
    case TransportIcon::Play: return "play";
    case TransportIcon::Pause: return "pause";
    case TransportIcon::StepForward: return "step_forward";
    case TransportIcon::JumpEnd: return "jump_end";
    case TransportIcon::Loop: return "loop";
    }
    return "";
}

QIcon paintedTransportIcon(TransportIcon icon, const QColor& color)
{
    QIcon result;
    for (const int size : {16, 32}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.scale(size / 16.0, size / 16.0);
        paintGlyph(p, icon, color);
        p.end();
        result.addPixmap(pixmap);
    }
    return result;
}

QIcon transportIcon(TransportIcon icon, const QColor& color)
{
    // The resource may not be built yet, or the SVG icon engine may be
    // missing: check both before trusting it.
    const QString resource = QStringLiteral(":/icons/%1.svg").arg(QLatin1String(transportResourceName(icon)));
    QIcon fallback;
    if (QFile::exists(resource))
        fallback = QIcon(resource);
    if (fallback.isNull() || fallback.pixmap(16, 16).isNull())
        fallback = paintedTransportIcon(icon, color);
    return QIcon::fromTheme(QLatin1String(transportThemeName(icon)), fallback);
}

} // namespace marrow::ui
