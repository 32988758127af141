#version 330 core
// SPDX-License-Identifier: MIT
// Skins one vertex on the GPU, with the same arithmetic as
// core/mesh/cpu_skinning_job.cpp so that transform feedback can be compared
// with the CPU reference. The palette lives in texture buffers, so the number
// of joints is limited only by GL_MAX_TEXTURE_BUFFER_SIZE.
//
// SKINNING (defined by the renderer after #version) picks the variant:
// 0 rigid (uModel), 1 linear blend, 2 dual quaternion. One program per mode,
// not a uniform branch: a software rasteriser such as llvmpipe runs both
// sides of a branch it cannot prove uniform, and a GPU compiles each variant
// down to the code it needs.
#ifndef SKINNING
#error SKINNING must be defined (0 rigid, 1 linear blend, 2 dual quaternion)
#endif

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in uvec4 aJoints0;   // influences 0..3 (skin joint indices)
layout(location = 3) in uvec4 aJoints1;   // influences 4..7
layout(location = 4) in vec4 aWeights0;   // sorted largest first, zero-padded
layout(location = 5) in vec4 aWeights1;
layout(location = 6) in vec2 aUV;         // TEXCOORD_0 (read only when the mesh has it)
layout(location = 7) in vec4 aColour;     // COLOR_0 (likewise)
layout(location = 8) in float aScalar;    // a per-vertex figure (weight health); 0 when the mesh has none

uniform samplerBuffer uPalette;    // RGBA32F, 3 texels per joint: the affine matrix's top three rows
uniform samplerBuffer uDualQuats;  // RGBA32F, 5 texels per joint: real (xyzw), dual (xyzw), scale map's top three rows
uniform int uJointCount;           // joints in the palette, >= 1
uniform int uConformalPalette;     // 1: every joint a rotation times one scale (mesh::conformalPalette): normals by the blended 3x3
uniform mat4 uModel;               // SKINNING 0 only: the node's world matrix
uniform mat3 uNormalMatrix;        // SKINNING 0 only: inverse transpose of uModel's 3x3
uniform mat4 uViewProjection;
uniform int uHeatJoint;            // skin joint whose weights feed vHeat; -1 for none
uniform float uRigidHeat;          // SKINNING 0: vHeat (1 when the mesh follows the selected joint)
uniform int uZeroActive;           // 1: vZero marks vertices with no weight at all for the heat joint
// What the heat map shows (gl::WeightView): 0 the heat joint's weight; 1 the
// influence count (a colour per count, red above uInfluenceLimit); 2 rows not
// summing to 1 in red (weightless ones dark); 3 aScalar / uScalarMax (a
// negative aScalar dark: no figure for the vertex).
uniform int uWeightView;
uniform int uInfluenceLimit;
uniform float uScalarMax;
// Morph targets (gl/morph_buffer.h), added before skinning as glTF orders it:
uniform samplerBuffer uMorphDeltas;  // RGBA32F, per target and vertex: position then normal displacement
uniform samplerBuffer uMorphActive;  // RG32F: (target, weight) of each target weighing in this pose
uniform int uMorphActiveCount;       // 0: the mesh is drawn unmorphed
uniform int uMorphVertexCount;       // vertices of the mesh, the stride between targets

out vec3 skinnedPosition;  // world space; captured by transform feedback
out vec3 vNormal;          // world space, not normalised
out float vHeat;           // the heat-map joint's weight on this vertex, 0..1
out float vZero;           // 1 when uZeroActive and vHeat is exactly 0, else 0
out vec2 vUV;
out vec4 vColour;

// The vertex after its morph targets: the base plus each active target's
// displacement times its weight, in target order like
// core/mesh/morph_target.cpp. gl_VertexID is the vertex's index in the mesh
// (the draw is indexed, with no base vertex).
vec3 morphedPosition;
vec3 morphedNormal;

void morph()
{
    morphedPosition = aPosition;
    morphedNormal = aNormal;
    for (int k = 0; k < uMorphActiveCount; ++k) {
        vec2 targetWeight = texelFetch(uMorphActive, k).xy;
        int base = 2 * (int(targetWeight.x) * uMorphVertexCount + gl_VertexID);
        morphedPosition += targetWeight.y * texelFetch(uMorphDeltas, base).xyz;
        morphedNormal += targetWeight.y * texelFetch(uMorphDeltas, base + 1).xyz;
    }
}

