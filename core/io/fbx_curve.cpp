// SPDX-License-Identifier: MIT
#include "core/io/fbx_curve.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

namespace marrow::io::fbx {

namespace {

using namespace key_flags;

constexpr double kClampThreshold = 1e-6;  // "clamp": a key level with a neighbour gets a flat tangent

bool isCubic(std::uint32_t flags)
{
    return (flags & kCubic) && !(flags & (kConstant | kLinear));
}

// A number array as reals (ASCII writes "a: 0,45,90" for a float array of whole numbers).
std::optional<std::vector<double>> reals(const Node& node, const char* name)
{
    const Node* c = node.child(name);
    if (!c || c->values.empty())
        return std::nullopt;
    if (c->values[0].kind == Value::Kind::Reals)
        return c->values[0].reals;
    if (c->values[0].kind != Value::Kind::Integers)
        return std::nullopt;
    return std::vector<double>(c->values[0].integers.begin(), c->values[0].integers.end());
}

const std::vector<std::int64_t>* integers(const Node& node, const char* name)
{
    const Node* c = node.child(name);
    return c && !c->values.empty() && c->values[0].kind == Value::Kind::Integers ? &c->values[0].integers : nullptr;
}

// The bias a large |bias| (over 500) adds on its own: ((|bias| - 500) / 100)^2 * 40.
double extraBias(double bias, double sign)
{
    const double over = std::fabs(bias) / 100.0 - 5.0;
    return over > 0.0 ? over * over * sign * 40.0 : 0.0;
}

// An auto tangent's slope at key i of keys with distinct neighbours on
// both sides: half the slope across the neighbours, half the one-sided
// slopes weighted by where the key lies, pulled toward one side by the bias.
double autoSlope(const std::vector<CurveKey>& k, std::size_t i, double bias)
{
    const CurveKey &p = k[i - 1], &c = k[i], &n = k[i + 1];
    if ((c.flags & kClamp) && std::min(std::fabs(p.value - c.value), std::fabs(n.value - c.value)) <= kClampThreshold)
        return 0.0;
    double slope = (n.value - p.value) / (n.time - p.time);
    if (!(c.flags & kTimeIndependent)) {
        const double left = (c.value - p.value) / (c.time - p.time);
        const double right = (n.value - c.value) / (n.time - c.time);
        const double at = (c.time - p.time) / (n.time - p.time);
        slope = 0.5 * slope + 0.5 * (left * (1.0 - at) + right * at);
        const double weight = std::fabs(bias) / 100.0;
        if (weight > 1e-4) {
            const double target = bias > 0.0 ? right : left;
            const double delta = target - slope;
            slope = slope * (1.0 - weight) + target * weight;
            const double sign = std::fabs(delta) > 1e-5 ? (delta > 0 ? 1.0 : -1.0) : (bias > 0 ? 1.0 : -1.0);
            slope += extraBias(bias, sign);
        }
    }
    if (c.flags & kClampProgressive) {  // no overshoot past either neighbour
        const double sign = slope >= 0.0 ? 1.0 : -1.0;
        const double rangeLeft = c.leftWeight * (c.time - p.time), rangeRight = c.rightWeight * (n.time - c.time);
        double maxLeft = rangeLeft > 0.0 ? sign * (c.value - p.value) / rangeLeft : 0.0;
        double maxRight = rangeRight > 0.0 ? sign * (n.value - c.value) / rangeRight : 0.0;
        maxLeft = maxLeft > 0.0 ? maxLeft : 0.0;
        maxRight = maxRight > 0.0 ? maxRight : 0.0;
        slope = sign * std::min({std::fabs(slope), maxLeft, maxRight});
    }
    return slope;
}

// An auto tangent at a key with a neighbour on one side only: the slope to it.
double oneSidedSlope(const CurveKey& from, const CurveKey& to, std::uint32_t flags, double bias)
{
    if (flags & kClampProgressive)
        return 0.0;
    if ((flags & kClamp) && std::fabs(to.value - from.value) <= kClampThreshold)
        return 0.0;
    const double slope = (to.value - from.value) / (to.time - from.time);
    return (flags & kTimeIndependent) ? slope : slope + extraBias(bias, bias > 0 ? 1.0 : -1.0);
}

void solveSlopes(std::vector<CurveKey>& k, const std::vector<std::array<double, 4>>& data)
{
    double storedLeft = 0.0;
    for (std::size_t i = 0; i < k.size(); ++i) {
        CurveKey& key = k[i];
        const std::array<double, 4>& d = data[i];
        double left = storedLeft, right = d[0];
        storedLeft = d[1];
        if (key.flags & (kWeightedRight | kWeightedNextLeft)) {
            const std::uint32_t packed = std::bit_cast<std::uint32_t>(static_cast<float>(d[2]));
            if (key.flags & kWeightedRight)
                key.rightWeight = std::clamp((packed & 0xFFFFu) * 1e-4, 0.0, 1.0);
            if ((key.flags & kWeightedNextLeft) && i + 1 < k.size())
                k[i + 1].leftWeight = std::clamp((packed >> 16) * 1e-4, 0.0, 1.0);
        }
        const bool hasPrev = i > 0 && key.time > k[i - 1].time;
        const bool hasNext = i + 1 < k.size() && k[i + 1].time > key.time;
        if (isCubic(key.flags) && (key.flags & kTcb)) {
            const double tension = d[0], continuity = d[1], bias = d[2];
            const double sl = hasPrev ? (key.value - k[i - 1].value) / (key.time - k[i - 1].time) : 0.0;
            const double sr = hasNext ? (k[i + 1].value - key.value) / (k[i + 1].time - key.time) : 0.0;
            const double f = ((hasPrev && hasNext) ? 0.5 : 1.0) * (1.0 - tension);
            left = f * ((1 + bias) * (1 - continuity) * sl + (1 - bias) * (1 + continuity) * sr);
            right = f * ((1 + bias) * (1 + continuity) * sl + (1 - bias) * (1 - continuity) * sr);
            storedLeft = 0.0;
        } else if (isCubic(key.flags) && !(key.flags & kUser)) {
            if (hasPrev && hasNext) {
                if (std::fabs(left + right) <= 1e-4) {
                    left = right = autoSlope(k, i, right);
                } else {
                    const double l = autoSlope(k, i, -left), r = autoSlope(k, i, right);
                    left = l, right = r;
                }
            } else if (hasPrev) {
                left = right = oneSidedSlope(k[i - 1], key, key.flags, -left);
            } else if (hasNext) {
                left = right = oneSidedSlope(key, k[i + 1], key.flags, right);
            } else {
                left = right = 0.0;
            }
        }
        key.leftSlope = left;
        key.rightSlope = right;
    }
}

double bezier(double a, double b, double c, double d, double s)
{
    const double r = 1.0 - s;
    return r * r * r * a + 3.0 * r * r * s * b + 3.0 * r * s * s * c + s * s * s * d;
}

} // namespace

std::optional<Curve> Curve::fromNode(const Node& node, std::string& error)
{
    const std::vector<std::int64_t>* times = integers(node, "KeyTime");
    const std::optional<std::vector<double>> values = reals(node, "KeyValueFloat");
    const std::vector<std::int64_t>* flags = integers(node, "KeyAttrFlags");
    const std::optional<std::vector<double>> data = reals(node, "KeyAttrDataFloat");
    const std::vector<std::int64_t>* refs = integers(node, "KeyAttrRefCount");
    Curve curve;
    if (const Node* d = node.child("Default"); d && !d->values.empty())
        curve.defaultValue = d->values[0].number();
    if (!times && !values)
        return curve;  // a curve without keys holds its default
    if (!times || !values || times->size() != values->size()) {
        error = "an AnimationCurve's KeyTime and KeyValueFloat differ in length";
        return std::nullopt;
    }
    // Flags and attributes per key, from their run lengths; keys past the runs are cubic auto.
    std::vector<std::uint32_t> keyFlags;
    std::vector<std::array<double, 4>> keyData;
    if (flags && refs) {
        for (std::size_t r = 0; r < refs->size() && keyFlags.size() < times->size(); ++r) {
            const std::int64_t run = std::clamp<std::int64_t>((*refs)[r], 0, static_cast<std::int64_t>(times->size()));
            const std::uint32_t f = r < flags->size() ? static_cast<std::uint32_t>((*flags)[r]) : kCubic | kAuto;
            std::array<double, 4> d{};
            for (std::size_t j = 0; j < 4 && data && 4 * r + j < data->size(); ++j)
                d[j] = (*data)[4 * r + j];
            keyFlags.insert(keyFlags.end(), static_cast<std::size_t>(run), f);
            keyData.insert(keyData.end(), static_cast<std::size_t>(run), d);
        }
    }
    keyFlags.resize(times->size(), kCubic | kAuto);
    keyData.resize(times->size(), std::array<double, 4>{});
    for (std::size_t i = 0; i < times->size(); ++i) {
        const double t = static_cast<double>((*times)[i]) / kTicksPerSecond, v = (*values)[i];
        if (!std::isfinite(v) || (i > 0 && t < curve.keys.back().time)) {
            error = "an AnimationCurve has a key that is not a number or goes back in time";
            return std::nullopt;
        }
        curve.keys.push_back(CurveKey{t, v, keyFlags[i]});
    }
    solveSlopes(curve.keys, keyData);
    for (const CurveKey& k : curve.keys)
        if (!std::isfinite(k.leftSlope) || !std::isfinite(k.rightSlope)) {
            error = "an AnimationCurve's tangents are not numbers";
            return std::nullopt;
        }
    return curve;
}

Curve::Segment Curve::segmentAt(double t) const
{
    if (keys.empty())
        return {nullptr, nullptr, defaultValue};
    if (t <= keys.front().time)
        return {nullptr, nullptr, keys.front().value};
    if (t >= keys.back().time)
        return {nullptr, nullptr, keys.back().value};
    const auto next = std::upper_bound(keys.begin(), keys.end(), t, [](double x, const CurveKey& k) { return x < k.time; });
    return {&*(next - 1), &*next, 0.0};
}

namespace {

// The straight line between two keys at t (the later key's value when they share a time).
double straightBetween(const CurveKey& a, const CurveKey& b, double t)
{
    return b.time > a.time ? a.value + (b.value - a.value) * (t - a.time) / (b.time - a.time) : b.value;
}

} // namespace

double Curve::at(double t) const
{
    const Segment segment = segmentAt(t);
    if (!segment.a)
        return segment.held;
    const CurveKey& a = *segment.a;
    const CurveKey& b = *segment.b;
    const double dt = b.time - a.time;
    if (a.flags & kConstant)
        return (a.flags & kConstantNext) ? b.value : a.value;
    if (!isCubic(a.flags) || dt <= 0.0)
        return straightBetween(a, b, t);
    const double x1 = a.time + a.rightWeight * dt, x2 = b.time - b.leftWeight * dt;
    const double y1 = a.value + a.rightSlope * a.rightWeight * dt, y2 = b.value - b.leftSlope * b.leftWeight * dt;
    double s = (t - a.time) / dt;
    if (std::fabs(a.rightWeight - 1.0 / 3.0) > 1e-9 || std::fabs(b.leftWeight - 1.0 / 3.0) > 1e-9) {
        double lo = 0.0, hi = 1.0;  // the time is monotonic in s for weights in [0, 1]
        for (int i = 0; i < 64; ++i) {
            const double mid = 0.5 * (lo + hi);
            (bezier(a.time, x1, x2, b.time, mid) < t ? lo : hi) = mid;
        }
        s = 0.5 * (lo + hi);
    }
    return bezier(a.value, y1, y2, b.value, s);
}

double Curve::straightAt(double t) const
{
    const Segment segment = segmentAt(t);
    if (!segment.a)
        return segment.held;
    return straightBetween(*segment.a, *segment.b, t);
}

bool Curve::curved() const
{
    for (std::size_t i = 0; i + 1 < keys.size(); ++i)
        if (isCubic(keys[i].flags) || steps(i))
            return true;
    return false;
}

bool Curve::steps(std::size_t segment) const
{
    return segment + 1 < keys.size() && (keys[segment].flags & kConstant) &&
           keys[segment + 1].value != keys[segment].value;
}

} // namespace marrow::io::fbx
