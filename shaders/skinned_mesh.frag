#version 330 core
// SPDX-License-Identifier: MIT
// Two-sided Lambert shading with a little ambient light: enough to read the
// shape of a posed mesh. Imported meshes are often single-sided, so the back
// face is lit as brightly as the front.

in vec3 skinnedPosition;
in vec3 vNormal;

uniform vec3 uColor;     // base colour, linear 0..1
uniform vec3 uLightDir;  // unit vector towards the light, world space

out vec4 fragColor;

void main()
{
    float len = length(vNormal);
    // A mesh without usable normals still shows its silhouette.
    float lambert = len > 0.0 ? abs(dot(vNormal / len, uLightDir)) : 0.5;
    fragColor = vec4(uColor * (0.2 + 0.8 * lambert), 1.0);
}
