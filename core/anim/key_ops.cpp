// SPDX-License-Identifier: MIT
#include "core/anim/key_ops.h"

#include "core/anim/auto_tangents.h"
#include "core/math/quat_component.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace marrow::anim {

namespace {

// Two times closer than this are one frame position: a moved key lands on
// an existing key even when the two were computed by different float paths.
constexpr float kSameTime = 1e-5f;

// One key with everything that travels with it.
template <class T>
struct KeyRecord {
    float time = 0.f;
    T value = zeroValue<T>();
    Interpolation mode = Interpolation::Linear;
    T in = zeroValue<T>();
    T out = zeroValue<T>();
    TangentMode tangent = TangentMode::Free;
    bool selected = false;
};

// Which optional arrays the channel carries, so an edit keeps its shape
// (a channel with per-key arrays keeps them even when they become uniform).
struct Shape {
    bool modes = false;
    bool tangents = false;
    bool tangentModes = false;
};

template <class T>
Shape shapeOf(const Channel<T>& c)
{
    const std::size_t n = c.size();
    Shape s;
    s.modes = n > 0 && c.interpolations.size() == n;
    s.tangents = n > 0 && c.inTangents.size() == n && c.outTangents.size() == n;
    s.tangentModes = n > 0 && c.tangentModes.size() == n;
    return s;
}

template <class T>
std::vector<KeyRecord<T>> explode(const Channel<T>& c, const Shape& s)
{
    std::vector<KeyRecord<T>> keys(c.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        keys[i].time = c.times[i];
        keys[i].value = c.values[i];
        keys[i].mode = c.segment(i);
        if (s.tangents) {
            keys[i].in = c.inTangents[i];
            keys[i].out = c.outTangents[i];
        }
        keys[i].tangent = c.tangentMode(i);
    }
    return keys;
}

// Writes the records back, keeping the arrays the channel had and adding
// those its keys now need; then aligns rotation hemispheres and refreshes
// auto tangents.
template <class T>
void implode(Channel<T>& c, const std::vector<KeyRecord<T>>& keys, Shape s)
{
    const std::size_t n = keys.size();
    for (const auto& k : keys) {
        s.modes = s.modes || k.mode != Interpolation::Linear;
        s.tangents = s.tangents || k.mode == Interpolation::CubicSpline;
        s.tangentModes = s.tangentModes || k.tangent != TangentMode::Free;
    }
    c.times.resize(n);
    c.values.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        c.times[i] = keys[i].time;
        c.values[i] = keys[i].value;
    }
    c.interpolations.clear();
    c.inTangents.clear();
    c.outTangents.clear();
    c.tangentModes.clear();
    if (n == 0)
        return;
    if (s.modes)
        for (const auto& k : keys)
            c.interpolations.push_back(k.mode);
    if (s.tangents)
        for (const auto& k : keys) {
            c.inTangents.push_back(k.in);
            c.outTangents.push_back(k.out);
        }
    if (s.tangentModes)
        for (const auto& k : keys)
            c.tangentModes.push_back(k.tangent);
    if constexpr (std::is_same_v<T, glm::quat>) {
        // q and -q are one rotation: each key in its predecessor's hemisphere
        // keeps every segment on the short arc after keys were reordered.
        for (std::size_t i = 1; i < n; ++i)
            if (glm::dot(c.values[i - 1], c.values[i]) < 0.f) {
                c.values[i] = -c.values[i];
                if (s.tangents) {
                    c.inTangents[i] = -c.inTangents[i];
                    c.outTangents[i] = -c.outTangents[i];
                }
            }
    }
    updateAutoTangents(c);
}

template <class T>
void mark(std::vector<KeyRecord<T>>& keys, std::span<const std::size_t> indices)
{
    for (std::size_t i : indices)
        if (i < keys.size())
            keys[i].selected = true;
}

} // namespace

