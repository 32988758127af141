// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/renderer/weight_view.h"
#include "core/mesh/cpu_skinning_job.h"

#include <glm/glm.hpp>

#include <array>
#include <span>

class QOpenGLFunctions_3_3_Core;
class QOpenGLShaderProgram;

namespace marrow::gl {

class MeshBuffers;
class MorphBuffer;
class PaletteBuffer;
class ShaderLibrary;

// What the mesh pass needs to know of one mesh to draw it.
struct MeshDraw {
    const MeshBuffers* buffers = nullptr;
    const PaletteBuffer* palette = nullptr;  // null: drawn rigid, following `model`
    const MorphBuffer* morph = nullptr;      // null: drawn unmorphed (the ghosts)
    glm::mat4 model{1.f};
    int heatIndex = -1;      // skinned: the skin joint the heat map shows, -1 for none
    bool rigidHeat = false;  // rigid: the mesh follows the heat map's joint
    bool plain = false;      // lit even while the heat map is on (not the active mesh, as Blender's other objects)
    bool hasMaterial = false;   // without one, textured shading draws it in clay
    glm::vec4 baseColour{1.f};  // its material's, for textured shading
    unsigned int texture = 0;   // its material's base-colour GL texture, or 0
};

// How every mesh of a frame is shaded.
struct MeshStyle {
    WeightView weightView = WeightView::Weight;
    int influenceLimit = 4;   // InfluenceCount: counts above this are red
    float scalarMax = 1.f;    // Scalar: the figure drawn red
    mesh::SkinningMethod method = mesh::SkinningMethod::Linear;
    bool heatMap = false;
    // Heat map with an active joint and "Show Zero Weights" on: vertices
    // with exactly no weight for the joint get the zero colour.
    bool markZeroWeights = false;
    bool wireframe = false;
    // Lit meshes in their material's colour and texture (View > Texture
    // Colour) rather than the plain clay colour. The heat map ignores it.
    bool textured = false;
};

// Draws meshes with skinned_mesh.vert/.frag, one program per skinning mode.
// The programs belong to the ShaderLibrary; every call needs its context.
class MeshPass {
public:
    // Builds the three variants and sets their constant uniforms. False
    // (shaders.lastError() says why) on failure.
    bool create(ShaderLibrary& shaders);
    void release() { m_programs = {}; }

    // Fill (and, in wireframe, wire) for every mesh, in the current GL state.
    void draw(QOpenGLFunctions_3_3_Core& gl, std::span<const MeshDraw> meshes, const glm::mat4& viewProjection,
              const MeshStyle& style) const;
    // Translucent lit meshes in one tint (the transition ghosts), LBS: a
    // depth-only pass first, so each ghost shows its front surface only,
    // then the colour blended over what is drawn.
    void drawGhost(QOpenGLFunctions_3_3_Core& gl, std::span<const MeshDraw> meshes, const glm::mat4& viewProjection,
                   const glm::vec3& tint, float alpha) const;
    // Binds the variant for the mesh's skinning with its uniforms set, lit
    // shading: what transform feedback captures. The caller releases it.
    QOpenGLShaderProgram& prepareCapture(QOpenGLFunctions_3_3_Core& gl, const MeshDraw& mesh,
                                         const MeshStyle& style) const;

private:
    struct Shading {
        int mode = 0;  // skinned_mesh.frag's uShading
        glm::vec3 colour{0.f};
        float alpha = 1.f;
    };
    QOpenGLShaderProgram& prepare(QOpenGLFunctions_3_3_Core& gl, const MeshDraw& mesh,
                                  const glm::mat4& viewProjection, const MeshStyle& style,
                                  const Shading& shading) const;

    // By SKINNING value in skinned_mesh.vert: rigid, linear blend, dual quaternion.
    std::array<QOpenGLShaderProgram*, 3> m_programs{};
};

} // namespace marrow::gl
