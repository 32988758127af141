// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/plot_raster.h"

#include "core/math/avx2_clones.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace marrow::ui::graph {

namespace {

constexpr double kFar = 1.0e6;  // y beyond this is off any image; keeps the maths finite
constexpr double kNone = std::numeric_limits<double>::infinity();

// Each byte of `x` times a / 255, rounded (two bytes per multiply).
std::uint32_t byteMul(std::uint32_t x, std::uint32_t a)
{
    std::uint32_t rb = (x & 0xff00ffu) * a;
    rb = ((rb + ((rb >> 8) & 0xff00ffu) + 0x800080u) >> 8) & 0xff00ffu;
    std::uint32_t ag = ((x >> 8) & 0xff00ffu) * a;
    ag = (ag + ((ag >> 8) & 0xff00ffu) + 0x800080u) & 0xff00ff00u;
    return ag | rb;
}

// `src` (premultiplied) over `dst`.
std::uint32_t over(std::uint32_t dst, std::uint32_t src)
{
    return src + byteMul(dst, 255u - qAlpha(src));
}

} // namespace

#if defined(__SSE2__)
namespace {

// over() on four pixels at once, with byteMul's rounding (the same bytes):
// each channel is a 16-bit lane, x * a fits, and (t + (t >> 8) + 0x80) >> 8
// is byteMul's division by 255.
__m128i overFour(__m128i dst, __m128i src)
{
    const __m128i zero = _mm_setzero_si128();
    const __m128i invAlpha = _mm_andnot_si128(src, _mm_set1_epi32(static_cast<int>(0xff000000u)));  // 255 - alpha, in the alpha byte
    const auto half = [&](__m128i d, __m128i ia) {
        // ia: 255 - alpha in lane 3 of each pixel's four 16-bit lanes; spread it to all four.
        ia = _mm_shufflehi_epi16(_mm_shufflelo_epi16(ia, _MM_SHUFFLE(3, 3, 3, 3)), _MM_SHUFFLE(3, 3, 3, 3));
        __m128i t = _mm_mullo_epi16(d, ia);
        t = _mm_add_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), _mm_set1_epi16(0x80));
        return _mm_srli_epi16(t, 8);
    };
    const __m128i lo = half(_mm_unpacklo_epi8(dst, zero), _mm_unpacklo_epi8(invAlpha, zero));
    const __m128i hi = half(_mm_unpackhi_epi8(dst, zero), _mm_unpackhi_epi8(invAlpha, zero));
    return _mm_add_epi8(src, _mm_packus_epi16(lo, hi));
}

// over() with the source's 255 - alpha already spread to 16-bit lanes
// (PreparedStamp): two pixels' worth in each of inverseLo and inverseHi.
__m128i overPrepared(__m128i dst, __m128i src, __m128i inverseLo, __m128i inverseHi)
{
    const __m128i zero = _mm_setzero_si128();
    const auto half = [&](__m128i d, __m128i ia) {
        __m128i t = _mm_mullo_epi16(d, ia);
        t = _mm_add_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), _mm_set1_epi16(0x80));
        return _mm_srli_epi16(t, 8);
    };
    const __m128i lo = half(_mm_unpacklo_epi8(dst, zero), inverseLo);
    const __m128i hi = half(_mm_unpackhi_epi8(dst, zero), inverseHi);
    return _mm_add_epi8(src, _mm_packus_epi16(lo, hi));
}

} // namespace
#endif

PlotRaster::PlotRaster(QImage& image)
    : m_bits(image.bits())
    , m_stride(image.bytesPerLine())
    , m_width(image.width())
    , m_height(image.height())
    , m_lo(static_cast<std::size_t>(std::max(0, image.width())), kNone)
    , m_hi(static_cast<std::size_t>(std::max(0, image.width())), -kNone)
{
}

[[gnu::always_inline]] inline void PlotRaster::addSegment(double x0, double y0, double x1, double y1)
{
    if (x1 < 0.0 || x0 >= m_width)
        return;
    const int c0 = std::max(0, static_cast<int>(std::floor(x0)));
    const int c1 = std::min(m_width - 1, static_cast<int>(std::floor(x1)));
    if (c0 > c1)
        return;
    double* const lo = m_lo.data();
    double* const hi = m_hi.data();
    const auto cover = [&](int c, double ya, double yb) {
        lo[c] = std::min(lo[c], std::min(ya, yb));
        hi[c] = std::max(hi[c], std::max(ya, yb));
    };
    const double dx = x1 - x0;
    if (!(dx > 0.0)) {  // a jump: one column, both ends
        cover(c0, y0, y1);
    } else {
        const double slope = (y1 - y0) / dx;  // one division per segment, not two per column
        // The part of the segment inside each column, as its y range: the
        // column's right edge's y is the next column's left edge's (and
        // every column's right edge but the last's lies within the segment).
        double ya = y0 + slope * (std::max(x0, static_cast<double>(c0)) - x0);
        for (int c = c0; c < c1; ++c) {
            const double yb = y0 + slope * (static_cast<double>(c + 1) - x0);
            cover(c, ya, yb);
            ya = yb;
        }
        cover(c1, ya, y0 + slope * (std::min(x1, static_cast<double>(c1 + 1)) - x0));
    }
    m_first = m_last < m_first ? c0 : std::min(m_first, c0);
    m_last = std::max(m_last, c1);
}