#if SKINNING != 0
const int kDualQuatTexels = 5;  // per joint in uDualQuats

// Out-of-range joints read the last entry, as the CPU job's guard does.
int clampJoint(uint j)
{
    return int(min(j, uint(uJointCount - 1)));
}

// The top three rows of a joint's skinning matrix (the bottom row of an
// affine matrix is 0 0 0 1 and is not stored).
struct Rows {
    vec4 x, y, z;
};

Rows paletteRows(uint j)
{
    int base = 3 * clampJoint(j);
    return Rows(texelFetch(uPalette, base), texelFetch(uPalette, base + 1), texelFetch(uPalette, base + 2));
}

void accumulate(inout Rows sum, float w, uint j)
{
    Rows r = paletteRows(j);
    sum.x += w * r.x;
    sum.y += w * r.y;
    sum.z += w * r.z;
}

// The cofactor of a blended 3x3 times n (det * M^-T n), flipped when the
// determinant is negative: the normal under non-uniform scale and mirrors.
vec3 cofactorNormal(Rows m, vec3 n)
{
    vec3 c0 = vec3(m.x.x, m.y.x, m.z.x), c1 = vec3(m.x.y, m.y.y, m.z.y), c2 = vec3(m.x.z, m.y.z, m.z.z);
    vec3 x12 = cross(c1, c2);
    vec3 t = n.x * x12 + n.y * cross(c2, c0) + n.z * cross(c0, c1);
    return dot(c0, x12) < 0.0 ? -t : t;
}

void skinLinear(out vec3 position, out vec3 normal)
{
    // Blend the matrices first, then transform once: the CPU job's order
    // (each element is the same sum of the same products). Rows are
    // zero-padded, so the first four terms need no branch (a zero weight
    // adds exactly nothing); the second four are skipped as a block for
    // 4-influence meshes, which keeps a software rasteriser's SIMD lanes together.
    Rows m = Rows(vec4(0.0), vec4(0.0), vec4(0.0));
    accumulate(m, aWeights0.x, aJoints0.x);
    accumulate(m, aWeights0.y, aJoints0.y);
    accumulate(m, aWeights0.z, aJoints0.z);
    accumulate(m, aWeights0.w, aJoints0.w);
    if (aWeights1 != vec4(0.0)) {
        accumulate(m, aWeights1.x, aJoints1.x);
        accumulate(m, aWeights1.y, aJoints1.y);
        accumulate(m, aWeights1.z, aJoints1.z);
        accumulate(m, aWeights1.w, aJoints1.w);
    }
    // A row that does not sum to 1 (painted with Auto-Normalize off) deforms
    // as if divided by its sum, as the CPU's pose does (CpuSkinningJob);
    // rows summing to 1 are left exactly as they are.
    float weightSum = dot(aWeights0, vec4(1.0)) + dot(aWeights1, vec4(1.0));
    if (weightSum > 0.0 && abs(weightSum - 1.0) > 1e-4) {
        m.x /= weightSum;
        m.y /= weightSum;
        m.z /= weightSum;
    }
    vec4 p = vec4(morphedPosition, 1.0);
    position = vec3(dot(m.x, p), dot(m.y, p), dot(m.z, p));
    // As CpuSkinningJob: the blended 3x3 where the palette is conformal, else its cofactor.
    vec3 n = morphedNormal;
    normal = uConformalPalette == 1 ? vec3(dot(m.x.xyz, n), dot(m.y.xyz, n), dot(m.z.xyz, n)) : cofactorNormal(m, n);
}

