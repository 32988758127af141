// SPDX-License-Identifier: MIT
#include "widgets/timeline/ruler_markers.h"
#include "widgets/timeline/marker_flag_layout.h"

#include "core/anim/transition_timing.h"
#include "core/commands/edit_sync_markers_command.h"
#include "core/document/document.h"
#include "core/model/foot_markers.h"
#include "core/workspace/selection.h"
#include "core/workspace/transition_preview.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_style.h"
#include "widgets/timeline/transition/transition_colors.h"

#include <QInputDialog>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <map>

namespace marrow::ui {

namespace style = timeline_style;

namespace {

constexpr double kScanRate = 240.0;  // preview samples a second when placing transition flags
constexpr int kFlagWidth = 11;
constexpr int kFlagHeight = 10;
constexpr double kHitPixels = 6.0;

double widgetXToTime(const TimelineGeometry& g, double x)
{
    return g.pixelToTime(x - style::gutterWidth());
}

// Flags where a side's clip time passes its markers between two samples.
void crossings(const std::vector<anim::SyncMarker>& markers, double before, long long loopsBefore, double after,
               long long loopsAfter, double t, bool first, std::vector<std::pair<std::size_t, double>>& out)
{
    for (std::size_t i = 0; i < markers.size(); ++i) {
        const double m = markers[i].time;
        const bool passed = first ? std::abs(m - after) < 1e-9
                            : loopsAfter == loopsBefore ? (before < m && m <= after)
                                                        : (before < m || m <= after);
        if (passed)
            out.emplace_back(i, t);
    }
}

} // namespace

RulerMarkers::RulerMarkers(doc::Document* document, ws::Selection* selection, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_selection(selection)
{
    if (m_document) {
        connect(m_document, &doc::Document::syncMarkersChanged, this, &RulerMarkers::invalidate);
        connect(m_document, &doc::Document::clipsChanged, this, &RulerMarkers::invalidate);
        connect(m_document, &doc::Document::keysChanged, this, &RulerMarkers::invalidate);
        connect(m_document, &doc::Document::rigReplaced, this, &RulerMarkers::invalidate);
    }
    if (m_selection)
        connect(m_selection, &ws::Selection::activeClipChanged, this, &RulerMarkers::invalidate);
}

void RulerMarkers::invalidate()
{
    m_flags.reset();
    emit changed();
}

void RulerMarkers::setTransitionPreview(ws::TransitionPreview* preview)
{
    m_preview = preview;
    if (m_preview) {
        connect(m_preview, &ws::TransitionPreview::previewChanged, this, &RulerMarkers::invalidate);
        connect(m_preview, &ws::TransitionPreview::activeChanged, this, &RulerMarkers::invalidate);
    }
    invalidate();
}

const std::vector<RulerMarkers::Flag>& RulerMarkers::flags()
{
    if (!m_flags)
        m_flags = findFlags();
    return *m_flags;
}

std::vector<RulerMarkers::Flag> RulerMarkers::findFlags() const
{
    std::vector<Flag> out;
    if (!m_document)
        return out;
    const model::Rig& rig = m_document->rig();
    // Found markers sample the feet: once per clip, not per flag.
    std::map<model::ClipId, std::vector<anim::SyncMarker>> markersOf;
    const auto markers = [&](model::ClipId clip) -> const std::vector<anim::SyncMarker>& {
        auto it = markersOf.find(clip);
        if (it == markersOf.end())
            it = markersOf.emplace(clip, model::syncMarkersOf(rig, rig.clips[static_cast<std::size_t>(clip)])).first;
        return it->second;
    };
    const auto add = [&](model::ClipId clip, std::size_t index, double t, bool sideB) {
        out.push_back({clip, index, t, markers(clip)[index], sideB,
                       !rig.clips[static_cast<std::size_t>(clip)].syncMarkers});
    };
    if (m_preview && m_preview->isActive()) {
        const model::Transition* tr = m_preview->transition();
        const auto timing = m_preview->sampledTiming();
        if (!tr || !timing)
            return out;
        const std::vector<anim::SyncMarker> a = markers(tr->clipA);
        const std::vector<anim::SyncMarker> b = markers(tr->clipB);
        const double end = timing->length(), blendEnd = timing->blendEnd();
        const auto steps = static_cast<long long>(std::ceil(end * kScanRate));
        anim::TransitionFrame previous = anim::sampleTransition(*timing, 0.0);
        std::vector<std::pair<std::size_t, double>> hitsA, hitsB;
        for (long long k = 0; k <= steps; ++k) {
            const double t = std::min(end, static_cast<double>(k) / kScanRate);
            const anim::TransitionFrame f = anim::sampleTransition(*timing, t);
            if (t <= blendEnd + 1e-9)
                crossings(a, previous.timeA, previous.loopsA, f.timeA, f.loopsA, t, k == 0, hitsA);
            if (t >= timing->exit - 1e-9)
                crossings(b, previous.timeB, previous.loopsB, f.timeB, f.loopsB, t,
                          previous.u < 0.0 && f.u >= 0.0 ? false : k == 0, hitsB);
            previous = f;
        }
        for (const auto& [i, t] : hitsA)
            add(tr->clipA, i, t, false);
        for (const auto& [i, t] : hitsB)
            add(tr->clipB, i, t, true);
        return out;
    }
    const model::ClipId clip = m_selection ? m_selection->activeClip() : -1;
    if (clip < 0 || static_cast<std::size_t>(clip) >= rig.clips.size())
        return out;
    for (std::size_t i = 0; i < markers(clip).size(); ++i)
        add(clip, i, markers(clip)[i].time, false);
    return out;
}

std::vector<RulerMarkers::Placed> RulerMarkers::placed(const TimelineGeometry& geometry)
{
    const std::vector<Flag>& all = flags();
    std::vector<Placed> out(all.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        const double chars = static_cast<double>(QString::fromStdString(flagLabel(all[i].marker.name)).size());
        const double width = chars > 1.0 ? kFlagWidth + 6.0 : static_cast<double>(kFlagWidth);
        out[i] = {i, static_cast<double>(style::timeToX(geometry, all[i].previewTime)), 0.0, width};
    }
    std::stable_sort(out.begin(), out.end(), [](const Placed& a, const Placed& b) { return a.pole < b.pole; });
    std::vector<double> poles, widths;
    for (const Placed& p : out) {
        poles.push_back(p.pole);
        widths.push_back(p.width);
    }
    const std::vector<double> lefts = flagLefts(poles, widths);
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i].left = lefts[i];
    return out;
}

void RulerMarkers::paint(QPainter& painter, const TimelineGeometry& geometry, const QRect& timeArea)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    QFont font = painter.font();
    font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.8));
    font.setBold(true);
    painter.setFont(font);
    const int bottom = timeArea.bottom() - 1;
    const double top = bandTop(timeArea.height());
    const std::vector<Flag>& all = flags();
    for (const Placed& p : placed(geometry)) {
        const Flag& f = all[p.flag];
        const double x = p.pole, left = p.left, w = p.width;
        if (left + w < timeArea.left() || x > timeArea.right() + kFlagWidth)
            continue;
        const QColor colour = m_preview && m_preview->isActive()
                                  ? (f.sideB ? transition_colors::sideB() : transition_colors::sideA())
                                  : QColor(120, 200, 120);
        // A pennant on a short pole from the ruler's foot: the pole marks the
        // time; a pennant moved aside for another hangs from a line to it.
        QPainterPath flag;
        flag.moveTo(left, top);
        flag.lineTo(left + w, top);
        flag.lineTo(left + w - 3, top + kFlagHeight / 2.0);
        flag.lineTo(left + w, top + kFlagHeight);
        flag.lineTo(left, top + kFlagHeight);
        flag.closeSubpath();
        painter.setPen(QPen(colour, 1.2));
        painter.setBrush(f.found ? Qt::NoBrush : QBrush(colour));
        painter.drawPath(flag);
        painter.drawLine(QPointF(x, top), QPointF(x, bottom));
        if (left > x + 0.5)
            painter.drawLine(QPointF(x, top), QPointF(left, top));
        painter.setPen(f.found ? colour : QColor(24, 24, 24));
        painter.drawText(QRectF(left, top, w - 2, kFlagHeight), Qt::AlignCenter,
                         QString::fromStdString(flagLabel(f.marker.name)));
    }
    painter.restore();
}