const std::array<std::uint32_t, 256>& PlotRaster::colourTable(std::uint32_t opaque)
{
    for (const auto& t : m_tables)
        if (t[255] == opaque)
            return t;
    // The colour at each coverage, made once per colour.
    auto& t = m_tables.emplace_back();
    for (std::uint32_t alpha = 0; alpha < 256; ++alpha)
        t[alpha] = byteMul(opaque, alpha);
    return t;
}

[[gnu::always_inline]] inline void PlotRaster::fillColumns(QRgb colour, double halfWidth)
{
    const std::array<std::uint32_t, 256>& srcAt = colourTable(colour | 0xff000000u);
    const std::uint32_t src = srcAt[255];
    // Spans in fixed point, 1/256 of a pixel (what an 8-bit coverage can tell apart).
    constexpr double kSub = 256.0, kOffset = 4.0 * kSub;  // the offset rounds values just below 0 too
    const double top = -2.0, bottom = m_height + 2.0;     // beyond these no pixel is covered
    const auto fixed = [&](double v) {
        return static_cast<int>(std::clamp(v, top, bottom) * kSub + 0.5 + kOffset) - static_cast<int>(kOffset);
    };
    // One column's span, rows r0 to r1 (r0's and r1's coverage a0 and a1, 0-255).
    const auto paint = [&](int c, int r0, int r1, std::uint32_t a0, std::uint32_t a1) {
        std::uint32_t* const upper = row(r0) + c;
        if (r1 == r0) {
            *upper = srcAt[a0] + byteMul(*upper, 255u - a0);
            return;
        }
        std::uint32_t* const lower = row(r1) + c;
#if defined(__SSE2__)
        // Both ends at once, with byteMul's rounding (the same bytes as over()).
        const __m128i dst = _mm_unpacklo_epi8(
            _mm_unpacklo_epi32(_mm_cvtsi32_si128(static_cast<int>(*upper)), _mm_cvtsi32_si128(static_cast<int>(*lower))),
            _mm_setzero_si128());
        const auto i0 = static_cast<short>(255u - a0), i1 = static_cast<short>(255u - a1);
        __m128i t = _mm_mullo_epi16(dst, _mm_set_epi16(i1, i1, i1, i1, i0, i0, i0, i0));
        t = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), _mm_set1_epi16(0x80)), 8);
        const __m128i ends = _mm_unpacklo_epi32(_mm_cvtsi32_si128(static_cast<int>(srcAt[a0])),
                                                _mm_cvtsi32_si128(static_cast<int>(srcAt[a1])));
        const __m128i out = _mm_add_epi8(ends, _mm_packus_epi16(t, _mm_setzero_si128()));
        *upper = static_cast<std::uint32_t>(_mm_cvtsi128_si32(out));
        *lower = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(out, 4)));
#else
        *upper = srcAt[a0] + byteMul(*upper, 255u - a0);
        *lower = srcAt[a1] + byteMul(*lower, 255u - a1);
#endif
        const qsizetype step = m_stride / 4;
        for (std::uint32_t* p = upper + step; p != lower; p += step)
            *p = src;
    };
    int c = m_first;
