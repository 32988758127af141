#version 330 core
// SPDX-License-Identifier: MIT
// Overlays (grid, bones): positions already in world space, colour per vertex.

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec4 aColor;

uniform mat4 uViewProjection;

out vec4 vColor;

void main()
{
    vColor = aColor;
    gl_Position = uViewProjection * vec4(aPosition, 1.0);
}
