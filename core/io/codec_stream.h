// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/rig_codec.h"
#include "core/math/glm_config.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

// The little-endian writer and bounds-checked reader behind the rig codec and
// the document's sections that hold animation data (rotation_section).
//
// Arrays of numbers and of glm vectors go through as one block of bytes: the
// file's order is the host's (little-endian), so a 75,000-vertex mesh costs a
// memcpy instead of a push_back per byte (save, autosave and every undo
// check's encode). Quaternions are the exception: the file holds w first.
namespace marrow::io::codec {

static_assert(std::endian::native == std::endian::little, "the codec writes arrays as they are in memory");
static_assert(sizeof(glm::vec2) == 8 && sizeof(glm::vec3) == 12 && sizeof(glm::vec4) == 16 && sizeof(glm::quat) == 16,
              "glm vectors must be packed floats for the codec's block copies");

// Types whose in-memory bytes are their encoding.
template <class T>
concept Block = std::is_arithmetic_v<T> || std::is_same_v<T, glm::vec2> || std::is_same_v<T, glm::vec3> ||
                std::is_same_v<T, glm::vec4>;

// Appends little-endian fields.
class Writer {
public:
    void u8(std::uint8_t v) { m_out.push_back(static_cast<char>(v)); }
    void u16(std::uint16_t v) { raw(v, 2); }
    void u32(std::uint32_t v) { raw(v, 4); }
    void u64(std::uint64_t v) { raw(v, 8); }
    void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
    void f32(float v) { u32(std::bit_cast<std::uint32_t>(v)); }
    void count(std::size_t n) { u32(static_cast<std::uint32_t>(n)); }
    void str(const std::string& s)
    {
        count(s.size());
        m_out.append(s);
    }
    void vec(const glm::vec2& v) { f32(v.x), f32(v.y); }
    void vec(const glm::vec3& v) { f32(v.x), f32(v.y), f32(v.z); }
    void vec(const glm::quat& q) { f32(q.w), f32(q.x), f32(q.y), f32(q.z); }
    void mat(const glm::mat4& m)
    {
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                f32(m[c][r]);
    }
    template <Block T>
    void vecs(const std::vector<T>& values)
    {
        counted(values);
    }
    void vecs(const std::vector<glm::quat>& values)
    {
        count(values.size());
        const std::size_t at = m_out.size();
        m_out.resize(at + values.size() * sizeof(glm::quat));
        char* p = m_out.data() + at;
        for (const glm::quat& q : values) {
            const float wxyz[4] = {q.w, q.x, q.y, q.z};
            std::memcpy(p, wxyz, sizeof wxyz);
            p += sizeof wxyz;
        }
    }
    // A count, then the values' bytes.
    template <Block T>
    void counted(const std::vector<T>& values)
    {
        count(values.size());
        if (!values.empty())  // an empty vector's data() may be null
            m_out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
    }
    std::string& bytes() { return m_out; }

private:
    void raw(std::uint64_t v, int n)
    {
        char b[8];
        std::memcpy(b, &v, sizeof b);
        m_out.append(b, static_cast<std::size_t>(n));
    }
    std::string m_out;
};

// Reads little-endian fields; after the first failure every read fails and
// the first reason is kept.
class Reader {
public:
    explicit Reader(std::string_view bytes) : m_bytes(bytes) {}

    std::uint32_t version = kRigCodecVersion;  // of the payload being read: older ones decode too

    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    std::size_t remaining() const { return m_bytes.size() - m_pos; }
    bool fail(const std::string& why)
    {
        if (m_error.empty())
            m_error = why + " at byte " + std::to_string(m_pos);
        return false;
    }
    bool take(std::size_t n, const char*& p)
    {
        if (!ok() || n > remaining())
            return fail("data ends early");
        p = m_bytes.data() + m_pos;
        m_pos += n;
        return true;
    }
    std::uint64_t raw(int n)
    {
        const char* p = nullptr;
        if (!take(static_cast<std::size_t>(n), p))
            return 0;
        std::uint64_t v = 0;
        std::memcpy(&v, p, static_cast<std::size_t>(n));
        return v;
    }
    std::uint8_t u8() { return static_cast<std::uint8_t>(raw(1)); }
    std::uint16_t u16() { return static_cast<std::uint16_t>(raw(2)); }
    std::uint32_t u32() { return static_cast<std::uint32_t>(raw(4)); }
    std::uint64_t u64() { return raw(8); }
    std::int32_t i32() { return static_cast<std::int32_t>(u32()); }
    float f32() { return std::bit_cast<float>(u32()); }
    // An element count, checked against the bytes left: each element needs at least elementBytes.
    std::size_t count(std::size_t elementBytes, const char* what)
    {
        const std::uint32_t n = u32();
        if (ok() && static_cast<std::uint64_t>(n) * elementBytes > remaining()) {
            fail(std::string(what) + " count " + std::to_string(n) + " exceeds the remaining data");
            return 0;
        }
        return n;
    }
    void str(std::string& s)
    {
        const std::size_t n = count(1, "string");
        const char* p = nullptr;
        if (take(n, p))
            s.assign(p, n);
    }
    void vec(glm::vec2& v) { v.x = f32(), v.y = f32(); }
    void vec(glm::vec3& v) { v.x = f32(), v.y = f32(), v.z = f32(); }
    void vec(glm::quat& q) { q.w = f32(), q.x = f32(), q.y = f32(), q.z = f32(); }
    void mat(glm::mat4& m)
    {
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                m[c][r] = f32();
    }
    template <Block T>
    void vecs(std::vector<T>& values, const char* what)
    {
        counted(values, what);
    }
    void vecs(std::vector<glm::quat>& values, const char* what)
    {
        const std::size_t n = count(sizeof(glm::quat), what);
        const char* p = nullptr;
        values.clear();
        if (!take(n * sizeof(glm::quat), p))
            return;
        values.resize(n);
        for (glm::quat& q : values) {
            float wxyz[4];
            std::memcpy(wxyz, p, sizeof wxyz);
            q = glm::quat(wxyz[0], wxyz[1], wxyz[2], wxyz[3]);
            p += sizeof wxyz;
        }
    }
    // A count (checked against the bytes left), then that many values' bytes.
    template <Block T>
    void counted(std::vector<T>& values, const char* what)
    {
        const std::size_t n = count(sizeof(T), what);
        const char* p = nullptr;
        values.clear();
        if (!take(n * sizeof(T), p))
            return;
        values.resize(n);
        if (n > 0)  // memcpy from or to null is undefined even for no bytes
            std::memcpy(static_cast<void*>(values.data()), p, n * sizeof(T));
    }

private:
    std::string_view m_bytes;
    std::size_t m_pos = 0;
    std::string m_error;
};

} // namespace marrow::io::codec
