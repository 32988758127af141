// SPDX-License-Identifier: MIT
#include "core/io/gltf_accessor.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace marrow::io::gltf {

namespace {

// Far above any real model, far below what would exhaust memory: 256 M elements.
constexpr std::uint64_t kMaxElements = 1ull << 28;
// Values an accessor without a bufferView may expand to: 4 M (16 MB of floats).
constexpr std::uint64_t kMaxZeroFilledValues = 1ull << 22;

int typeComponents(int type)
{
    switch (type) {
    case TINYGLTF_TYPE_SCALAR: return 1;
    case TINYGLTF_TYPE_VEC2: return 2;
    case TINYGLTF_TYPE_VEC3: return 3;
    case TINYGLTF_TYPE_VEC4: return 4;
    case TINYGLTF_TYPE_MAT2: return 4;
    case TINYGLTF_TYPE_MAT3: return 9;
    case TINYGLTF_TYPE_MAT4: return 16;
    default: return 0;
    }
}

double componentAt(const unsigned char* p, int componentType, bool normalized)
{
    switch (componentType) {
    case TINYGLTF_COMPONENT_TYPE_BYTE: {
        std::int8_t v;
        std::memcpy(&v, p, 1);
        return normalized ? std::fmax(v / 127.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: {
        std::uint8_t v;
        std::memcpy(&v, p, 1);
        return normalized ? v / 255.0 : v;
    }
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
        std::int16_t v;
        std::memcpy(&v, p, 2);
        return normalized ? std::fmax(v / 32767.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
        std::uint16_t v;
        std::memcpy(&v, p, 2);
        return normalized ? v / 65535.0 : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        return v;
    }
    case TINYGLTF_COMPONENT_TYPE_FLOAT: {
        float v;
        std::memcpy(&v, p, 4);
        return v;
    }
    default: return 0.0;
    }
}

} // namespace

int componentSize(int componentType)
{
    switch (componentType) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return 2;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT: return 4;
    default: return 0;
    }
}

const tinygltf::Accessor& AccessorReader::accessorAt(int accessor, const std::string& what) const
{
    if (accessor < 0 || static_cast<std::size_t>(accessor) >= m_model.accessors.size())
        fail(what + " refers to accessor " + std::to_string(accessor) + ", which does not exist (" +
             std::to_string(m_model.accessors.size()) + " accessors)");
    return m_model.accessors[static_cast<std::size_t>(accessor)];
}

std::size_t AccessorReader::count(int accessor, const std::string& what) const
{
    return accessorAt(accessor, what).count;
}

AccessorReader::Layout AccessorReader::layout(const tinygltf::Accessor& a, int bufferView, std::size_t byteOffset,
                                              std::size_t count, int componentType, int components,
                                              const std::string& what) const
{
    Layout l;
    l.count = count;
    l.componentType = componentType;
    l.components = components;
    l.normalized = a.normalized;
    const int csize = componentSize(componentType);
    if (csize == 0)
        fail(what + ": component type " + std::to_string(componentType) + " is not a glTF component type");
    const std::uint64_t elementSize = static_cast<std::uint64_t>(csize) * static_cast<std::uint64_t>(components);
    if (bufferView < 0)
        return l;  // no bufferView: all zeros (sparse may substitute)
    if (static_cast<std::size_t>(bufferView) >= m_model.bufferViews.size())
        fail(what + " refers to bufferView " + std::to_string(bufferView) + ", which does not exist");
    const tinygltf::BufferView& view = m_model.bufferViews[static_cast<std::size_t>(bufferView)];
    if (view.buffer < 0 || static_cast<std::size_t>(view.buffer) >= m_model.buffers.size())
        fail(what + ": bufferView " + std::to_string(bufferView) + " refers to buffer " + std::to_string(view.buffer) +
             ", which does not exist");
    const tinygltf::Buffer& buffer = m_model.buffers[static_cast<std::size_t>(view.buffer)];
    const std::uint64_t viewStart = view.byteOffset, viewLength = view.byteLength;
    if (viewStart > buffer.data.size() || viewLength > buffer.data.size() - viewStart)
        fail(what + ": bufferView " + std::to_string(bufferView) + " (" + std::to_string(viewLength) + " bytes at " +
             std::to_string(viewStart) + ") runs past the end of buffer " + std::to_string(view.buffer) + " (" +
             std::to_string(buffer.data.size()) + " bytes)");
    std::uint64_t stride = view.byteStride == 0 ? elementSize : view.byteStride;
    if (stride < elementSize || stride > 252)
        fail(what + ": byteStride " + std::to_string(view.byteStride) + " does not fit elements of " +
             std::to_string(elementSize) + " bytes");
    // byteOffset first, on its own: a value near 2^64 would wrap the sum below.
    if (static_cast<std::uint64_t>(byteOffset) > viewLength)
        fail(what + ": accessor byteOffset " + std::to_string(byteOffset) + " lies past the end of its bufferView " +
             std::to_string(bufferView) + " (" + std::to_string(viewLength) + " bytes)");
    if (count > 0) {
        const std::uint64_t needed = static_cast<std::uint64_t>(byteOffset) + (count - 1) * stride + elementSize;
        if (needed > viewLength)
            fail(what + ": accessor needs " + std::to_string(needed) + " bytes but its bufferView " +
                 std::to_string(bufferView) + " holds " + std::to_string(viewLength));
    }
    if (byteOffset % static_cast<std::size_t>(csize) != 0 || (viewStart % static_cast<std::size_t>(csize)) != 0)
        fail(what + ": accessor data is not aligned to its component size");
    l.data = buffer.data.data() + viewStart + byteOffset;
    l.stride = static_cast<std::size_t>(stride);
    return l;
}

template <class T, class Convert>
std::vector<T> AccessorReader::read(int accessor, int components, const std::string& whatIn, Convert convert,
                                    bool integerOnly) const
{
    const tinygltf::Accessor& a = accessorAt(accessor, whatIn);
    const std::string what = whatIn + " (accessor " + std::to_string(accessor) + ")";
    const int have = typeComponents(a.type);
    if (have != components)
        fail(what + " has " + std::to_string(have) + " components per element, expected " + std::to_string(components));
    if (integerOnly && (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT || a.componentType == TINYGLTF_COMPONENT_TYPE_BYTE ||
                        a.componentType == TINYGLTF_COMPONENT_TYPE_SHORT))
        fail(what + " must hold unsigned integers");
    if (a.count > kMaxElements)
        fail(what + " claims " + std::to_string(a.count) + " elements, more than Marrow accepts");
    // Without a bufferView an accessor is all zeros (plus sparse values): real
    // files use that for small morph targets, never for millions of elements,
    // and a hostile count would otherwise allocate gigabytes from nothing.
    if (a.bufferView < 0 && a.count * static_cast<std::uint64_t>(components) > kMaxZeroFilledValues)
        fail(what + " has no bufferView but claims " + std::to_string(a.count) + " elements");
    const Layout l = layout(a, a.bufferView, a.byteOffset, a.count, a.componentType, components, what);
    const std::size_t csize = static_cast<std::size_t>(componentSize(a.componentType));
    // Indices and joints are never normalised, whatever the file claims.
    const bool norm = integerOnly ? false : a.normalized;
    std::vector<T> out(a.count * static_cast<std::size_t>(components), T{});
    if (l.data) {
        for (std::size_t i = 0; i < a.count; ++i)
            for (int c = 0; c < components; ++c)
                out[i * components + c] =
                    convert(componentAt(l.data + i * l.stride + c * csize, a.componentType, norm), what, i);
    }
    if (a.sparse.isSparse) {
        const auto sparseCount = static_cast<std::uint64_t>(a.sparse.count);
        if (a.sparse.count < 0 || sparseCount > a.count)
            fail(what + ": sparse count " + std::to_string(a.sparse.count) + " exceeds the accessor's count");
        const int idxType = a.sparse.indices.componentType;
        if (idxType != TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE && idxType != TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT &&
            idxType != TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT)
            fail(what + ": sparse indices must be unsigned integers");
        const Layout li = layout(a, a.sparse.indices.bufferView, static_cast<std::size_t>(a.sparse.indices.byteOffset),
                                 sparseCount, idxType, 1, what + " sparse indices");
        const Layout lv = layout(a, a.sparse.values.bufferView, static_cast<std::size_t>(a.sparse.values.byteOffset),
                                 sparseCount, a.componentType, components, what + " sparse values");
        if (sparseCount > 0 && (!li.data || !lv.data))
            fail(what + ": sparse indices and values need bufferViews");
        double previous = -1.0;
        for (std::size_t k = 0; k < sparseCount; ++k) {
            const double idx = componentAt(li.data + k * li.stride, idxType, false);
            if (idx <= previous || idx >= static_cast<double>(a.count))
                fail(what + ": sparse index " + std::to_string(static_cast<std::uint64_t>(idx)) +
                     " is out of range or out of order");
            previous = idx;
            const auto i = static_cast<std::size_t>(idx);
            for (int c = 0; c < components; ++c)
                out[i * components + c] =
                    convert(componentAt(lv.data + k * lv.stride + c * csize, a.componentType, norm), what, i);
        }
    }
    return out;
}

std::vector<float> AccessorReader::floats(int accessor, int components, const std::string& what) const
{
    return read<float>(accessor, components, what, [](double v, const std::string& w, std::size_t i) {
        if (!std::isfinite(v) || std::fabs(v) > std::numeric_limits<float>::max())
            fail(w + " element " + std::to_string(i) + " is not a finite number");
        return static_cast<float>(v);
    }, false);
}

std::vector<std::uint32_t> AccessorReader::uints(int accessor, int components, const std::string& what) const
{
    return read<std::uint32_t>(accessor, components, what,
                               [](double v, const std::string&, std::size_t) { return static_cast<std::uint32_t>(v); },
                               true);
}

} // namespace marrow::io::gltf