void skinDualQuat(uint joints[8], float weights[8], out vec3 position, out vec3 normal)
{
    // Per joint: rigid motion as a dual quaternion, then the scale map's
    // rows; the scale maps blend linearly and apply first (see
    // core/math/scaled_dual_quat.h).
    vec4 heaviest = texelFetch(uDualQuats, kDualQuatTexels * clampJoint(joints[0]));
    vec4 r = vec4(0.0), d = vec4(0.0);
    Rows s = Rows(vec4(0.0), vec4(0.0), vec4(0.0));
    float weightSum = 0.0;
    for (int k = 0; k < 8; ++k) {
        float w = weights[k];
        if (w == 0.0)
            break;
        int base = kDualQuatTexels * clampJoint(joints[k]);
        vec4 qr = texelFetch(uDualQuats, base);
        vec4 qd = texelFetch(uDualQuats, base + 1);
        weightSum += w;
        s.x += w * texelFetch(uDualQuats, base + 2);
        s.y += w * texelFetch(uDualQuats, base + 3);
        s.z += w * texelFetch(uDualQuats, base + 4);
        // q and -q are the same rotation: align with the heaviest influence
        // so that the blend takes the short way round.
        if (dot(qr, heaviest) < 0.0)
            w = -w;
        r += w * qr;
        d += w * qd;
    }
    vec3 p = morphedPosition;
    vec3 n = morphedNormal;
    if (weightSum > 0.0) {
        // Divided by the weight sum, as the rigid part is by its norm.
        vec4 p4 = vec4(morphedPosition, 1.0);
        p = (1.0 / weightSum) * vec3(dot(s.x, p4), dot(s.y, p4), dot(s.z, p4));
        n = cofactorNormal(s, morphedNormal);
    }
    float len2 = dot(r, r);
    float inv = len2 > 0.0 ? 1.0 / sqrt(len2) : 0.0;
    vec3 rv = r.xyz * inv;
    float rw = r.w * inv;
    vec3 dv = d.xyz * inv;
    float dw = d.w * inv;
    vec3 translation = 2.0 * (rw * dv - dw * rv + cross(rv, dv));
    position = p + 2.0 * cross(rv, cross(rv, p) + rw * p) + translation;
    normal = n + 2.0 * cross(rv, cross(rv, n) + rw * n);
}

#endif

void main()
{
    vec3 position;
    vec3 normal;
    morph();
#if SKINNING == 0
    vHeat = uRigidHeat;
    position = (uModel * vec4(morphedPosition, 1.0)).xyz;
    normal = uNormalMatrix * morphedNormal;
#else
    float heat = 0.0;
    bool none = false;  // drawn in the zero colour whatever uZeroActive says
    if (uWeightView == 0) {
        if (uHeatJoint >= 0) {
            uvec4 h = uvec4(uHeatJoint);
            heat = dot(aWeights0, vec4(equal(aJoints0, h))) + dot(aWeights1, vec4(equal(aJoints1, h)));
        }
    } else if (uWeightView == 1) {
        float count = dot(vec4(greaterThan(aWeights0, vec4(0.0))), vec4(1.0)) +
                      dot(vec4(greaterThan(aWeights1, vec4(0.0))), vec4(1.0));
        heat = count > float(uInfluenceLimit) ? 1.0 : 0.7 * (count - 1.0) / max(float(uInfluenceLimit) - 1.0, 1.0);
        none = count == 0.0;
    } else if (uWeightView == 2) {
        float sum = dot(aWeights0, vec4(1.0)) + dot(aWeights1, vec4(1.0));
        heat = abs(sum - 1.0) > 1e-3 ? 1.0 : 0.1;
        none = sum == 0.0;
    } else {
        heat = aScalar / max(uScalarMax, 1e-12);
        none = aScalar < 0.0;
    }
    vHeat = heat;
#if SKINNING == 1
    skinLinear(position, normal);
#else
    uint joints[8] = uint[8](aJoints0.x, aJoints0.y, aJoints0.z, aJoints0.w,
                             aJoints1.x, aJoints1.y, aJoints1.z, aJoints1.w);
    float weights[8] = float[8](aWeights0.x, aWeights0.y, aWeights0.z, aWeights0.w,
                                aWeights1.x, aWeights1.y, aWeights1.z, aWeights1.w);
    skinDualQuat(joints, weights, position, normal);
#endif
#endif
    // Exactly 0, not merely small: like Blender's "Show Zero Weights", this
    // tells unpainted vertices from faintly painted ones, and interpolated
    // across a face it draws the border between the two.
    vZero = (uZeroActive != 0 && uWeightView == 0 && vHeat == 0.0) ? 1.0 : 0.0;
#if SKINNING != 0
    if (none)
        vZero = 1.0;
#endif
    skinnedPosition = position;
    vNormal = normal;
    vUV = aUV;
    vColour = aColour;
    gl_Position = uViewProjection * vec4(position, 1.0);
}
