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
uniform int uOutline;       // 1: the edge pass, 2: the shell pass, both in uOutlineColor
uniform vec4 uOutlineColor;
uniform vec2 uViewportSize; // pixels (shell pass)
uniform float uShellPixels; // how far the shell reaches past the bone, in pixels
uniform float uWidth;       // the bone's width against the octahedron's (Stick: 0.2)

out vec4 vColor;

void main()
{
    vec3 local = vec3(aPosition.x * uWidth, aPosition.y, aPosition.z * uWidth);
    gl_Position = uViewProjection * (aTransform * vec4(local, 1.0));
    if (uOutline == 2) {
        // Push each corner a few pixels away from the bone's axis on screen
        // (the tips away from its middle), giving a silhouette that is
        // larger by the same number of pixels all round: the octahedron is
        // convex, so the grown one covers it.
        vec4 head = uViewProjection * (aTransform * vec4(0.0, 0.0, 0.0, 1.0));
        vec4 tail = uViewProjection * (aTransform * vec4(0.0, 1.0, 0.0, 1.0));
        vec2 halfSize = 0.5 * uViewportSize;
        vec2 p = gl_Position.xy / gl_Position.w * halfSize;
        vec2 h = head.xy / head.w * halfSize;
        vec2 t = tail.xy / tail.w * halfSize;
        vec2 axis = t - h;
        float u = clamp(dot(p - h, axis) / max(dot(axis, axis), 1e-12), 0.0, 1.0);
        vec2 away = p - (h + u * axis);
        if (length(away) < 0.5)
            away = p - 0.5 * (h + t);
        float len = length(away);
        vec2 pixels = len > 1e-4 ? away / len * uShellPixels : vec2(0.0);
        gl_Position.xy += pixels / halfSize * gl_Position.w;
        vColor = uOutlineColor;
        return;
    }
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
