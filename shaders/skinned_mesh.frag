#version 330 core
// SPDX-License-Identifier: MIT
// Two-sided Lambert shading with ambient light: enough to read the shape of
// a posed mesh, and never as dark as the background (a face edge-on to the
// light once took the background's grey, and the mesh seemed to vanish
// there). Imported meshes are often single-sided, so the back face is lit as
// brightly as the front. In heat-map mode the base colour is
// the selected joint's weight on Blender's ramp (blue 0, cyan, green, yellow,
// red 1), and vertices with no weight at all for that joint (vZero) are a
// dark purple when "Show Zero Weights" is on; in wire mode every fragment is
// the flat wire colour. uAlpha makes a translucent ghost (1 otherwise).
// Textured (Blender's Solid shading with Texture colour): the lit colour is
// the material's base colour factor x vertex colour (both linear, shown
// through a 2.2 gamma) x its base-colour texture (stored for display).

in vec3 skinnedPosition;
in vec3 vNormal;
in float vHeat;
in float vZero;
in vec2 vUV;
in vec4 vColour;

uniform vec3 uColor;     // base colour, linear 0..1 (the wire colour in wire mode)
uniform vec3 uLightDir;  // unit vector towards the light, world space
uniform int uShading;    // 0 lit base colour, 1 lit heat map, 2 flat wire colour
uniform float uAlpha;    // 1 opaque; below 1 for the transition ghosts
uniform int uTextured;   // 1: lit shading takes the material's colour below instead of uColor
uniform vec4 uBaseColour;
uniform int uHasTexture;  // 1: the mesh has UVs and its material a texture
uniform int uHasColours;  // 1: the mesh has vertex colours (vColour is undefined otherwise)
uniform sampler2D uBaseTexture;

out vec4 fragColor;

// Near black with a little purple: apart from the ramp's blue, from the
// background grey and from the bones' dark outline.
const vec3 kZeroColour = vec3(0.06, 0.03, 0.08);

vec3 heatRamp(float w)
{
    w = clamp(w, 0.0, 1.0);
    vec3 blue = vec3(0.0, 0.0, 1.0), cyan = vec3(0.0, 1.0, 1.0), green = vec3(0.0, 1.0, 0.0);
    vec3 yellow = vec3(1.0, 1.0, 0.0), red = vec3(1.0, 0.0, 0.0);
    if (w < 0.25)
        return mix(blue, cyan, w / 0.25);
    if (w < 0.5)
        return mix(cyan, green, (w - 0.25) / 0.25);
    if (w < 0.75)
        return mix(green, yellow, (w - 0.5) / 0.25);
    return mix(yellow, red, (w - 0.75) / 0.25);
}

void main()
{
    if (uShading == 2) {
        fragColor = vec4(uColor, 1.0);
        return;
    }
    float len = length(vNormal);
    // A mesh without usable normals still shows its silhouette.
    float lambert = len > 0.0 ? abs(dot(vNormal / len, uLightDir)) : 0.5;
    if (uShading == 1)
        fragColor = vec4(mix(heatRamp(vHeat), kZeroColour, vZero) * (0.35 + 0.65 * lambert), 1.0);
    else if (uTextured == 1) {
        vec4 factor = uHasColours == 1 ? uBaseColour * vColour : uBaseColour;
        vec3 base = pow(clamp(factor.rgb, 0.0, 1.0), vec3(1.0 / 2.2));
        if (uHasTexture == 1)
            base *= texture(uBaseTexture, vUV).rgb;
        fragColor = vec4(base * (0.35 + 0.65 * lambert), uAlpha);
    } else
        fragColor = vec4(uColor * (0.35 + 0.65 * lambert), uAlpha);
}
