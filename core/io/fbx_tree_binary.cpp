// SPDX-License-Identifier: MIT
// Binary FBX: a 27-byte header, then node records (end offset, value count,
// value bytes, name) nested until a zero record. Offsets are 32-bit before
// version 7500 and 64-bit from it.
#include "core/io/fbx_tree.h"

#include <zlib.h>

#include <algorithm>
#include <cstring>

namespace marrow::io::fbx {

namespace {

constexpr std::size_t kHeaderSize = 27;
constexpr std::size_t kMaxInflateRatio = 1032;  // deflate's largest compression ratio

class BinaryReader {
public:
    BinaryReader(std::span<const unsigned char> bytes, const ArrayFilter& want) : bytes_(bytes), want_(want) {}

    std::optional<Node> read(std::string& error)
    {
        if (bytes_.size() < kHeaderSize)
            return fail(error, "the file is shorter than an FBX header");
        std::uint32_t version = 0;
        std::memcpy(&version, bytes_.data() + 23, 4);
        wide_ = version >= 7500;
        Node root;
        std::size_t at = kHeaderSize;
        while (at < bytes_.size()) {
            Node node;
            bool end = false;
            if (!readNode(at, 0, node, end))
                return fail(error, problem_);
            if (end)
                break;
            root.children.push_back(std::move(node));
        }
        return root;
    }

private:
    std::optional<Node> fail(std::string& error, const std::string& why)
    {
        error = why;
        return std::nullopt;
    }

    bool bad(std::string why)
    {
        problem_ = std::move(why);
        return false;
    }

    template <class T>
    bool take(std::size_t& at, std::size_t limit, T& out)
    {
        if (limit > bytes_.size() || at > limit || limit - at < sizeof(T))
            return bad("a value runs past its record at byte " + std::to_string(at));
        std::memcpy(&out, bytes_.data() + at, sizeof(T));
        at += sizeof(T);
        return true;
    }

    bool readNode(std::size_t& at, int depth, Node& node, bool& end)
    {
        if (depth > kMaxDepth)
            return bad("nodes nest deeper than " + std::to_string(kMaxDepth));
        if (++nodes_ > kMaxNodes)
            return bad("more than " + std::to_string(kMaxNodes) + " nodes");
        const std::size_t start = at;
        std::uint64_t endOffset = 0, count = 0, length = 0;
        if (wide_) {
            if (!take(at, bytes_.size(), endOffset) || !take(at, bytes_.size(), count) ||
                !take(at, bytes_.size(), length))
                return false;
        } else {
            std::uint32_t e = 0, c = 0, l = 0;
            if (!take(at, bytes_.size(), e) || !take(at, bytes_.size(), c) || !take(at, bytes_.size(), l))
                return false;
            endOffset = e, count = c, length = l;
        }
        std::uint8_t nameLength = 0;
        if (!take(at, bytes_.size(), nameLength))
            return false;
        if (endOffset == 0) {
            end = true;
            return true;
        }
        if (endOffset <= start || endOffset > bytes_.size() || at + nameLength > endOffset)
            return bad("a node at byte " + std::to_string(start) + " ends outside the file");
        node.name.assign(reinterpret_cast<const char*>(bytes_.data() + at), nameLength);
        at += nameLength;
        const std::size_t valuesEnd = at + length;
        if (length > endOffset - at)
            return bad("node '" + node.name + "' has values past its end");
        const bool arrays = !want_ || want_(node.name);
        for (std::uint64_t i = 0; i < count; ++i) {
            Value v;
            if (!readValue(at, valuesEnd, arrays, v))
                return false;
            node.values.push_back(std::move(v));
        }
        if (at != valuesEnd)
            return bad("node '" + node.name + "' has " + std::to_string(valuesEnd - at) + " bytes of values unread");
        while (at < endOffset) {
            Node child;
            bool childEnd = false;
            if (!readNode(at, depth + 1, child, childEnd))
                return false;
            if (childEnd)
                break;
            node.children.push_back(std::move(child));
        }
        if (at > endOffset)
            return bad("node '" + node.name + "' has children past its end");
        at = static_cast<std::size_t>(endOffset);
        return true;
    }

