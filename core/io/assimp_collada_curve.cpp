// SPDX-License-Identifier: MIT
#include "core/io/assimp_collada_curve.h"

#include <algorithm>
#include <cmath>

namespace marrow::io::assimp {

namespace {

double bezier(double p0, double c0, double c1, double p1, double s)
{
    const double u = 1.0 - s;
    return u * u * u * p0 + 3.0 * u * u * s * c0 + 3.0 * u * s * s * c1 + s * s * s * p1;
}

// The curve parameter where the time curve reaches t. The time control
// points of an animation curve keep it increasing, so bisection always
// converges; 60 halvings reach double precision.
double parameterAt(double t0, double c0, double c1, double t1, double t)
{
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (lo + hi);
        (bezier(t0, c0, c1, t1, mid) < t ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

} // namespace

std::optional<ColladaCurve::Kind> colladaCurveKind(const std::string& name)
{
    if (name == "STEP")
        return ColladaCurve::Kind::Step;
    if (name == "LINEAR")
        return ColladaCurve::Kind::Linear;
    if (name == "BEZIER")
        return ColladaCurve::Kind::Bezier;
    if (name == "HERMITE")
        return ColladaCurve::Kind::Hermite;
    return std::nullopt;
}

bool ColladaCurve::curved() const
{
    return std::any_of(kinds.begin(), kinds.end(), [](Kind k) { return k == Kind::Bezier || k == Kind::Hermite; });
}

std::optional<std::string> ColladaCurve::validate() const
{
    const std::size_t n = times.size();
    if (n == 0 || dimension < 1)
        return "no keys";
    if (values.size() != n * static_cast<std::size_t>(dimension))
        return "OUTPUT holds " + std::to_string(values.size()) + " values for " + std::to_string(n) + " keys";
    if (!kinds.empty() && kinds.size() != n)
        return "INTERPOLATION holds " + std::to_string(kinds.size()) + " names for " + std::to_string(n) + " keys";
    for (std::size_t k = 0; k < n; ++k)
        if (!std::isfinite(times[k]) || (k > 0 && !(times[k] > times[k - 1])))
            return "INPUT times do not increase";
    if (std::any_of(values.begin(), values.end(), [](float v) { return !std::isfinite(v); }))
        return "OUTPUT holds a value that is not a number";
    if (curved()) {
        if (tangentStride != dimension && tangentStride != 2 * dimension)
            return "the tangents hold " + std::to_string(tangentStride) + " numbers per key for " +
                   std::to_string(dimension) + " values";
        const std::size_t want = n * static_cast<std::size_t>(tangentStride);
        if (inTangents.size() != want || outTangents.size() != want)
            return "IN_TANGENT or OUT_TANGENT does not hold one tangent per key";
        for (const auto* t : {&inTangents, &outTangents})
            if (std::any_of(t->begin(), t->end(), [](float v) { return !std::isfinite(v); }))
                return "a tangent is not a number";
    }
    return std::nullopt;
}

void ColladaCurve::evaluate(double t, float* out) const
{
    const auto d = static_cast<std::size_t>(dimension);
    const std::size_t n = times.size();
    const auto value = [&](std::size_t k, std::size_t c) { return static_cast<double>(values[k * d + c]); };
    if (t <= times.front() || n == 1) {
        for (std::size_t c = 0; c < d; ++c)
            out[c] = values[c];
        return;
    }
    if (t >= times.back()) {
        for (std::size_t c = 0; c < d; ++c)
            out[c] = values[(n - 1) * d + c];
        return;
    }
    const std::size_t k = static_cast<std::size_t>(std::upper_bound(times.begin(), times.end(), static_cast<float>(t)) -
                                                   times.begin()) - 1;
    const double t0 = times[k], t1 = times[k + 1];
    const Kind kind = kinds.empty() ? Kind::Linear : kinds[k];
    const double span = t1 - t0;
    for (std::size_t c = 0; c < d; ++c) {
        const double v0 = value(k, c), v1 = value(k + 1, c);
        double v = v0;
        if (kind == Kind::Linear) {
            v = v0 + (v1 - v0) * (t - t0) / span;
        } else if (kind == Kind::Bezier || kind == Kind::Hermite) {
            // The control points (time, value) leaving key k and entering k + 1.
            double ct0 = t0 + span / 3.0, ct1 = t1 - span / 3.0, cv0 = 0.0, cv1 = 0.0;
            const auto stride = static_cast<std::size_t>(tangentStride);
            const bool twoD = tangentStride == 2 * dimension;
            const double outX = twoD ? outTangents[k * stride + 2 * c] : 0.0;
            const double outY = outTangents[k * stride + (twoD ? 2 * c + 1 : c)];
            const double inX = twoD ? inTangents[(k + 1) * stride + 2 * c] : 0.0;
            const double inY = inTangents[(k + 1) * stride + (twoD ? 2 * c + 1 : c)];
            if (kind == Kind::Bezier) {
                cv0 = outY;
                cv1 = inY;
                if (twoD) {
                    ct0 = outX;
                    ct1 = inX;
                }
            } else {  // Hermite: tangent vectors, a third of each
                cv0 = v0 + outY / 3.0;
                cv1 = v1 - inY / 3.0;
                if (twoD) {
                    ct0 = t0 + outX / 3.0;
                    ct1 = t1 - inX / 3.0;
                }
            }
            // Control times outside the segment would fold the curve back in time.
            ct0 = std::clamp(ct0, t0, t1);
            ct1 = std::clamp(ct1, t0, t1);
            v = bezier(v0, cv0, cv1, v1, parameterAt(t0, ct0, ct1, t1, t));
        }
        out[c] = static_cast<float>(v);
    }
}

} // namespace marrow::io::assimp
