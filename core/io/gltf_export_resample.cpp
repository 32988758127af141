// SPDX-License-Identifier: MIT
#include "core/io/gltf_export_resample.h"

#include "core/anim/channel_sampling.h"

#include <cmath>
#include <limits>

namespace marrow::io::gltfexport {

template <class T>
anim::Channel<T> linearResample(const anim::Channel<T>& c, float rate)
{
    anim::Channel<T> out;
    std::uint32_t cursor = 0;
    const float before = -std::numeric_limits<float>::infinity();
    auto push = [&](float t, const T& v) {
        out.times.push_back(t);
        out.values.push_back(v);
    };
    for (std::size_t i = 0; i < c.size(); ++i) {
        push(c.times[i], c.values[i]);
        if (i + 1 >= c.size() || !(c.times[i + 1] > c.times[i]))
            continue;
        const float t0 = c.times[i], t1 = c.times[i + 1];
        switch (c.segment(i)) {
        case anim::Interpolation::Step: {
            const float hold = std::nextafter(t1, before);
            if (hold > t0)
                push(hold, c.values[i]);
            break;
        }
        case anim::Interpolation::CubicSpline:
            if (rate > 0.f && std::isfinite(rate))
                for (double f = std::floor(static_cast<double>(t0) * rate) + 1.0; f / rate < t1; f += 1.0) {
                    const auto t = static_cast<float>(f / rate);
                    if (t > t0 && t < t1)
                        push(t, anim::sampleChannel(c, t, cursor));
                }
            break;
        case anim::Interpolation::Linear:
            break;
        }
    }
    out.setInterpolation(anim::Interpolation::Linear);
    return out;
}

template anim::Channel<glm::vec3> linearResample(const anim::Channel<glm::vec3>&, float);
template anim::Channel<glm::quat> linearResample(const anim::Channel<glm::quat>&, float);

} // namespace marrow::io::gltfexport
