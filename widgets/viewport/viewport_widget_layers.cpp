// SPDX-License-Identifier: MIT
// ViewportWidget's layers that the editor shell sets: the transition's
// ghosts and View › Weights with its legend. The shell reaches the renderer only through
// these, so the renderer's API stays the viewport's business.
#include "core/document/document.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/renderer/renderer.h"
#include "widgets/viewport/viewport_widget.h"

namespace marrow::ui {

void ViewportWidget::showGhost(std::size_t side, std::span<const std::vector<glm::mat4>> palettes,
                               std::span<const glm::mat4> worlds, const glm::vec3& tint)
{
    m_renderer->setGhost(side, palettes, worlds, tint);
    update();
}

void ViewportWidget::hideGhosts()
{
    m_renderer->hideGhosts();
    update();
}

void ViewportWidget::setGuideLines(std::vector<gl::OverlayVertex> lines)
{
    if (lines.empty() && m_guideLines.empty())
        return;
    m_guideLines = std::move(lines);
    update();
}

void ViewportWidget::setWeightView(gl::WeightView view, int influenceLimit, float scalarMax, HeatLegend legend)
{
    m_renderer->setWeightView(view, influenceLimit, scalarMax);
    m_legend = std::move(legend);
    update();
}

std::optional<HeatLegend> ViewportWidget::shownLegend() const
{
    if (!m_heatMap)
        return std::nullopt;
    if (m_renderer->weightView() != gl::WeightView::Weight)
        return m_legend;
    // The Weight view shows only with a bone to show (applyHeatJoint).
    const model::JointIndex joint = m_selection->currentJoint();
    const auto& names = m_document->rig().skeleton.names;
    if (joint < 0 || static_cast<std::size_t>(joint) >= names.size())
        return std::nullopt;
    return weightLegend(QString::fromStdString(names[static_cast<std::size_t>(joint)]));
}

gl::WeightView ViewportWidget::weightView() const
{
    return m_renderer->weightView();
}

void ViewportWidget::setVertexScalars(std::size_t mesh, std::vector<float> values)
{
    m_renderer->setVertexScalars(mesh, std::move(values));
    update();
}

QRect ViewportWidget::legendRect() const
{
    const auto legend = shownLegend();
    return legend ? heatLegendRect(size(), *legend, QFontMetrics(heatLegendFont(font()))) : QRect();
}

} // namespace marrow::ui
