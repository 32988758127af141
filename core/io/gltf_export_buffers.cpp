// SPDX-License-Identifier: MIT
// Buffer bookkeeping of the write that carries its source: what is still
// referenced, pruning what an edit replaced, one buffer at the end.
#include "core/io/gltf_export_carry.h"
#include "core/io/gltf_source_content.h"

#include <algorithm>
#include <limits>

namespace marrow::io::gltfexport {

namespace {

// Extensions known to refer to no accessor or buffer view: a file using only
// these (or none) can have the data its edits orphaned pruned safely.
bool referencesNoData(const std::string& extension)
{
    static const char* const known[] = {"KHR_lights_punctual", "KHR_texture_transform", "KHR_texture_basisu",
                                        "KHR_mesh_quantization", "KHR_materials_variants", "KHR_xmp_json_ld",
                                        "EXT_texture_webp", "EXT_texture_avif"};
    if (extension.starts_with("KHR_materials_"))
        return true;
    return std::any_of(std::begin(known), std::end(known), [&](const char* k) { return extension == k; });
}

template <class F>
void forEachAccessorRef(tinygltf::Model& m, F&& f)
{
    for (tinygltf::Mesh& mesh : m.meshes)
        for (tinygltf::Primitive& p : mesh.primitives) {
            for (auto& [name, index] : p.attributes)
                f(index);
            f(p.indices);
            for (auto& target : p.targets)
                for (auto& [name, index] : target)
                    f(index);
        }
    for (tinygltf::Skin& s : m.skins)
        f(s.inverseBindMatrices);
    for (tinygltf::Animation& a : m.animations)
        for (tinygltf::AnimationSampler& s : a.samplers) {
            f(s.input);
            f(s.output);
        }
}

template <class F>
void forEachViewRef(tinygltf::Model& m, F&& f)
{
    for (tinygltf::Accessor& a : m.accessors) {
        f(a.bufferView);
        if (a.sparse.isSparse) {
            f(a.sparse.indices.bufferView);
            f(a.sparse.values.bufferView);
        }
    }
    for (tinygltf::Image& image : m.images)
        f(image.bufferView);
}

// old index -> new index (-1 for removed), keeping the order of the rest.
std::vector<int> renumbering(std::size_t count, const std::set<int>& removed)
{
    std::vector<int> to(count, -1);
    int next = 0;
    for (std::size_t i = 0; i < count; ++i)
        if (!removed.contains(static_cast<int>(i)))
            to[i] = next++;
    return to;
}

// Removes `dead` from `items` and renumbers every reference that
// `forEachRef` visits to the items kept.
template <class T, class Refs>
void removeAndRenumber(std::vector<T>& items, const std::set<int>& dead, Refs&& forEachRef)
{
    if (dead.empty())
        return;
    const std::vector<int> to = renumbering(items.size(), dead);
    forEachRef([&to](int& i) {
        if (i >= 0)
            i = to[static_cast<std::size_t>(i)];
    });
    std::vector<T> kept;
    kept.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i)
        if (!dead.contains(static_cast<int>(i)))
            kept.push_back(std::move(items[i]));
    items = std::move(kept);
}

std::set<int> minus(const std::set<int>& a, const std::set<int>& b)
{
    std::set<int> out;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::inserter(out, out.end()));
    return out;
}

} // namespace

ReferencedData referencedData(const tinygltf::Model& model)
{
    auto& m = const_cast<tinygltf::Model&>(model);  // the visitors only read here
    ReferencedData r;
    forEachAccessorRef(m, [&](int& i) {
        if (i >= 0)
            r.accessors.insert(i);
    });
    forEachViewRef(m, [&](int& i) {
        if (i >= 0)
            r.views.insert(i);
    });
    return r;
}

void pruneOrphans(tinygltf::Model& model, const ReferencedData& before)
{
    if (!std::all_of(model.extensionsUsed.begin(), model.extensionsUsed.end(), referencesNoData))
        return;
    // A source may hold a reference past the end (an accessor nothing uses
    // naming a view that does not exist): renumbering cannot place it, so
    // the data is carried as the file has it (found by fuzzing, issue 38).
    bool inRange = true;
    forEachAccessorRef(model, [&](int& i) { inRange = inRange && i < static_cast<int>(model.accessors.size()); });
    forEachViewRef(model, [&](int& i) { inRange = inRange && i < static_cast<int>(model.bufferViews.size()); });
    if (!inRange)
        return;
    // Accessors first: a view is dead once no remaining accessor uses it.
    removeAndRenumber(model.accessors, minus(before.accessors, referencedData(model).accessors),
                      [&model](auto&& f) { forEachAccessorRef(model, f); });
    removeAndRenumber(model.bufferViews, minus(before.views, referencedData(model).views),
                      [&model](auto&& f) { forEachViewRef(model, f); });
}

void mergeBuffers(ExportContext& ctx, const gltfsource::Content& content)
{
    std::vector<unsigned char> merged;
    const auto append = [&merged](const unsigned char* bytes, std::size_t count) {
        while (merged.size() % 4 != 0)
            merged.push_back(0);
        if (merged.size() + count > static_cast<std::size_t>(std::numeric_limits<std::uint32_t>::max()))
            throw ExportError{"the model needs more than 4 GiB of buffer data"};
        const std::size_t at = merged.size();
        merged.insert(merged.end(), bytes, bytes + count);
        return at;
    };
    for (std::size_t v = 0; v < ctx.model.bufferViews.size(); ++v) {
        tinygltf::BufferView& view = ctx.model.bufferViews[v];
        const std::vector<unsigned char>* from = nullptr;
        if (view.buffer == ctx.binBuffer)
            from = &ctx.bin;
        else if (view.buffer >= 0 && static_cast<std::size_t>(view.buffer) < ctx.model.buffers.size())
            from = &ctx.model.buffers[static_cast<std::size_t>(view.buffer)].data;
        if (!from || view.byteOffset > from->size() || view.byteLength > from->size() - view.byteOffset)
            throw ExportError{"buffer view " + std::to_string(v) + " of the source lies outside its buffer"};
        view.byteOffset = append(from->data() + view.byteOffset, view.byteLength);
        view.buffer = 0;
    }
    for (std::size_t i = 0; i < ctx.model.images.size(); ++i) {
        tinygltf::Image& image = ctx.model.images[i];
        if (image.bufferView >= 0 || i >= content.imageBytes.size() || !content.imageBytes[i])
            continue;  // in a view already, or unreadable (the import said so): its URI stays
        if (ctx.beside && image.uri.rfind("data:", 0) != 0) {
            // A file beside the source: a file beside the .gltf too.
            const std::string mime = i < content.imageMimeTypes.size() ? content.imageMimeTypes[i] : image.mimeType;
            image.uri = ctx.beside->place(image.uri, mime, content.imageBytes[i]);
            continue;
        }
        const std::vector<unsigned char>& bytes = *content.imageBytes[i];
        tinygltf::BufferView view;
        view.buffer = 0;
        view.byteLength = bytes.size();
        view.byteOffset = append(bytes.data(), bytes.size());
        ctx.model.bufferViews.push_back(std::move(view));
        image.bufferView = static_cast<int>(ctx.model.bufferViews.size() - 1);
        image.mimeType = content.imageMimeTypes[i];
        image.uri.clear();
    }
    ctx.model.buffers.clear();
    ctx.bin = std::move(merged);
}

} // namespace marrow::io::gltfexport
