// SPDX-License-Identifier: MIT
#include "widgets/viewport/paint_vertex_select.h"

#include "core/mesh/vertex_selection.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/selection.h"
#include "core/workspace/weight_paint_session.h"
#include "widgets/viewport/screen_space.h"

#include <QCoreApplication>
#include <QKeyEvent>
#include <QKeySequence>

#include <cmath>

namespace marrow::ui {

namespace {

const glm::vec4 kBoxColour{1.f, 1.f, 1.f, .85f};
const glm::vec4 kSelectedDot{1.f, .55f, .1f, .7f};   // Blender's selected-vertex orange, the heat map showing through
const glm::vec4 kUnselectedDot{.02f, .02f, .03f, .35f};  // faint: the heat map must still read through them

QString trVertexSelect(const char* text)
{
    return QCoreApplication::translate("marrow::ui::PaintVertexSelect", text);
}

model::MeshId activeMeshIn(const ToolContext& ctx)
{
    return ctx.selection ? ctx.selection->activeMesh() : -1;
}

Qt::KeyboardModifiers plain(const QKeyEvent& event)
{
    return event.modifiers() & ~Qt::KeypadModifier;
}

} // namespace

PaintVertexSelect::PaintVertexSelect(ws::WeightPaintSession* session, ws::BrushState* brush, Notify notify)
    : m_session(session)
    , m_brush(brush)
    , m_notify(std::move(notify))
{
}

ws::PaintSelection* PaintVertexSelect::paintSelection() const
{
    return m_session ? m_session->paintSelection() : nullptr;
}

bool PaintVertexSelect::wantsPress() const
{
    return m_boxArmed || (m_brush && m_brush->tool() == ws::PaintTool::Select);
}

bool PaintVertexSelect::showsDots() const
{
    const ws::PaintSelection* s = paintSelection();
    return (s && s->masking()) || (m_brush && m_brush->tool() == ws::PaintTool::Select);
}

void PaintVertexSelect::press(ToolContext& ctx, const QPointF& position, Qt::KeyboardModifiers)
{
    m_pressed = true;
    m_fromB = m_boxArmed;
    m_boxArmed = false;
    m_pressPosition = m_cursor = position;
    ctx.update();
}

void PaintVertexSelect::move(ToolContext& ctx, const QPointF& position)
{
    m_cursor = position;
    if (m_pressed)
        ctx.update();
}

void PaintVertexSelect::release(ToolContext& ctx, const QPointF& position, Qt::KeyboardModifiers modifiers)
{
    if (!m_pressed)
        return;
    m_pressed = false;
    m_cursor = position;
    const QPointF d = position - m_pressPosition;
    const bool shift = (modifiers & Qt::ShiftModifier) != 0, ctrl = (modifiers & Qt::ControlModifier) != 0;
    if (!m_fromB && std::abs(d.x()) + std::abs(d.y()) <= kClickSlopPx)
        clickSelect(ctx, position, shift);
    else if (m_fromB)
        boxSelect(ctx, m_pressPosition, position, !ctrl, ctrl);  // B adds, Ctrl removes
    else
        boxSelect(ctx, m_pressPosition, position, shift, ctrl);
    m_fromB = false;
    ctx.update();
}

void PaintVertexSelect::cancel(ToolContext& ctx)
{
    m_pressed = m_boxArmed = m_fromB = false;
    ctx.update();
}

void PaintVertexSelect::store(model::MeshId mesh, std::vector<std::uint8_t> selection, const QString& what)
{
    ws::PaintSelection* s = paintSelection();
    if (!s)
        return;
    if (!selection.empty())
        if (const mesh::VertexWeld* weld = m_session->weld(mesh))
            mesh::selectCopies(selection, *weld);
    s->setVertices(mesh, std::move(selection));
    if (m_notify)
        m_notify(trVertexSelect("%1: %2 vertices selected%3")
                     .arg(what)
                     .arg(s->count(mesh))
                     .arg(s->masking() || s->count(mesh) == 0 ? QString() : trVertexSelect(" · V masks painting to them")));
}

void PaintVertexSelect::boxSelect(ToolContext& ctx, const QPointF& a, const QPointF& b, bool add, bool remove)
{
    const model::MeshId mesh = activeMeshIn(ctx);
    const mesh::PaintSurface* surface = m_session && mesh >= 0 ? m_session->surface(mesh) : nullptr;
    ws::PaintSelection* s = paintSelection();
    if (!surface || !s) {
        if (m_notify)
            m_notify(trVertexSelect("Choose a skinned mesh to select its vertices (Ctrl+click it)"));
        return;
    }
    const glm::mat4 viewProjection = ctx.viewProjection();
    const auto positions = surface->positions();
    std::vector<glm::vec2> projected(positions.size());
    for (std::size_t v = 0; v < positions.size(); ++v)
        projected[v] = screen_space::toWindow(ctx, viewProjection, positions[v]);
    const std::vector<std::uint32_t> inBox =
        mesh::verticesInRect(projected, {static_cast<float>(a.x()), static_cast<float>(a.y())},
                             {static_cast<float>(b.x()), static_cast<float>(b.y())});
    const auto rayTo = [&](const glm::vec3& point) {
        const glm::vec2 w = screen_space::toWindow(ctx, viewProjection, point);
        return screen_space::rayAt(ctx, QPointF(w.x, w.y));
    };
    const std::vector<std::uint32_t> seen = m_session->unoccluded(mesh, inBox, rayTo);
    std::vector<std::uint8_t> selection = add || remove ? s->vertices(mesh) : std::vector<std::uint8_t>();
    selection.resize(positions.size(), 0);
    for (const std::uint32_t v : seen)
        selection[v] = remove ? 0 : 1;
    if (remove)  // a copy left selected would bring its group back
        if (const mesh::VertexWeld* weld = m_session->weld(mesh))
            for (const std::uint32_t v : seen)
                for (const std::uint32_t c : weld->copiesOf(v))
                    selection[c] = 0;
    store(mesh, std::move(selection), remove ? trVertexSelect("Box deselect") : trVertexSelect("Box select"));
}

void PaintVertexSelect::clickSelect(ToolContext& ctx, const QPointF& position, bool toggle)
{
    const model::MeshId mesh = activeMeshIn(ctx);
    ws::PaintSelection* s = paintSelection();
    if (!m_session || !s || mesh < 0)
        return;
    const auto hit = m_session->pick(screen_space::rayAt(ctx, position), mesh);
    if (!hit) {
        if (!toggle)
            store(mesh, {}, trVertexSelect("Select"));  // a click off the mesh deselects, as in Blender
        return;
    }
    std::vector<std::uint8_t> selection = toggle ? s->vertices(mesh) : std::vector<std::uint8_t>();
    selection.resize(m_session->surface(mesh)->positions().size(), 0);
    const bool on = !(toggle && selection[hit->vertex] != 0);
    if (const mesh::VertexWeld* weld = m_session->weld(mesh))
        for (const std::uint32_t c : weld->copiesOf(hit->vertex))
            selection[c] = on ? 1 : 0;
    else
        selection[hit->vertex] = on ? 1 : 0;
    s->setActiveVertex(mesh, hit->vertex);
    store(mesh, std::move(selection), trVertexSelect("Vertex %1").arg(hit->vertex));
}

void PaintVertexSelect::selectLinked(ToolContext& ctx, const QPointF& cursor, bool deselect)
{
    const model::MeshId mesh = activeMeshIn(ctx);
    ws::PaintSelection* s = paintSelection();
    if (!m_session || !s || mesh < 0)
        return;
    const auto hit = m_session->pick(screen_space::rayAt(ctx, cursor), mesh);
    if (!hit) {
        if (m_notify)
            m_notify(trVertexSelect("Point at the active mesh: L selects the connected part under the cursor"));
        return;
    }
    const std::vector<std::uint8_t> linked = m_session->linkedVertices(mesh, hit->vertex);
    std::vector<std::uint8_t> selection = s->vertices(mesh);
    selection.resize(linked.size(), 0);
    for (std::size_t v = 0; v < linked.size(); ++v)
        if (linked[v] != 0)
            selection[v] = deselect ? 0 : 1;
    store(mesh, std::move(selection), deselect ? trVertexSelect("Deselect linked") : trVertexSelect("Select linked"));
}

bool PaintVertexSelect::claimsKey(const QKeyEvent& event) const
{
    const Qt::KeyboardModifiers mods = plain(event);
    switch (event.key()) {
    case Qt::Key_B:
    case Qt::Key_V:
        return mods == Qt::NoModifier;
    case Qt::Key_L:
        return mods == Qt::NoModifier || mods == Qt::ShiftModifier;
    case Qt::Key_A:
        return mods == Qt::NoModifier || mods == Qt::AltModifier;
    case Qt::Key_I:
        return mods == Qt::ControlModifier;
    case Qt::Key_Escape:
        return m_boxArmed || m_pressed;
    default:
        return false;
    }
}

bool PaintVertexSelect::keyPress(ToolContext& ctx, const QKeyEvent& event, const QPointF& cursor)
{
    if (!claimsKey(event))
        return false;
    ws::PaintSelection* s = paintSelection();
    const model::MeshId mesh = activeMeshIn(ctx);
    const Qt::KeyboardModifiers mods = plain(event);
    switch (event.key()) {
    case Qt::Key_B:
        m_boxArmed = true;
        break;
    case Qt::Key_Escape:
        cancel(ctx);
        break;
    case Qt::Key_V:
        if (s) {
            s->setMasking(!s->masking());
            if (m_notify)
                m_notify(s->masking() ? trVertexSelect("Vertex selection masking on: painting and the Weights menu touch only "
                                           "the %1 selected vertices").arg(s->count(mesh))
                                      : trVertexSelect("Vertex selection masking off"));
        }
        break;
    case Qt::Key_L:
        selectLinked(ctx, cursor, mods == Qt::ShiftModifier);
        break;
    case Qt::Key_A:
    case Qt::Key_I:
        if (s && mesh >= 0 && m_session && m_session->surface(mesh)) {
            const std::size_t n = m_session->surface(mesh)->positions().size();
            std::vector<std::uint8_t> selection = s->vertices(mesh);
            selection.resize(n, 0);
            if (event.key() == Qt::Key_I)
                mesh::invertSelection(selection);
            else
                selection.assign(n, mods == Qt::AltModifier ? 0 : 1);
            store(mesh, std::move(selection),
                  event.key() == Qt::Key_I ? trVertexSelect("Invert") : mods == Qt::AltModifier ? trVertexSelect("Select none") : trVertexSelect("Select all"));
        }
        break;
    default:
        return false;
    }
    ctx.update();
    return true;
}

void PaintVertexSelect::overlay(const ToolContext& ctx, std::vector<gl::OverlayVertex>& lines) const
{
    if (!m_pressed)
        return;
    const QPointF a = m_pressPosition, b = m_cursor;
    if (!m_fromB && std::abs(b.x() - a.x()) + std::abs(b.y() - a.y()) <= kClickSlopPx)
        return;
    const QPointF c(b.x(), a.y()), d(a.x(), b.y());
    screen_space::appendLine(ctx, lines, a, c, kBoxColour);
    screen_space::appendLine(ctx, lines, c, b, kBoxColour);
    screen_space::appendLine(ctx, lines, b, d, kBoxColour);
    screen_space::appendLine(ctx, lines, d, a, kBoxColour);
}

void PaintVertexSelect::overlayPoints(const ToolContext& ctx, std::vector<gl::OverlayVertex>& points) const
{
    const model::MeshId mesh = activeMeshIn(ctx);
    const ws::PaintSelection* s = paintSelection();
    // A selection is always shown (an L or a B without V would be invisible);
    // every vertex only while masking or selecting, as in Blender.
    if (!m_session || !s || mesh < 0 || (!showsDots() && s->count(mesh) == 0))
        return;
    // surface() refits a stale pose; the dots must sit on the pose drawn.
    const mesh::PaintSurface* surface = m_session->surface(mesh);
    if (!surface)
        return;
    const auto positions = surface->positions();
    const std::vector<std::uint8_t>& selected = s->vertices(mesh);
    const bool all = showsDots();
    points.reserve(points.size() + positions.size());
    for (std::size_t v = 0; v < positions.size(); ++v) {
        const bool on = v < selected.size() && selected[v] != 0;
        if (!on && !all)
            continue;
        points.push_back({screen_space::liftedTowardsCamera(ctx, positions[v]), on ? kSelectedDot : kUnselectedDot});
    }
}

QString PaintVertexSelect::hint() const
{
    if (m_boxArmed)
        return trVertexSelect("Drag a box to add vertices to the selection · Ctrl: remove · Esc cancels");
    if (m_brush && m_brush->tool() == ws::PaintTool::Select)
        return trVertexSelect("Click a vertex · Shift+click toggles · drag a box (Shift adds, Ctrl removes) · L linked · A all, "
                  "Alt+A none, Ctrl+I invert · V masks painting to the selection");
    return {};
}

QList<KeyBinding> PaintVertexSelect::keyHelp() const
{
    const auto key = [](QKeyCombination k) { return QKeySequence(k).toString(QKeySequence::NativeText); };
    return {
        {trVertexSelect("Click, Shift+click (Select tool)"), trVertexSelect("Select the vertex under the cursor; Shift toggles it")},
        {trVertexSelect("Drag (Select tool)"), trVertexSelect("Box select vertices: Shift adds, Ctrl removes")},
        {key(Qt::Key_B), trVertexSelect("Box select once in any Weight Paint tool (Ctrl removes)")},
        {key(Qt::Key_L), trVertexSelect("Select the connected part under the cursor")},
        {key(Qt::SHIFT | Qt::Key_L), trVertexSelect("Deselect the connected part under the cursor")},
        {key(Qt::Key_A), trVertexSelect("Select every vertex of the active mesh")},
        {key(Qt::ALT | Qt::Key_A), trVertexSelect("Deselect every vertex")},
        {key(Qt::CTRL | Qt::Key_I), trVertexSelect("Invert the vertex selection")},
        {key(Qt::Key_V), trVertexSelect("Vertex selection masking: the brush, the gradient and the Weights menu touch only the "
                            "selection")},
    };
}

} // namespace marrow::ui