#if defined(__SSE2__)
    // Four columns' rows and end coverages at a time, by the scalar loop's
    // operations in the same order (the same pixels).
    {
        const __m128d hw = _mm_set1_pd(halfWidth), lowest = _mm_set1_pd(top), highest = _mm_set1_pd(bottom);
        const __m128d sub = _mm_set1_pd(kSub), half = _mm_set1_pd(0.5), offset = _mm_set1_pd(kOffset);
        const __m128i intOffset = _mm_set1_epi32(static_cast<int>(kOffset)), lastRow = _mm_set1_epi32(m_height - 1);
        const auto fixedTwo = [&](__m128d v) {
            v = _mm_min_pd(_mm_max_pd(v, lowest), highest);
            return _mm_cvttpd_epi32(_mm_add_pd(_mm_add_pd(_mm_mul_pd(v, sub), half), offset));
        };
        const auto select = [](__m128i mask, __m128i a, __m128i b) {
            return _mm_or_si128(_mm_and_si128(mask, a), _mm_andnot_si128(mask, b));
        };
        const auto alphaOf = [&](__m128i fa, __m128i fb, __m128i r) {
            const __m128i rowTop = _mm_slli_epi32(r, 8), rowEnd = _mm_slli_epi32(_mm_add_epi32(r, _mm_set1_epi32(1)), 8);
            const __m128i end = select(_mm_cmplt_epi32(fb, rowEnd), fb, rowEnd);
            const __m128i begin = select(_mm_cmpgt_epi32(fa, rowTop), fa, rowTop);
            const __m128i cover = _mm_sub_epi32(end, begin);
            return _mm_srai_epi32(_mm_add_epi32(_mm_sub_epi32(_mm_slli_epi32(cover, 8), cover), _mm_set1_epi32(128)), 8);
        };
        alignas(16) int r0[4], r1[4], a0[4], a1[4];
        for (; c + 4 <= m_last + 1; c += 4) {
            const auto i = static_cast<std::size_t>(c);
            const __m128d lo01 = _mm_loadu_pd(&m_lo[i]), lo23 = _mm_loadu_pd(&m_lo[i + 2]);
            const __m128d hi01 = _mm_loadu_pd(&m_hi[i]), hi23 = _mm_loadu_pd(&m_hi[i + 2]);
            int skip = _mm_movemask_pd(_mm_cmpgt_pd(lo01, hi01)) | _mm_movemask_pd(_mm_cmpgt_pd(lo23, hi23)) << 2;
            if (skip == 0xF)
                continue;
            const __m128i fa = _mm_sub_epi32(
                _mm_unpacklo_epi64(fixedTwo(_mm_sub_pd(lo01, hw)), fixedTwo(_mm_sub_pd(lo23, hw))), intOffset);
            const __m128i fb = _mm_sub_epi32(
                _mm_unpacklo_epi64(fixedTwo(_mm_add_pd(hi01, hw)), fixedTwo(_mm_add_pd(hi23, hw))), intOffset);
            __m128i first = _mm_srai_epi32(fa, 8);
            first = _mm_andnot_si128(_mm_srai_epi32(first, 31), first);  // max(0, fa >> 8)
            __m128i last = _mm_srai_epi32(_mm_sub_epi32(fb, _mm_set1_epi32(1)), 8);
            last = select(_mm_cmpgt_epi32(last, lastRow), lastRow, last);  // min(height - 1, (fb - 1) >> 8)
            skip |= _mm_movemask_ps(_mm_castsi128_ps(
                _mm_or_si128(_mm_cmpgt_epi32(fa, fb), _mm_or_si128(_mm_cmpeq_epi32(fa, fb), _mm_cmpgt_epi32(first, last)))));
            if (skip == 0xF)
                continue;
            _mm_store_si128(reinterpret_cast<__m128i*>(r0), first);
            _mm_store_si128(reinterpret_cast<__m128i*>(r1), last);
            _mm_store_si128(reinterpret_cast<__m128i*>(a0), alphaOf(fa, fb, first));
            _mm_store_si128(reinterpret_cast<__m128i*>(a1), alphaOf(fa, fb, last));
            for (int k = 0; k < 4; ++k)
                if (!(skip & (1 << k)))
                    paint(c + k, r0[k], r1[k], static_cast<std::uint32_t>(a0[k]), static_cast<std::uint32_t>(a1[k]));
        }
    }
#endif
    for (; c <= m_last; ++c) {
        const auto i = static_cast<std::size_t>(c);
        const double lo = m_lo[i], hi = m_hi[i];
        if (lo > hi)
            continue;
        const int fa = fixed(lo - halfWidth), fb = fixed(hi + halfWidth);
        const int r0 = std::max(0, fa >> 8), r1 = std::min(m_height - 1, (fb - 1) >> 8);
        if (fb <= fa || r0 > r1)
            continue;
        // A row's coverage: the span's part inside it, in 1/256 pixel, as 0-255.
        const auto alphaOf = [&](int r) {
            const int cover = std::min(fb, (r + 1) << 8) - std::max(fa, r << 8);  // 0 to 256 by r0's and r1's making
            return static_cast<std::uint32_t>((cover * 255 + 128) >> 8);
        };
        paint(c, r0, r1, alphaOf(r0), alphaOf(r1));
    }
    if (m_first <= m_last) {
        std::fill(m_lo.begin() + m_first, m_lo.begin() + m_last + 1, kNone);
        std::fill(m_hi.begin() + m_first, m_hi.begin() + m_last + 1, -kNone);
    }
    m_first = 0;
    m_last = -1;
}