std::optional<RulerMarkers::Flag> RulerMarkers::flagAt(const TimelineGeometry& geometry, double x)
{
    std::optional<Flag> best;
    double bestDistance = kHitPixels;
    for (const Placed& p : placed(geometry)) {
        // A pennant is hit anywhere on it; otherwise the nearest pole.
        if (x >= p.left && x <= p.left + p.width)
            return flags()[p.flag];
        const double d = std::abs(x - p.pole);
        if (d <= bestDistance) {
            bestDistance = d;
            best = flags()[p.flag];
        }
    }
    return best;
}

QString RulerMarkers::toolTipAt(const TimelineGeometry& geometry, double x)
{
    const auto hit = flagAt(geometry, x);
    if (!hit || !m_document)
        return {};
    const model::Rig& rig = m_document->rig();
    const double pole = style::timeToX(geometry, hit->previewTime);
    const bool transition = m_preview && m_preview->isActive();
    QStringList lines;
    for (const Placed& p : placed(geometry)) {
        if (std::abs(p.pole - pole) > kHitPixels)
            continue;
        const Flag& f = flags()[p.flag];
        const QString clip = QString::fromStdString(rig.clips[static_cast<std::size_t>(f.clip)].name);
        lines << tr("%1: %2, %3%4 at %5 s%6")
                     .arg(QString::fromStdString(f.marker.name), QString::fromStdString(markerMeaning(f.marker.name)),
                          clip, transition ? (f.sideB ? tr(" (B)") : tr(" (A)")) : QString())
                     .arg(f.marker.time, 0, 'f', 3)
                     .arg(f.found ? tr(", found from the feet") : QString());
    }
    return lines.join(QLatin1Char('\n'));
}

