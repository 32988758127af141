// SPDX-License-Identifier: MIT
#include "core/io/transition_section.h"

#include "core/io/le_bytes.h"

#include <cstring>

namespace marrow::doc {

namespace {

void putBits(std::string& out, const void* value, std::size_t bytes)
{
    std::uint64_t bits = 0;
    std::memcpy(&bits, value, bytes);
    for (std::size_t i = 0; i < bytes; ++i)
        out.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
}

// Reads little-endian fields and remembers whether it ran out of bytes.
struct Reader {
    std::string_view in;
    std::size_t at = 0;
    bool ok = true;

    bool need(std::size_t n)
    {
        ok = ok && in.size() - at >= n && at <= in.size();
        return ok;
    }
    std::uint64_t bits(std::size_t n)
    {
        if (!need(n))
            return 0;
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < n; ++i)
            v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
        at += n;
        return v;
    }
    std::uint32_t u32() { return static_cast<std::uint32_t>(bits(4)); }
    std::uint8_t u8() { return static_cast<std::uint8_t>(bits(1)); }
    float f32()
    {
        const auto b = static_cast<std::uint32_t>(bits(4));
        float f;
        std::memcpy(&f, &b, 4);
        return f;
    }
    double f64()
    {
        const std::uint64_t b = bits(8);
        double d;
        std::memcpy(&d, &b, 8);
        return d;
    }
};

} // namespace

std::string encodeTransitionSection(const std::vector<model::Transition>& transitions)
{
    std::string out;
    putU32(out, static_cast<std::uint32_t>(transitions.size()));
    for (const model::Transition& t : transitions) {
        putU32(out, static_cast<std::uint32_t>(t.name.size()));
        out += t.name;
        putU32(out, static_cast<std::uint32_t>(t.clipA));
        putU32(out, static_cast<std::uint32_t>(t.clipB));
        for (double v : {t.exit, t.offset, t.duration})
            putBits(out, &v, 8);
        out.push_back(static_cast<char>(t.curve.kind));
        for (float v : {t.curve.x1, t.curve.y1, t.curve.x2, t.curve.y2})
            putBits(out, &v, 4);
        out.push_back(static_cast<char>((t.sync ? 1 : 0) | (t.cycleA ? 2 : 0) | (t.cycleB ? 4 : 0) |
                                        (t.matchRoot ? 8 : 0) | (t.previewLength > 0.0 ? 16 : 0)));
        out.push_back(static_cast<char>(t.mode));
        putU32(out, static_cast<std::uint32_t>(t.profile.size()));
        for (float v : t.profile)
            putBits(out, &v, 4);
        if (t.previewLength > 0.0)  // flag 16: files without it keep their bytes
            putBits(out, &t.previewLength, 8);
    }
    return out;
}

bool decodeTransitionSection(std::string_view bytes, std::size_t clipCount, std::size_t jointCount,
                             std::vector<model::Transition>& out, std::string& error)
{
    Reader r{bytes};
    const std::uint32_t count = r.u32();
    // Each transition takes at least 50 bytes: a count beyond that is a lie.
    if (!r.ok || count > bytes.size() / 50) {
        error = "transition section: the count " + std::to_string(count) + " does not fit its " +
                std::to_string(bytes.size()) + " bytes";
        return false;
    }
    std::vector<model::Transition> list(count);
    for (std::uint32_t i = 0; i < count && r.ok; ++i) {
        model::Transition& t = list[i];
        const std::uint32_t nameLength = r.u32();
        if (!r.need(nameLength))
            break;
        t.name.assign(bytes.substr(r.at, nameLength));
        r.at += nameLength;
        t.clipA = static_cast<std::int32_t>(r.u32());
        t.clipB = static_cast<std::int32_t>(r.u32());
        t.exit = r.f64();
        t.offset = r.f64();
        t.duration = r.f64();
        const std::uint8_t kind = r.u8();
        t.curve.kind = static_cast<anim::BlendCurveKind>(kind);
        t.curve.x1 = r.f32();
        t.curve.y1 = r.f32();
        t.curve.x2 = r.f32();
        t.curve.y2 = r.f32();
        const std::uint8_t flags = r.u8();
        t.sync = flags & 1;
        t.cycleA = flags & 2;
        t.cycleB = flags & 4;
        t.matchRoot = flags & 8;  // files before root matching leave it clear
        t.mode = static_cast<anim::BlendMode>(r.u8());
        const std::uint32_t profile = r.u32();
        if (!r.ok || profile > jointCount || !r.need(std::size_t{profile} * 4)) {
            r.ok = false;
            break;
        }
        t.profile.resize(profile);
        for (float& s : t.profile)
            s = r.f32();
        if (flags & 16)
            t.previewLength = r.f64();
        if (kind > static_cast<std::uint8_t>(anim::BlendCurveKind::Bezier)) {
            error = "transition section: transition " + std::to_string(i) + " has an unknown curve";
            return false;
        }
        if (auto bad = t.validate(clipCount, jointCount)) {
            error = "transition section: " + *bad;
            return false;
        }
    }
    if (!r.ok || r.at != bytes.size()) {
        error = "transition section: its bytes do not hold the " + std::to_string(count) + " transitions it counts";
        return false;
    }
    out = std::move(list);
    return true;
}

} // namespace marrow::doc
