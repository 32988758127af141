// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/graph_view.h"

#include "core/document/document.h"
#include "core/workspace/key_selection.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/graph/channel_curve.h"
#include "widgets/timeline/key_edit_actions.h"
#include "widgets/timeline/key_track_model.h"
#include "widgets/timeline/timeline_style.h"

#include <QResizeEvent>
#include <QScrollBar>

#include <algorithm>

namespace marrow::ui {

namespace style = timeline_style;

namespace {

// Curved segments are sampled about every this many pixels.
constexpr double kSamplePixels = 3.0;
constexpr double kHandleLengthPx = 48.0;
constexpr double kKeyHitRadius = style::kKeyRadius + style::kHitSlop;
// A framed range leaves this fraction of its span free on each side, and
// at least kFrameMarginPx, so the outermost keys (4.5 px stamps) are drawn
// whole in a short or narrow dock too.
constexpr double kFrameMargin = 0.08;
constexpr double kFrameMarginPx = 12.0;

// The margin fraction f that leaves kFrameMarginPx of `sizePx`: the range
// plus 2f of it spans sizePx, so a side gets f * sizePx / (1 + 2f) pixels.
double frameMargin(double sizePx)
{
    if (sizePx <= 4.0 * kFrameMarginPx)
        return 0.5;  // a tiny plot: a quarter of it on each side
    return std::max(kFrameMargin, kFrameMarginPx / (sizePx - 2.0 * kFrameMarginPx));
}

} // namespace

GraphView::GraphView(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
                     ws::KeySelection* keySelection, TimelineGeometry* sharedGeometry, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_selection(selection)
    , m_playback(playback)
    , m_keys(keySelection)
    , m_ownGeometry(sharedGeometry ? nullptr : std::make_unique<TimelineGeometry>())
    , m_geometry(sharedGeometry ? sharedGeometry : m_ownGeometry.get())
    , m_timeInput(m_geometry, playback)
{
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(style::gutterWidth() + 120, style::kRulerHeight + 80);
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_editActions = new KeyEditActions(document, selection, playback, this);
    m_editActions->setKeySelection(keySelection);
    addKeyActions();
    m_channelScroll = new QScrollBar(Qt::Vertical, this);
    m_channelScroll->setFocusPolicy(Qt::NoFocus);
    m_channelScroll->hide();
    connect(m_channelScroll, &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
    if (m_playback && m_ownGeometry)
        m_geometry->setFps(m_playback->fps());

    if (m_document) {
        // Key edits re-sample the channels they name (coalesced: many
        // signals, one rebuild at the next paint); other clips' edits keep all.
        connect(m_document, &doc::Document::keysChanged, this,
                [this](int clip, model::JointIndex joint, anim::ChannelMask channels) {
                    if (m_selection && clip == m_selection->activeClip())
                        m_cache.invalidate(joint, channels);
                    markDirty();
                });
        connect(m_document, &doc::Document::clipsChanged, this, [this] {
            m_cache.clear();  // clip indices may have moved
            markDirty();
        });
        connect(m_document, &doc::Document::jointRenamed, this, qOverload<>(&QWidget::update));
        connect(m_document, &doc::Document::rigAboutToBeReplaced, this, [this] {
            m_rigGone = true;
            m_cache.clear();
            m_preview.clear();
            m_drag = Drag::None;
            markDirty();
        });
        connect(m_document, &doc::Document::rigReplaced, this, [this] {
            m_rigGone = false;
            m_hidden.clear();
            m_hiddenAxes.clear();
            onStructureChanged();
        });
    }
    if (m_selection) {
        connect(m_selection, &ws::Selection::jointsChanged, this, &GraphView::onStructureChanged);
        connect(m_selection, &ws::Selection::activeClipChanged, this, [this] {
            m_cache.clear();
            onStructureChanged();
        });
    }
    if (m_playback) {
        connect(m_playback, &ws::Playback::timeChanged, this, qOverload<>(&QWidget::update));
        connect(m_playback, &ws::Playback::durationChanged, this, qOverload<>(&QWidget::update));
        connect(m_playback, &ws::Playback::fpsChanged, this, [this](double fps) {
            if (m_ownGeometry)
                m_geometry->setFps(fps);
            update();
        });
    }
    if (m_keys)
        connect(m_keys, &ws::KeySelection::changed, this, [this] {
            ++m_keySelectionGeneration;  // the plot image shows which keys are selected
            update();
        });
}

GraphView::~GraphView() = default;

void GraphView::setRulerVisible(bool visible)
{
    m_rulerHeight = visible ? style::kRulerHeight : 0;
    m_values.setHeight(std::max(1, height() - m_rulerHeight));
    update();
}

void GraphView::markDirty()
{
    m_dirty = true;
    update();
}

void GraphView::onStructureChanged()
{
    m_fitPending = true;
    markDirty();
}

const anim::JointTrack* GraphView::documentTrack(model::JointIndex joint) const
{
    if (m_rigGone || !m_document || !m_selection)
        return nullptr;
    const anim::Clip* clip = m_document->rig().clipAt(m_selection->activeClip());
    return clip ? clip->findTrack(joint) : nullptr;
}

void GraphView::rebuild() const
{
    const double pps = m_geometry->pixelsPerSecond();
    const double start = m_geometry->visibleStart();
    if (!m_dirty && pps == m_builtPixelsPerSecond && start == m_builtStart)
        return;
    m_dirty = false;
    m_builtPixelsPerSecond = pps;
    m_builtStart = start;
    // Curves whose samples the cache kept are taken over, not split again (assembleCurves).
    std::vector<graph::GraphCurve> previous = std::move(m_curves);
    m_curves.clear();
    ++m_curvesGeneration;
    if (m_rigGone || !m_selection)
        return;
    const std::vector<model::JointIndex> joints = shownJoints();
    // Smooth only about where the view looks (the cache decides when to sample again).
    const double step = kSamplePixels / pps;
    const graph::SampleWindow window{start, m_geometry->visibleEnd()};
    graph::SampledCurve preview;
    const graph::ChannelSource source = [&](model::JointIndex j, doc::ChannelKind k) -> const graph::SampledCurve* {
        if (const auto it = m_preview.find(j); it != m_preview.end()) {
            // A drag's preview changes every mouse move: sampled, never cached.
            preview = graph::sampleChannelCurve(it->second, k, graph::CurveCache::quantisedStep(step), window);
            return &preview;
        }
        const anim::JointTrack* track = documentTrack(j);
        return track ? &m_cache.curve(j, k, *track, step, window) : nullptr;
    };
    m_curves = graph::assembleCurves(
        joints, source, [this](model::JointIndex j, doc::ChannelKind k) { return isChannelShown(j, k); },
        [this](model::JointIndex j, doc::ChannelKind k, int c) { return isAxisShown(j, k, c); }, std::move(previous));
}

std::vector<model::JointIndex> GraphView::shownJoints() const
{
    std::vector<model::JointIndex> joints;
    if (m_rigGone || !m_document || !m_selection)
        return joints;
    // The dope sheet's order, so the two lists read alike.
    const anim::Skeleton& skeleton = m_document->rig().skeleton;
    std::vector<bool> selected(skeleton.size(), false);
    for (const model::JointIndex j : m_selection->joints())
        if (j >= 0 && static_cast<std::size_t>(j) < skeleton.size())
            selected[static_cast<std::size_t>(j)] = true;
    for (const model::JointIndex j : KeyTrackModel::treeOrder(skeleton))
        if (selected[static_cast<std::size_t>(j)])
            joints.push_back(j);
    return joints;
}

const std::vector<graph::GraphCurve>& GraphView::curves() const
{
    rebuild();
    return m_curves;
}

bool GraphView::isChannelShown(model::JointIndex joint, doc::ChannelKind kind) const
{
    return m_hidden.count({joint, kind}) == 0;
}

void GraphView::setChannelShown(model::JointIndex joint, doc::ChannelKind kind, bool shown)
{
    if (shown)
        m_hidden.erase({joint, kind});
    else
        m_hidden.insert({joint, kind});
    markDirty();
}

bool GraphView::isAxisShown(model::JointIndex joint, doc::ChannelKind kind, int component) const
{
    return m_hiddenAxes.count({joint, kind, component}) == 0;
}

void GraphView::setAxisShown(model::JointIndex joint, doc::ChannelKind kind, int component, bool shown)
{
    if (shown)
        m_hiddenAxes.erase({joint, kind, component});
    else
        m_hiddenAxes.insert({joint, kind, component});
    markDirty();
}

QRect GraphView::rulerRect() const
{
    return {style::gutterWidth(), 0, std::max(0, width() - style::gutterWidth()), m_rulerHeight};
}

QRect GraphView::plotRect() const
{
    return {style::gutterWidth(), m_rulerHeight, std::max(0, width() - style::gutterWidth()),
            std::max(0, height() - m_rulerHeight)};
}

double GraphView::xOf(double seconds) const
{
    return style::gutterWidth() + m_geometry->timeToPixel(seconds);
}

double GraphView::yOf(double value) const
{
    return m_rulerHeight + m_values.valueToPixel(value);
}

QPointF GraphView::keyPosition(std::size_t curve, std::size_t key) const
{
    const auto& all = curves();
    if (curve >= all.size() || key >= all[curve].keys.size())
        return {};
    const graph::KeyPoint& k = all[curve].keys[key];
    return {xOf(k.time), yOf(k.value)};
}

graph::HandleScales GraphView::handleScales() const
{
    return {m_geometry->pixelsPerSecond(), m_values.pixelsPerUnit(), kHandleLengthPx};
}

std::optional<double> GraphView::handleSlope(std::size_t curve, std::size_t key, graph::HandleSide side) const
{
    const auto& all = curves();
    if (curve >= all.size() || key >= all[curve].keys.size())
        return std::nullopt;
    const graph::GraphCurve& c = all[curve];
    if (!keySelected(c, c.keys[key]) || m_drag == Drag::MoveKeys)
        return std::nullopt;
    const anim::JointTrack* track = documentTrack(c.joint);
    if (!track)
        return std::nullopt;
    const std::size_t i = c.keys[key].index;
    const double scale = graph::displayScale(*track, c.kind);
    const bool out = side == graph::HandleSide::Out;
    return doc::visitChannel(*track, c.kind, [&](const auto& ch) -> std::optional<double> {
        const bool cubic = out ? i + 1 < ch.size() && ch.segment(i) == anim::Interpolation::CubicSpline
                               : i > 0 && i < ch.size() && ch.segment(i - 1) == anim::Interpolation::CubicSpline;
        const auto& tangents = out ? ch.outTangents : ch.inTangents;
        if (!cubic || i >= tangents.size())
            return std::nullopt;
        return tangents[i][c.component] * scale;
    });
}

std::optional<QPointF> GraphView::handlePosition(std::size_t curve, std::size_t key, graph::HandleSide side) const
{
    const std::optional<double> slope = handleSlope(curve, key, side);
    if (!slope)
        return std::nullopt;
    const graph::ScreenPoint d = graph::handleOffset(*slope, side, handleScales());
    const QPointF at = keyPosition(curve, key);
    return QPointF(at.x() + d.x, at.y() + d.y);
}

bool GraphView::keySelected(const graph::GraphCurve& curve, const graph::KeyPoint& key) const
{
    const doc::KeyId id = curve.keyId(key);
    if (m_drag == Drag::MoveKeys && m_dragStarted)
        return m_previewSelection.count(id) != 0;
    return m_keys && m_keys->contains(id);
}

std::optional<GraphView::KeyRef> GraphView::keyAt(QPointF pos) const
{
    std::vector<graph::ScreenPoint> points;
    std::vector<KeyRef> refs;
    const auto& all = curves();
    for (std::size_t c = 0; c < all.size(); ++c)
        for (std::size_t k = 0; k < all[c].keys.size(); ++k) {
            const QPointF p = keyPosition(c, k);
            points.push_back({p.x(), p.y()});
            refs.push_back({c, k});
        }
    const auto hit = graph::nearestPoint(points, pos.x(), pos.y(), kKeyHitRadius);
    return hit ? std::optional<KeyRef>(refs[*hit]) : std::nullopt;
}

std::optional<GraphView::HandleRef> GraphView::handleAt(QPointF pos) const
{
    std::vector<graph::ScreenPoint> points;
    std::vector<HandleRef> refs;
    const auto& all = curves();
    for (std::size_t c = 0; c < all.size(); ++c)
        for (std::size_t k = 0; k < all[c].keys.size(); ++k)
            for (const graph::HandleSide side : {graph::HandleSide::In, graph::HandleSide::Out})
                if (const auto p = handlePosition(c, k, side)) {
                    points.push_back({p->x(), p->y()});
                    refs.push_back({c, k, side});
                }
    const auto hit = graph::nearestPoint(points, pos.x(), pos.y(), kKeyHitRadius);
    return hit ? std::optional<HandleRef>(refs[*hit]) : std::nullopt;
}

std::set<doc::KeyId> GraphView::shownKeys() const
{
    std::set<doc::KeyId> keys;
    for (const graph::GraphCurve& c : curves())
        for (const graph::KeyPoint& k : c.keys)
            keys.insert(c.keyId(k));
    return keys;
}

void GraphView::frame(const std::optional<graph::Extent>& extent)
{
    if (!extent)
        return;
    double t0 = extent->t0, t1 = extent->t1;
    if (t1 - t0 < 1e-6) {
        t0 -= 0.5;
        t1 += 0.5;
    }
    const double pad = (t1 - t0) * frameMargin(m_geometry->width());
    m_geometry->setVisibleRange(t0 - pad, t1 + pad);
    m_values.fit(extent->v0, extent->v1, frameMargin(m_values.height()));
    m_dirty = true;  // the sample density follows the new scale
    update();
    emit viewChanged();
}

void GraphView::frameAll()
{
    frame(graph::curvesExtent(curves()));
}

void GraphView::frameSelected()
{
    const auto extent = graph::keysExtent(
        curves(), [this](const graph::GraphCurve& c, const graph::KeyPoint& k) { return keySelected(c, k); });
    if (extent)
        frame(extent);
    else
        frameAll();
}

void GraphView::changeEvent(QEvent* event)
{
    // The plot image keys on the palette and font, so a change shows at the next paint.
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
}

void GraphView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // A shared axis is sized by its owner (the timeline lays its views out alike).
    if (m_ownGeometry)
        m_geometry->setWidth(std::max(1, width() - style::gutterWidth()));
    m_values.setHeight(std::max(1, height() - m_rulerHeight));
    updateChannelScroll();
}

} // namespace marrow::ui