MARROW_AVX2_CLONES void PlotRaster::polyline(std::span<const double> xs, std::span<const double> ys, QRgb colour, double width)
{
    const std::size_t n = std::min(xs.size(), ys.size());
    if (n == 0 || m_width <= 0 || m_height <= 0)
        return;
    const auto y = [&](std::size_t i) { return std::clamp(ys[i], -kFar, kFar); };
    if (n == 1)
        addSegment(xs[0], y(0), xs[0], y(0));
    for (std::size_t i = 0; i + 1 < n; ++i)
        addSegment(xs[i], y(i), xs[i + 1], y(i + 1));
    fillColumns(colour, width / 2.0);
}

void PlotRaster::fillRect(QRect rect, QRgb premultiplied)
{
    rect &= QRect(0, 0, m_width, m_height);
    if (rect.isEmpty())
        return;
    const std::uint32_t src = premultiplied;
    for (int r = rect.top(); r <= rect.bottom(); ++r) {
        std::uint32_t* d = row(r);
        int c = rect.left();
        const int end = rect.right() + 1;
        if (qAlpha(src) == 255) {
            std::fill(d + c, d + end, src);
            continue;
        }
#if defined(__SSE2__)
        const __m128i four = _mm_set1_epi32(static_cast<int>(src));
        for (; c + 4 <= end; c += 4) {
            auto* dst = reinterpret_cast<__m128i*>(d + c);
            _mm_storeu_si128(dst, overFour(_mm_loadu_si128(dst), four));
        }
#endif
        for (; c < end; ++c)
            d[c] = over(d[c], src);
    }
}

const PlotRaster::PreparedStamp& PlotRaster::prepared(const QImage& stamp)
{
    for (const PreparedStamp& p : m_stamps)
        if (p.key == stamp.cacheKey())
            return p;
    PreparedStamp& p = m_stamps.emplace_back();
    p.key = stamp.cacheKey();
    p.width = stamp.width();
    p.height = stamp.height();
    for (int r = 0; r < p.height; ++r) {
        const auto* s = reinterpret_cast<const std::uint32_t*>(stamp.constScanLine(r));
        // A clear pixel leaves the image as it was: each row blends only
        // from its first pixel that is not clear to its last.
        int first = 0, end = p.width;
        while (first < end && s[first] == 0)
            ++first;
        while (end > first && s[end - 1] == 0)
            --end;
        p.rows.push_back({first, end});
        for (int c = 0; c < p.width; ++c) {
            p.colours.push_back(s[c]);
            const auto inverse = static_cast<std::uint16_t>(255 - qAlpha(s[c]));
            p.inverse.insert(p.inverse.end(), {inverse, inverse, inverse, inverse});
        }
    }
    return p;
}

MARROW_AVX2_CLONES void PlotRaster::stamp(const QImage& image, int x, int y)
{
    const PreparedStamp& stamp = prepared(image);
    const int left = x - stamp.width / 2, top = y - stamp.height / 2;
    const int left0 = std::max(0, -left), right0 = std::min(stamp.width, m_width - left);
    const int r0 = std::max(0, -top), r1 = std::min(stamp.height, m_height - top);
    for (int r = r0; r < r1; ++r) {
        const int s0 = std::max(left0, stamp.rows[static_cast<std::size_t>(r)].first);
        const int s1 = std::min(right0, stamp.rows[static_cast<std::size_t>(r)].second);
        const std::uint32_t* s = stamp.colours.data() + static_cast<std::size_t>(r) * stamp.width;
        const std::uint16_t* inverse = stamp.inverse.data() + static_cast<std::size_t>(r) * stamp.width * 4;
        std::uint32_t* d = row(top + r) + left;
        int c = s0;
#if defined(__SSE2__)
        // Every pixel blends (an opaque one gives itself, a clear one leaves
        // the image as it was): no branch per pixel.
        const auto inverseAt = [&](int k) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(inverse + 4 * k)); };
        for (; c + 4 <= s1; c += 4) {
            const __m128i src = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + c));
            auto* dst = reinterpret_cast<__m128i*>(d + c);
            _mm_storeu_si128(dst, overPrepared(_mm_loadu_si128(dst), src, inverseAt(c), inverseAt(c + 2)));
        }
        if (c + 2 <= s1) {  // two more, in the low half
            const __m128i src = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(s + c));
            auto* dst = reinterpret_cast<__m128i*>(d + c);
            _mm_storel_epi64(dst, overPrepared(_mm_loadl_epi64(dst), src, inverseAt(c), _mm_setzero_si128()));
            c += 2;
        }
#endif
        for (; c < s1; ++c)
            d[c] = over(d[c], s[c]);
    }
}

} // namespace marrow::ui::graph
