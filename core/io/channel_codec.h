// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"
#include "core/io/codec_stream.h"

// One animation channel in the rig codec's form: key times, values, then
// per-key interpolations, tangents and tangent modes.
namespace marrow::io::codec {

// Version 2: per-key interpolations and tangent modes, each a count then a
// byte per key (count 0: every key Linear / Free).
template <class E>
void writeBytes(Writer& w, const std::vector<E>& modes)
{
    w.count(modes.size());
    for (E m : modes)
        w.u8(static_cast<std::uint8_t>(m));
}

template <class E>
void readBytes(Reader& r, std::vector<E>& modes, E last, const char* what)
{
    const std::size_t n = r.count(1, what);
    modes.assign(n, E{});
    for (std::size_t i = 0; i < n && r.ok(); ++i) {
        const std::uint8_t b = r.u8();
        if (b > static_cast<std::uint8_t>(last))
            r.fail(std::string("unknown ") + what + " " + std::to_string(b));
        modes[i] = static_cast<E>(b);
    }
}

template <class T>
void writeChannel(Writer& w, const anim::Channel<T>& c)
{
    w.counted(c.times);
    w.vecs(c.values);
    writeBytes(w, c.interpolations);
    w.vecs(c.inTangents);
    w.vecs(c.outTangents);
    writeBytes(w, c.tangentModes);
}

template <class T>
void readChannel(Reader& r, anim::Channel<T>& c)
{
    // Version 1 held one interpolation per channel, before the keys.
    std::uint8_t whole = 0;
    if (r.version < 2) {
        whole = r.u8();
        if (whole > static_cast<std::uint8_t>(anim::Interpolation::CubicSpline))
            r.fail("unknown interpolation " + std::to_string(whole));
    }
    r.counted(c.times, "key");
    r.vecs(c.values, "key value");
    if (r.version < 2)
        c.interpolations.assign(c.times.size(), static_cast<anim::Interpolation>(whole));
    else
        readBytes(r, c.interpolations, anim::Interpolation::CubicSpline, "interpolation");
    r.vecs(c.inTangents, "in-tangent");
    r.vecs(c.outTangents, "out-tangent");
    if (r.version >= 2)
        readBytes(r, c.tangentModes, anim::kLastTangentMode, "tangent mode");
}

} // namespace marrow::io::codec
