// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/renderer/skin_palettes.h"

#include <glm/glm.hpp>

#include <array>
#include <span>
#include <vector>

class QOpenGLFunctions_3_3_Core;

namespace marrow::gl {

// The transition's ghosts as the renderer keeps them: per ghost (A, B) a
// palette per skin, the joints' world matrices (for rigid meshes), a tint
// and whether it shows. Plain data queued by the setters, uploaded by
// apply() in the context, like SkinPalettes.
class GhostLayer {
public:
    static constexpr std::size_t kGhosts = 2;

    // A rig with `skins` skins: no ghost shows until set.
    void reset(std::size_t skins);
    void set(std::size_t ghost, std::span<const std::vector<glm::mat4>> palettes, std::span<const glm::mat4> worlds,
             const glm::vec3& tint);
    void hide();
    bool visible(std::size_t ghost) const { return m_ghosts[ghost].visible; }

    void create(QOpenGLFunctions_3_3_Core& gl);
    std::size_t destroy(QOpenGLFunctions_3_3_Core& gl);
    void apply(QOpenGLFunctions_3_3_Core& gl);

    const PaletteBuffer& palette(std::size_t ghost, std::size_t skin) const { return m_ghosts[ghost].palettes.buffer(skin); }
    const std::vector<glm::mat4>& worlds(std::size_t ghost) const { return m_ghosts[ghost].worlds; }
    const glm::vec3& tint(std::size_t ghost) const { return m_ghosts[ghost].tint; }
    std::size_t bytesUploaded() const;

private:
    struct Ghost {
        SkinPalettes palettes;
        std::vector<glm::mat4> worlds;
        glm::vec3 tint{1.f};
        bool visible = false;
    };
    std::array<Ghost, kGhosts> m_ghosts;
    std::size_t m_skins = 0;
};

} // namespace marrow::gl
