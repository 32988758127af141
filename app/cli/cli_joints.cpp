// SPDX-License-Identifier: MIT
// marrow-cli pose --joints OUT.json: the pose's joints in world space, so a
// script measures feet and roots without reading meshes (issue 37). One
// pose: {"joints": [...]}; with --frames, every frame of the clip or
// transition at the file's frame rate: {"frames": [{"time": t, "joints": [...]}]}.
#include "app/cli/cli_joints.h"

#include "core/anim/local_to_world_job.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace marrow::cli {

namespace {

// A JSON string: quotes, backslashes and control characters escaped.
std::string quoted(const std::string& text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char code[8];
            std::snprintf(code, sizeof code, "\\u%04x", static_cast<unsigned>(c));
            out += code;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

// A float as JSON: shortest round-trip text; a non-finite value as null.
std::string number(float v)
{
    if (!std::isfinite(v))
        return "null";
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(v));
    return text;
}

} // namespace

std::optional<std::string> appendJoints(std::string& out, const anim::Skeleton& skeleton,
                                        std::span<const math::Transform> locals)
{
    std::vector<glm::mat4> worlds(skeleton.size());
    anim::LocalToWorldJob job;
    job.parents = skeleton.parents;
    job.locals = locals;
    job.output = worlds;
    if (!job.run())
        return "the joints' world transforms could not be computed";
    out += "[";
    for (std::size_t j = 0; j < skeleton.size(); ++j) {
        const glm::mat4& w = worlds[j];
        out += j ? ",\n    " : "\n    ";
        out += "{\"name\": " + quoted(skeleton.names[j]) + ", \"parent\": " + std::to_string(skeleton.parents[j]) +
               ", \"position\": [" + number(w[3].x) + ", " + number(w[3].y) + ", " + number(w[3].z) + "], \"world\": [";
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                out += (c || r ? ", " : "") + number(w[c][r]);
        out += "]}";
    }
    out += "]";
    return std::nullopt;
}

std::vector<double> frameTimes(double length, double fps)
{
    std::vector<double> times;
    if (!(length >= 0.0) || !(fps > 0.0) || !std::isfinite(length))
        return times;
    const auto frames = static_cast<long long>(std::floor(length * fps + 1e-6));
    for (long long f = 0; f <= frames; ++f)
        times.push_back(static_cast<double>(f) / fps);
    return times;
}

} // namespace marrow::cli