template <class T>
std::size_t insertKey(Channel<T>& channel, float time, const T& value, Interpolation mode, TangentMode tangent)
{
    const Shape shape = shapeOf(channel);
    auto keys = explode(channel, shape);
    auto at = std::upper_bound(keys.begin(), keys.end(), time, [](float t, const KeyRecord<T>& k) { return t < k.time; });
    KeyRecord<T> key;
    key.time = time;
    key.value = value;
    key.mode = mode;
    key.tangent = tangent;
    if constexpr (std::is_same_v<T, glm::quat>) {
        if (at != keys.begin() && glm::dot((at - 1)->value, value) < 0.f)
            key.value = -value;
    }
    std::size_t index = 0;
    if (at != keys.begin() && (at - 1)->time == time) {
        --at;
        index = static_cast<std::size_t>(at - keys.begin());
        *at = key;
    } else {
        index = static_cast<std::size_t>(at - keys.begin());
        keys.insert(at, key);
    }
    implode(channel, keys, shape);
    return index;
}

template <class T>
void removeKeys(Channel<T>& channel, std::span<const std::size_t> indices)
{
    const Shape shape = shapeOf(channel);
    auto keys = explode(channel, shape);
    mark(keys, indices);
    std::erase_if(keys, [](const KeyRecord<T>& k) { return k.selected; });
    implode(channel, keys, shape);
}

template <class T>
std::vector<std::size_t> retimeKeys(Channel<T>& channel, std::span<const std::size_t> indices,
                                    const std::function<float(float)>& map)
{
    const Shape shape = shapeOf(channel);
    auto keys = explode(channel, shape);
    mark(keys, indices);
    std::vector<float> was(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i)
        was[i] = keys[i].time;
    std::vector<float> landed;
    for (auto& k : keys)
        if (k.selected) {
            k.time = map(k.time);
            landed.push_back(k.time);
        }
    std::sort(landed.begin(), landed.end());
    auto occupied = [&](float t) {
        auto it = std::lower_bound(landed.begin(), landed.end(), t - kSameTime);
        return it != landed.end() && *it <= t + kSameTime;
    };
    // An unselected key under a moved one is overwritten; of moved keys that
    // meet, the later one (in the old order) wins, except that the two keys
    // of a jump (one old time) move as one and stay a jump.
    std::vector<KeyRecord<T>> kept;
    kept.reserve(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const auto& k = keys[i];
        if (!k.selected) {
            if (!occupied(k.time))
                kept.push_back(k);
            continue;
        }
        bool later = false;
        for (std::size_t j = i + 1; j < keys.size() && !later; ++j)
            later = keys[j].selected && was[j] != was[i] && std::abs(keys[j].time - k.time) <= kSameTime;
        if (!later)
            kept.push_back(k);
    }
    std::stable_sort(kept.begin(), kept.end(), [](const KeyRecord<T>& a, const KeyRecord<T>& b) { return a.time < b.time; });
    std::vector<std::size_t> moved;
    for (std::size_t i = 0; i < kept.size(); ++i)
        if (kept[i].selected)
            moved.push_back(i);
    implode(channel, kept, shape);
    return moved;
}

template <class T>
void setKeyInterpolation(Channel<T>& channel, std::span<const std::size_t> indices, Interpolation mode)
{
    const Shape shape = shapeOf(channel);
    auto keys = explode(channel, shape);
    for (std::size_t i : indices)
        if (i < keys.size())
            keys[i].mode = mode;
    implode(channel, keys, shape);
}

template <class T>
void setKeyTangentMode(Channel<T>& channel, std::span<const std::size_t> indices, TangentMode mode)
{
    const Shape shape = shapeOf(channel);
    auto keys = explode(channel, shape);
    for (std::size_t i : indices)
        if (i < keys.size()) {
            keys[i].tangent = mode;
            if (mode == TangentMode::Flat)
                keys[i].in = keys[i].out = zeroValue<T>();
            if (mode == TangentMode::Aligned)  // collinear: each component's two slopes meet halfway
                keys[i].in = keys[i].out = (keys[i].in + keys[i].out) * 0.5f;
        }
    implode(channel, keys, shape);
}