std::optional<std::pair<model::ClipId, double>> RulerMarkers::clipAt(double previewTime)
{
    if (!m_document)
        return std::nullopt;
    if (m_preview && m_preview->isActive()) {
        const model::Transition* tr = m_preview->transition();
        const auto timing = m_preview->sampledTiming();
        if (!tr || !timing)
            return std::nullopt;
        const anim::TransitionFrame f = anim::sampleTransition(*timing, std::clamp(previewTime, 0.0, timing->length()));
        return f.u < 0.0 ? std::pair{tr->clipA, f.timeA} : std::pair{tr->clipB, f.timeB};
    }
    const model::ClipId clip = m_selection ? m_selection->activeClip() : -1;
    if (clip < 0 || static_cast<std::size_t>(clip) >= m_document->rig().clips.size())
        return std::nullopt;
    const double length = m_document->rig().clips[static_cast<std::size_t>(clip)].duration;
    return std::pair{clip, std::clamp(previewTime, 0.0, length)};
}

std::optional<double> RulerMarkers::clipTimeOf(const Flag& flag, double previewTime)
{
    const model::Rig& rig = m_document->rig();
    const double length = rig.clips[static_cast<std::size_t>(flag.clip)].duration;
    double t = std::clamp(previewTime, 0.0, length);
    if (m_preview && m_preview->isActive()) {
        const auto timing = m_preview->sampledTiming();
        if (!timing)
            return std::nullopt;
        const anim::TransitionFrame f = anim::sampleTransition(*timing, std::clamp(previewTime, 0.0, timing->length()));
        t = flag.sideB ? f.timeB : f.timeA;
    }
    // Markers sit inside [0, length): one at the very end is the next loop's start.
    return std::clamp(t, 0.0, std::max(0.0, std::nextafter(length, 0.0)));
}

void RulerMarkers::setMarkers(model::ClipId clip, std::vector<anim::SyncMarker> markers, const QString& text,
                              model::InteractionId interaction)
{
    m_document->undoStack()->push(
        cmd::makeEditSyncMarkersCommand(m_document, clip, std::move(markers), text, interaction).release());
}

void RulerMarkers::addMarker(model::ClipId clip, const std::string& name, double clipTime)
{
    const model::Rig& rig = m_document->rig();
    auto markers = model::syncMarkersOf(rig, rig.clips[static_cast<std::size_t>(clip)]);
    markers.push_back({name, clipTime});
    setMarkers(clip, std::move(markers), tr("Add Sync Marker"));
}

void RulerMarkers::renameMarker(const Flag& flag, const std::string& name)
{
    const model::Rig& rig = m_document->rig();
    auto markers = model::syncMarkersOf(rig, rig.clips[static_cast<std::size_t>(flag.clip)]);
    if (flag.index >= markers.size() || name.empty())
        return;
    markers[flag.index].name = name;
    setMarkers(flag.clip, std::move(markers), tr("Rename Sync Marker"));
}

