// SPDX-License-Identifier: MIT
#include "core/io/gltf_export_context.h"

#include <algorithm>
#include <limits>

namespace marrow::io::gltfexport {

int ExportContext::addView(const void* data, std::size_t byteCount, int target)
{
    // Views start on 4 bytes so any float, short or int accessor in them is aligned.
    while (bin.size() % 4 != 0)
        bin.push_back(0);
    if (bin.size() + byteCount > static_cast<std::size_t>(std::numeric_limits<std::uint32_t>::max()))
        throw ExportError{"the model needs more than 4 GiB of buffer data"};
    tinygltf::BufferView view;
    view.buffer = binBuffer;
    view.byteOffset = bin.size();
    view.byteLength = byteCount;
    view.target = target;
    const auto* bytes = static_cast<const unsigned char*>(data);
    bin.insert(bin.end(), bytes, bytes + byteCount);
    model.bufferViews.push_back(std::move(view));
    return static_cast<int>(model.bufferViews.size() - 1);
}

int ExportContext::addAccessor(int view, int componentType, int type, std::size_t count, std::vector<double> min,
                               std::vector<double> max)
{
    tinygltf::Accessor a;
    a.bufferView = view;
    a.byteOffset = 0;
    a.componentType = componentType;
    a.type = type;
    a.count = count;
    a.minValues = std::move(min);
    a.maxValues = std::move(max);
    model.accessors.push_back(std::move(a));
    return static_cast<int>(model.accessors.size() - 1);
}

int ExportContext::addFloats(std::span<const float> values, int components, int type, int target, bool withBounds)
{
    const std::size_t count = values.size() / static_cast<std::size_t>(components);
    std::vector<double> lo, hi;
    if (withBounds && count > 0) {
        // Bounds from the floats themselves: float -> double is exact, and the
        // JSON writer prints doubles that read back bit for bit, so the
        // validator's exact min/max comparison holds.
        lo.assign(values.begin(), values.begin() + components);
        hi = lo;
        for (std::size_t i = 0; i < count; ++i)
            for (int c = 0; c < components; ++c) {
                const double v = values[i * static_cast<std::size_t>(components) + static_cast<std::size_t>(c)];
                lo[static_cast<std::size_t>(c)] = std::min(lo[static_cast<std::size_t>(c)], v);
                hi[static_cast<std::size_t>(c)] = std::max(hi[static_cast<std::size_t>(c)], v);
            }
    }
    const int view = addView(values.data(), values.size() * sizeof(float), target);
    return addAccessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, type, count, std::move(lo), std::move(hi));
}

int ExportContext::addTimes(const std::vector<float>& times)
{
    if (auto it = m_timeAccessors.find(times); it != m_timeAccessors.end())
        return it->second;
    const int accessor = addFloats(times, 1, TINYGLTF_TYPE_SCALAR, 0, true);
    m_timeAccessors.emplace(times, accessor);
    return accessor;
}

} // namespace marrow::io::gltfexport
