// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/ghost_layer.h"

namespace marrow::gl {

void GhostLayer::reset(std::size_t skins)
{
    m_skins = skins;
    for (Ghost& g : m_ghosts) {
        g.palettes.reset(skins);
        g.worlds.clear();
        g.visible = false;
    }
}

void GhostLayer::set(std::size_t ghost, std::span<const std::vector<glm::mat4>> palettes,
                     std::span<const glm::mat4> worlds, const glm::vec3& tint)
{
    if (ghost >= kGhosts || palettes.size() != m_skins)
        return;
    Ghost& g = m_ghosts[ghost];
    for (std::size_t s = 0; s < palettes.size(); ++s)
        g.palettes.setPalette(s, palettes[s]);
    g.worlds.assign(worlds.begin(), worlds.end());
    g.tint = tint;
    g.visible = true;
}

void GhostLayer::hide()
{
    for (Ghost& g : m_ghosts)
        g.visible = false;
}

void GhostLayer::create(QOpenGLFunctions_3_3_Core& gl)
{
    for (Ghost& g : m_ghosts)
        g.palettes.create(gl);
}

std::size_t GhostLayer::destroy(QOpenGLFunctions_3_3_Core& gl)
{
    std::size_t bytes = 0;
    for (Ghost& g : m_ghosts)
        bytes += g.palettes.destroy(gl);
    return bytes;
}

void GhostLayer::apply(QOpenGLFunctions_3_3_Core& gl)
{
    for (Ghost& g : m_ghosts)
        if (g.visible)
            g.palettes.apply(gl, mesh::SkinningMethod::Linear);
}

std::size_t GhostLayer::bytesUploaded() const
{
    std::size_t total = 0;
    for (const Ghost& g : m_ghosts)
        total += g.palettes.bytesUploaded();
    return total;
}

} // namespace marrow::gl
