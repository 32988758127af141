// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/skin_palettes.h"
#include "widgets/viewport/renderer/palette_buffer.h"

namespace marrow::gl {

SkinPalettes::SkinPalettes() = default;
SkinPalettes::~SkinPalettes() = default;

void SkinPalettes::reset(std::size_t skins)
{
    m_skins.assign(skins, SkinData{});
}

void SkinPalettes::setPalette(std::size_t skin, std::span<const glm::mat4> palette)
{
    if (skin >= m_skins.size())
        return;
    m_skins[skin].palette.assign(palette.begin(), palette.end());
    m_skins[skin].paletteDirty = true;
}

void SkinPalettes::setDualQuats(std::size_t skin, std::span<const math::ScaledDualQuat> dualQuats)
{
    if (skin >= m_skins.size())
        return;
    m_skins[skin].dualQuats.assign(dualQuats.begin(), dualQuats.end());
    m_skins[skin].dualQuatsDirty = true;
}

void SkinPalettes::create(QOpenGLFunctions_3_3_Core& gl)
{
    for (SkinData& s : m_skins) {
        m_buffers.push_back(std::make_unique<PaletteBuffer>());
        m_buffers.back()->create(gl);
        // Whatever was set before these buffers existed goes up now.
        s.paletteDirty = !s.palette.empty();
        s.dualQuatsDirty = !s.dualQuats.empty();
    }
}

std::size_t SkinPalettes::destroy(QOpenGLFunctions_3_3_Core& gl)
{
    const std::size_t bytes = bytesUploaded();
    for (auto& p : m_buffers)
        p->destroy(gl);
    m_buffers.clear();
    return bytes;
}

void SkinPalettes::apply(QOpenGLFunctions_3_3_Core& gl, mesh::SkinningMethod method)
{
    // Each skinning variant reads only its own form of the palette, so only
    // that one goes up: playback sends 48 bytes per joint under LBS and 80
    // under DQS.
    const bool dqs = method == mesh::SkinningMethod::DualQuaternion;
    for (std::size_t i = 0; i < m_skins.size() && i < m_buffers.size(); ++i) {
        SkinData& s = m_skins[i];
        if (s.paletteDirty && !dqs) {
            m_buffers[i]->upload(gl, s.palette);
            s.paletteDirty = false;
        }
        if (s.dualQuatsDirty && dqs) {
            m_buffers[i]->uploadDualQuats(gl, s.dualQuats);
            s.dualQuatsDirty = false;
        }
    }
}

std::size_t SkinPalettes::bytesUploaded() const
{
    std::size_t total = 0;
    for (const auto& p : m_buffers)
        total += p->bytesUploaded();
    return total;
}

} // namespace marrow::gl
