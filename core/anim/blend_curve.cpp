// SPDX-License-Identifier: MIT
#include "core/anim/blend_curve.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace marrow::anim {

namespace {

// One coordinate of the cubic Bézier with end points 0 and 1.
double bezier(double s, double p1, double p2)
{
    const double r = 1.0 - s;
    return 3.0 * r * r * s * p1 + 3.0 * r * s * s * p2 + s * s * s;
}

double bezierSlope(double s, double p1, double p2)
{
    const double r = 1.0 - s;
    return 3.0 * r * r * p1 + 6.0 * r * s * (p2 - p1) + 3.0 * s * s * (1.0 - p2);
}

// The parameter s with x(s) = x. x(s) is monotone for x1, x2 in [0, 1], so
// Newton from a good start, with bisection as the safety net, reaches 1e-7.
double solveBezierX(double x, double x1, double x2)
{
    double lo = 0.0, hi = 1.0, s = x;
    for (int i = 0; i < 8; ++i) {
        const double err = bezier(s, x1, x2) - x;
        if (std::abs(err) < 1e-9)
            return s;
        const double d = bezierSlope(s, x1, x2);
        if (std::abs(d) < 1e-9)
            break;
        const double next = s - err / d;
        if (next <= 0.0 || next >= 1.0)
            break;
        s = next;
    }
    for (int i = 0; i < 64 && hi - lo > 1e-12; ++i) {
        s = 0.5 * (lo + hi);
        (bezier(s, x1, x2) < x ? lo : hi) = s;
    }
    return 0.5 * (lo + hi);
}

} // namespace

float BlendCurve::operator()(float xIn) const
{
    const double x = std::clamp(static_cast<double>(xIn), 0.0, 1.0);
    switch (kind) {
    case BlendCurveKind::Linear: return static_cast<float>(x);
    case BlendCurveKind::Smoothstep: return static_cast<float>(x * x * (3.0 - 2.0 * x));
    case BlendCurveKind::Smootherstep: return static_cast<float>(x * x * x * (x * (6.0 * x - 15.0) + 10.0));
    case BlendCurveKind::EaseIn: return static_cast<float>(x * x);
    case BlendCurveKind::EaseOut: return static_cast<float>(1.0 - (1.0 - x) * (1.0 - x));
    case BlendCurveKind::Bezier: break;
    }
    if (x <= 0.0 || x >= 1.0)
        return static_cast<float>(x);
    return static_cast<float>(bezier(solveBezierX(x, x1, x2), y1, y2));
}

bool BlendCurve::valid() const
{
    if (static_cast<unsigned>(kind) > static_cast<unsigned>(BlendCurveKind::Bezier))
        return false;
    if (kind != BlendCurveKind::Bezier)
        return true;
    const bool finite = std::isfinite(x1) && std::isfinite(y1) && std::isfinite(x2) && std::isfinite(y2);
    return finite && x1 >= 0.f && x1 <= 1.f && x2 >= 0.f && x2 <= 1.f;
}

std::optional<BlendCurve> parseBlendCurve(std::string_view spec)
{
    const std::pair<std::string_view, BlendCurveKind> named[] = {
        {"linear", BlendCurveKind::Linear},     {"smoothstep", BlendCurveKind::Smoothstep},
        {"smootherstep", BlendCurveKind::Smootherstep}, {"ease-in", BlendCurveKind::EaseIn},
        {"ease-out", BlendCurveKind::EaseOut}};
    for (const auto& [name, kind] : named)
        if (spec == name)
            return BlendCurve{kind};
    constexpr std::string_view prefix = "bezier:";
    if (spec.substr(0, prefix.size()) != prefix)
        return std::nullopt;
    const std::string numbers(spec.substr(prefix.size()));
    float v[4];
    const char* at = numbers.c_str();
    for (int i = 0; i < 4; ++i) {
        char* end = nullptr;
        v[i] = std::strtof(at, &end);
        if (end == at)
            return std::nullopt;
        at = end;
        if (i < 3) {
            if (*at != ',')
                return std::nullopt;
            ++at;
        }
    }
    if (*at != '\0')
        return std::nullopt;
    BlendCurve c{BlendCurveKind::Bezier, v[0], v[1], v[2], v[3]};
    return c.valid() ? std::optional<BlendCurve>(c) : std::nullopt;
}

std::string blendCurveSpec(const BlendCurve& c)
{
    switch (c.kind) {
    case BlendCurveKind::Linear: return "linear";
    case BlendCurveKind::Smoothstep: return "smoothstep";
    case BlendCurveKind::Smootherstep: return "smootherstep";
    case BlendCurveKind::EaseIn: return "ease-in";
    case BlendCurveKind::EaseOut: return "ease-out";
    case BlendCurveKind::Bezier: break;
    }
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "bezier:%.9g,%.9g,%.9g,%.9g", static_cast<double>(c.x1),
                  static_cast<double>(c.y1), static_cast<double>(c.x2), static_cast<double>(c.y2));
    return buffer;
}

} // namespace marrow::anim
