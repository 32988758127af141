// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/scaled_dual_quat.h"
#include "core/mesh/cpu_skinning_job.h"

#include <glm/glm.hpp>

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

class QOpenGLFunctions_3_3_Core;

namespace marrow::gl {

class PaletteBuffer;

// Every skin's palette, queued as plain data by the setters (no GL call) and
// uploaded by apply(), one PaletteBuffer per skin. The queue outlives the
// context: create() in a new one uploads the last palettes again.
// create(), destroy() and apply() need the context current.
class SkinPalettes {
public:
    SkinPalettes();
    ~SkinPalettes();
    SkinPalettes(const SkinPalettes&) = delete;
    SkinPalettes& operator=(const SkinPalettes&) = delete;

    // Forgets every palette: `skins` empty ones, each uploaded once set.
    void reset(std::size_t skins);
    void setPalette(std::size_t skin, std::span<const glm::mat4> palette);
    void setDualQuats(std::size_t skin, std::span<const math::ScaledDualQuat> dualQuats);

    // One buffer per skin; whatever was set goes up at the next apply().
    void create(QOpenGLFunctions_3_3_Core& gl);
    // Frees the buffers and returns the bytes they had uploaded.
    std::size_t destroy(QOpenGLFunctions_3_3_Core& gl);
    // Uploads only the form `method` reads: matrices for LBS, dual
    // quaternions for DQS. The other stays queued until the method changes.
    void apply(QOpenGLFunctions_3_3_Core& gl, mesh::SkinningMethod method);

    const PaletteBuffer& buffer(std::size_t skin) const { return *m_buffers[skin]; }
    std::size_t bytesUploaded() const;

private:
    struct SkinData {
        std::vector<glm::mat4> palette;
        std::vector<math::ScaledDualQuat> dualQuats;
        bool paletteDirty = false, dualQuatsDirty = false;
    };
    std::vector<SkinData> m_skins;
    std::vector<std::unique_ptr<PaletteBuffer>> m_buffers;
};

} // namespace marrow::gl