void RulerMarkers::deleteMarker(const Flag& flag)
{
    const model::Rig& rig = m_document->rig();
    auto markers = model::syncMarkersOf(rig, rig.clips[static_cast<std::size_t>(flag.clip)]);
    if (flag.index >= markers.size())
        return;
    markers.erase(markers.begin() + static_cast<std::ptrdiff_t>(flag.index));
    setMarkers(flag.clip, std::move(markers), tr("Delete Sync Marker"));
}

void RulerMarkers::resetToFound(model::ClipId clip)
{
    m_document->undoStack()->push(
        cmd::makeEditSyncMarkersCommand(m_document, clip, std::nullopt, tr("Find Sync Markers from the Feet"))
            .release());
}

int RulerMarkers::bandTop(int rulerHeight)
{
    return rulerHeight - 2 - kFlagHeight - 1;
}

bool RulerMarkers::press(const TimelineGeometry& geometry, QPointF pos, int rulerHeight)
{
    if (pos.y() < bandTop(rulerHeight))
        return false;
    const auto flag = flagAt(geometry, pos.x());
    if (!flag || !m_document)
        return false;
    m_drag = Drag{*flag, m_document->beginInteraction()};
    return true;
}

bool RulerMarkers::move(const TimelineGeometry& geometry, double x)
{
    if (!m_drag || !m_document)
        return false;
    const auto time = clipTimeOf(m_drag->flag, widgetXToTime(geometry, x));
    const model::Rig& rig = m_document->rig();
    auto markers = model::syncMarkersOf(rig, rig.clips[static_cast<std::size_t>(m_drag->flag.clip)]);
    if (!time || m_drag->flag.index >= markers.size())
        return true;
    markers[m_drag->flag.index].time = *time;
    const anim::SyncMarker moved = markers[m_drag->flag.index];
    markers = anim::sortedMarkers(std::move(markers));
    // Follow the marker to its place in the sorted list.
    for (std::size_t i = 0; i < markers.size(); ++i)
        if (markers[i] == moved)
            m_drag->flag.index = i;
    setMarkers(m_drag->flag.clip, std::move(markers), tr("Move Sync Marker"), m_drag->interaction);
    return true;
}

bool RulerMarkers::release()
{
    const bool was = m_drag.has_value();
    m_drag.reset();
    return was;
}

QMenu* RulerMarkers::popupMenu(const TimelineGeometry& geometry, double x, const QPoint& globalPos, QWidget* parent)
{
    auto* menu = new QMenu(parent);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    const auto flag = flagAt(geometry, x);
    const auto at = clipAt(widgetXToTime(geometry, x));
    if (at) {
        const auto [clip, time] = *at;
        // clipAt gave the clip's own time (A's before the exit, B's after);
        // a marker sits inside [0, length): one at the very end is the next loop's start.
        const double length = m_document->rig().clips[static_cast<std::size_t>(clip)].duration;
        const double inside = std::clamp(time, 0.0, std::max(0.0, std::nextafter(length, 0.0)));
        for (const char* name : {"L", "R"})
            menu->addAction(tr("Add Sync Marker \"%1\" Here").arg(QLatin1String(name)), this,
                            [this, clip, inside, n = std::string(name)] { addMarker(clip, n, inside); });
    }
    if (flag) {
        menu->addSeparator();
        const QString name = QString::fromStdString(flag->marker.name);
        menu->addAction(tr("Rename Sync Marker \"%1\"…").arg(name), this, [this, f = *flag, parent, name] {
            bool ok = false;
            const QString text = QInputDialog::getText(parent, tr("Rename Sync Marker"), tr("Name:"),
                                                       QLineEdit::Normal, name, &ok).trimmed();
            if (ok && !text.isEmpty())
                renameMarker(f, text.toStdString());
        });
        menu->addAction(tr("Delete Sync Marker \"%1\"").arg(name), this, [this, f = *flag] { deleteMarker(f); });
    }
    if (at) {
        const model::ClipId clip = at->first;
        menu->addSeparator();
        QAction* reset = menu->addAction(tr("Find Sync Markers from the Feet"), this, [this, clip] { resetToFound(clip); });
        reset->setEnabled(m_document->rig().clips[static_cast<std::size_t>(clip)].syncMarkers.has_value());
    }
    menu->popup(globalPos);
    return menu;
}

} // namespace marrow::ui