template <class T>
void setKeyTangents(Channel<T>& channel, std::size_t index, const T& inSlope, const T& outSlope, TangentMode mode)
{
    if (index >= channel.size())
        return;
    Shape shape = shapeOf(channel);
    shape.tangents = true;
    auto keys = explode(channel, shapeOf(channel));
    keys[index].in = inSlope;
    keys[index].out = outSlope;
    keys[index].tangent = mode;
    implode(channel, keys, shape);
}

template <class T>
void offsetKeyComponent(Channel<T>& channel, std::span<const std::size_t> indices, int component, double delta)
{
    constexpr int components = static_cast<int>(sizeof(T) / sizeof(float));
    if (component < 0 || component >= components || delta == 0.0)
        return;
    const Shape shape = shapeOf(channel);
    auto keys = explode(channel, shape);
    mark(keys, indices);  // duplicates in `indices` move a key once
    for (auto& k : keys)
        if (k.selected) {
            if constexpr (std::is_same_v<T, glm::quat>)
                k.value = math::withComponent(k.value, component, static_cast<double>(k.value[component]) + delta);
            else
                k.value[component] += static_cast<float>(delta);
        }
    implode(channel, keys, shape);
}

template <class T>
void setKeyHandleSlope(Channel<T>& channel, std::size_t index, int component, HandleSide side, float slope)
{
    constexpr int components = static_cast<int>(sizeof(T) / sizeof(float));
    if (index >= channel.size() || component < 0 || component >= components)
        return;
    T in = index < channel.inTangents.size() ? channel.inTangents[index] : zeroValue<T>();
    T out = index < channel.outTangents.size() ? channel.outTangents[index] : zeroValue<T>();
    const bool free = channel.tangentMode(index) == TangentMode::Free;
    if (free) {
        (side == HandleSide::In ? in : out)[component] = slope;
    } else {
        in[component] = slope;
        out[component] = slope;
    }
    setKeyTangents(channel, index, in, out, free ? TangentMode::Free : TangentMode::Aligned);
}

template <class T>
std::vector<std::size_t> keysAtTimes(const Channel<T>& channel, std::span<const float> times)
{
    std::vector<float> sorted(times.begin(), times.end());
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::size_t> found;
    for (std::size_t i = 0; i < channel.size(); ++i)
        if (std::binary_search(sorted.begin(), sorted.end(), channel.times[i]))
            found.push_back(i);
    return found;
}

template std::size_t insertKey(Vec3Channel&, float, const glm::vec3&, Interpolation, TangentMode);
template std::size_t insertKey(QuatChannel&, float, const glm::quat&, Interpolation, TangentMode);
template void removeKeys(Vec3Channel&, std::span<const std::size_t>);
template void removeKeys(QuatChannel&, std::span<const std::size_t>);
template std::vector<std::size_t> retimeKeys(Vec3Channel&, std::span<const std::size_t>, const std::function<float(float)>&);
template std::vector<std::size_t> retimeKeys(QuatChannel&, std::span<const std::size_t>, const std::function<float(float)>&);
template void setKeyInterpolation(Vec3Channel&, std::span<const std::size_t>, Interpolation);
template void setKeyInterpolation(QuatChannel&, std::span<const std::size_t>, Interpolation);
template void setKeyTangentMode(Vec3Channel&, std::span<const std::size_t>, TangentMode);
template void setKeyTangentMode(QuatChannel&, std::span<const std::size_t>, TangentMode);
template void setKeyTangents(Vec3Channel&, std::size_t, const glm::vec3&, const glm::vec3&, TangentMode);
template void setKeyTangents(QuatChannel&, std::size_t, const glm::quat&, const glm::quat&, TangentMode);
template void offsetKeyComponent(Vec3Channel&, std::span<const std::size_t>, int, double);
template void offsetKeyComponent(QuatChannel&, std::span<const std::size_t>, int, double);
template void setKeyHandleSlope(Vec3Channel&, std::size_t, int, HandleSide, float);
template void setKeyHandleSlope(QuatChannel&, std::size_t, int, HandleSide, float);
template std::vector<std::size_t> keysAtTimes(const Vec3Channel&, std::span<const float>);
template std::vector<std::size_t> keysAtTimes(const QuatChannel&, std::span<const float>);

} // namespace marrow::anim
