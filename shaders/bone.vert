#version 330 core
// SPDX-License-Identifier: MIT
// Octahedral bones by instancing: one unit bone (head at the origin, tail at
// +Y 1) mapped onto each posed bone by its instance matrix, flat-lit per face.

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;     // the face's normal in the unit bone
layout(location = 2) in mat4 aTransform;  // per instance; locations 2..5
layout(location = 6) in vec4 aColor;      // per instance, straight alpha

uniform mat4 uViewProjection;
uniform vec3 uLightDir;     // unit, towards the light
uniform int uOutline;       // 1: the edge pass, drawn in uOutlineColor
uniform vec4 uOutlineColor;

out vec4 vColor;

void main()
{
    gl_Position = uViewProjection * (aTransform * vec4(aPosition, 1.0));
    if (uOutline == 1) {
        vColor = uOutlineColor;
        return;
    }
    // The instance frame is orthogonal with one scale, so mat3 keeps normals normal.
    vec3 n = mat3(aTransform) * aNormal;
    float len = length(n);
    float lambert = len > 0.0 ? abs(dot(n / len, uLightDir)) : 0.5;
    vColor = vec4(aColor.rgb * (0.45 + 0.55 * lambert), aColor.a);
}