    template <class T>
    void widen(const unsigned char* data, std::size_t n, Value& v)
    {
        for (std::size_t i = 0; i < n; ++i) {
            T x;
            std::memcpy(&x, data + i * sizeof(T), sizeof(T));
            if constexpr (std::is_floating_point_v<T>)
                v.reals.push_back(static_cast<double>(x));
            else
                v.integers.push_back(static_cast<std::int64_t>(x));
        }
    }

    bool readArray(std::size_t& at, std::size_t limit, char type, bool decode, Value& v)
    {
        std::uint32_t n = 0, encoding = 0, size = 0;
        if (!take(at, limit, n) || !take(at, limit, encoding) || !take(at, limit, size))
            return false;
        if (size > limit - at)
            return bad("an array runs past its node at byte " + std::to_string(at));
        const std::size_t width = (type == 'd' || type == 'l') ? 8 : (type == 'b' ? 1 : 4);
        const std::uint64_t bytes = static_cast<std::uint64_t>(n) * width;
        const unsigned char* data = bytes_.data() + at;
        at += size;
        v.kind = (type == 'f' || type == 'd') ? Value::Kind::Reals : Value::Kind::Integers;
        if (!decode) {
            v.kind = Value::Kind::Skipped;
            return true;
        }
        std::vector<unsigned char> inflated;
        if (encoding == 0) {
            if (bytes != size)
                return bad("an array of " + std::to_string(n) + " values holds " + std::to_string(size) + " bytes");
        } else if (encoding == 1) {
            if (bytes > static_cast<std::uint64_t>(size) * kMaxInflateRatio + 64)
                return bad("a compressed array claims more values than its bytes can hold");
            inflated.resize(static_cast<std::size_t>(bytes));
            uLongf out = static_cast<uLongf>(bytes);
            if (uncompress(inflated.data(), &out, data, size) != Z_OK || out != bytes)
                return bad("a compressed array at byte " + std::to_string(at - size) + " does not inflate to " +
                           std::to_string(n) + " values");
            data = inflated.data();
        } else {
            return bad("an array has unknown encoding " + std::to_string(encoding));
        }
        switch (type) {
        case 'f': widen<float>(data, n, v); break;
        case 'd': widen<double>(data, n, v); break;
        case 'i': widen<std::int32_t>(data, n, v); break;
        case 'l': widen<std::int64_t>(data, n, v); break;
        default: widen<std::uint8_t>(data, n, v); break;
        }
        return true;
    }

    bool readValue(std::size_t& at, std::size_t limit, bool arrays, Value& v)
    {
        std::uint8_t type = 0;
        if (!take(at, limit, type))
            return false;
        switch (type) {
        case 'Y': { std::int16_t x; if (!take(at, limit, x)) return false; v.integer = x; return true; }
        case 'C': { std::uint8_t x; if (!take(at, limit, x)) return false; v.integer = x; return true; }
        case 'I': { std::int32_t x; if (!take(at, limit, x)) return false; v.integer = x; return true; }
        case 'L': { std::int64_t x; if (!take(at, limit, x)) return false; v.integer = x; return true; }
        case 'F': { float x; if (!take(at, limit, x)) return false; v.kind = Value::Kind::Real; v.real = x; return true; }
        case 'D': { double x; if (!take(at, limit, x)) return false; v.kind = Value::Kind::Real; v.real = x; return true; }
        case 'f': case 'd': case 'i': case 'l': case 'b':
            return readArray(at, limit, static_cast<char>(type), arrays, v);
        case 'S': case 'R': {
            std::uint32_t n = 0;
            if (!take(at, limit, n))
                return false;
            if (n > limit - at)
                return bad("a string runs past its node at byte " + std::to_string(at));
            v.kind = Value::Kind::String;
            v.text.assign(reinterpret_cast<const char*>(bytes_.data() + at), n);
            at += n;
            return true;
        }
        default:
            return bad("unknown value type " + std::to_string(type) + " at byte " + std::to_string(at - 1));
        }
    }

    std::span<const unsigned char> bytes_;
    const ArrayFilter& want_;
    bool wide_ = false;
    std::size_t nodes_ = 0;
    std::string problem_;
};

} // namespace

std::optional<Node> readBinaryTree(std::span<const unsigned char> bytes, std::string& error,
                                   const ArrayFilter& wantArrays)
{
    return BinaryReader(bytes, wantArrays).read(error);
}

} // namespace marrow::io::fbx
