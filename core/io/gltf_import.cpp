// SPDX-License-Identifier: MIT
#include "core/io/gltf_import.h"
#include "core/io/file_bytes.h"
#include "core/model/inverse_bind_check.h"
#include "core/io/gltf_import_context.h"
#include "core/io/gltf_import_images.h"

#include <filesystem>
#include <fstream>
#include <optional>
#include <string_view>

namespace marrow::io {

namespace {

namespace fs = std::filesystem;

// Largest model file read into memory (glTF text or GLB): 2 GiB.
constexpr std::uintmax_t kMaxFileBytes = 2ull << 30;

// Keeps every external URI inside the model's folder. tinygltf joins each URI
// with the base folder (and with "."), then asks these callbacks.
struct Sandbox {
    fs::path root;              // canonical model folder
    std::string rejectedUri;    // first URI that tried to leave it
    bool noFiles = false;       // bytes in memory: nothing beside them is read
};

bool insideRoot(const Sandbox& box, const std::string& path)
{
    std::error_code ec;
    const fs::path p = fs::weakly_canonical(fs::absolute(fs::path(path), ec), ec);
    if (ec)
        return false;
    auto r = box.root.begin();
    auto q = p.begin();
    for (; r != box.root.end(); ++r, ++q)
        if (q == p.end() || *q != *r)
            return false;
    return true;
}

bool sandboxFileExists(const std::string& path, void* user)
{
    auto* box = static_cast<Sandbox*>(user);
    if (box->noFiles)
        return false;
    if (!insideRoot(*box, path)) {
        if (box->rejectedUri.empty())
            box->rejectedUri = path;
        return false;
    }
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

std::string sandboxExpand(const std::string& path, void*) { return path; }

bool sandboxRead(std::vector<unsigned char>* out, std::string* err, const std::string& path, void* user)
{
    auto* box = static_cast<Sandbox*>(user);
    std::error_code ec;
    if (box->noFiles || !insideRoot(*box, path) || !fs::is_regular_file(path, ec)) {
        if (err)
            *err += "cannot read " + path;
        return false;
    }
    const auto size = fs::file_size(path, ec);
    if (ec || size > kMaxFileBytes) {
        if (err)
            *err += path + " is too large";
        return false;
    }
    return readFileBytes(path, *out);
}

bool sandboxWrite(std::string*, const std::string&, const std::vector<unsigned char>&, void*) { return false; }


// GLB container: 12-byte header, then chunks of (length, type, data). tinygltf
// checks this too, but says only "Invalid glTF binary"; this says what is wrong.
std::optional<std::string> checkGlbContainer(const std::string& b)
{
    auto u32 = [&](std::size_t at) {
        return static_cast<std::uint32_t>(static_cast<unsigned char>(b[at])) |
               static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 1])) << 8 |
               static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 2])) << 16 |
               static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 3])) << 24;
    };
    if (b.size() < 12)
        return "GLB truncated inside its 12-byte header (" + std::to_string(b.size()) + " bytes)";
    if (u32(4) != 2)
        return "GLB version " + std::to_string(u32(4)) + " is not supported (glTF 2.0 needs version 2)";
    const std::uint64_t total = u32(8);
    if (total > b.size())
        return "GLB header says " + std::to_string(total) + " bytes but the file has " + std::to_string(b.size());
    if (total < 20)
        return "GLB has no JSON chunk";
    std::uint64_t at = 12;
    for (int chunk = 0; at < total; ++chunk) {
        if (total - at < 8)
            return "GLB chunk " + std::to_string(chunk) + " header is truncated";
        const std::uint64_t length = u32(static_cast<std::size_t>(at));
        const std::uint32_t type = u32(static_cast<std::size_t>(at) + 4);
        if (length > total - at - 8)
            return "GLB chunk " + std::to_string(chunk) + " length (" + std::to_string(length) +
                   " bytes) runs past the end of the file (" + std::to_string(total - at - 8) + " bytes left)";
        if (chunk == 0 && type != 0x4E4F534Au)
            return "GLB's first chunk is not JSON";
        at += 8 + length;
    }
    return std::nullopt;
}

// tinygltf converts "extras" and "extensions" recursively, so a file nested
// thousands of levels deep would overflow the stack there. Real files nest a
// dozen levels; refuse anything past kMaxJsonDepth before parsing.
constexpr int kMaxJsonDepth = 256;

std::optional<std::string> checkJsonDepth(std::string_view json)
{
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > kMaxJsonDepth)
                return "JSON nested more than " + std::to_string(kMaxJsonDepth) + " levels deep (at byte " +
                       std::to_string(i) + ")";
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return std::nullopt;
}

// tinygltf quotes whole data URIs in its messages; keep messages one short line.
std::string shortenDataUris(std::string s)
{
    for (std::size_t at = s.find("data:"); at != std::string::npos; at = s.find("data:", at + 8)) {
        std::size_t end = s.find_first_of(" \n'\"", at);
        if (end == std::string::npos)
            end = s.size();
        if (end - at > 48)
            s.replace(at, end - at, s.substr(at, 40) + "...");
    }
    return s;
}

std::string firstLine(std::string s)
{
    s = shortenDataUris(std::move(s));
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' '))
        s.pop_back();
    for (char& c : s)
        if (c == '\n' || c == '\r')
            c = ';';
    return s;
}

std::string displayName(const std::string& path) { return path; }

ImportResult importFromBytes(const std::string& bytes, const std::string& name, Sandbox& box, bool looksLikeGlb);

} // namespace

ImportResult importGltf(const std::string& path)
{
    const std::string name = displayName(path);
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec)
        return ImportResult::failure(name + ": cannot read the file (" + ec.message() + ")");
    if (size == 0)
        return ImportResult::failure(name + ": the file is empty (0 bytes)");
    if (size > kMaxFileBytes)
        return ImportResult::failure(name + ": the file is larger than 2 GiB");
    std::string bytes;
    {
        // One read into a buffer of the file's size: a 30 MB textured GLB
        // read through stream iterators took longer than parsing it.
        std::ifstream in(path, std::ios::binary);
        bytes.resize(static_cast<std::size_t>(size));
        if (!in.read(bytes.data(), static_cast<std::streamsize>(size)) || in.peek() != std::char_traits<char>::eof())
            return ImportResult::failure(name + ": cannot read the whole file");
    }
    Sandbox box;
    box.root = fs::weakly_canonical(fs::absolute(fs::path(path), ec).parent_path(), ec);
    return importFromBytes(bytes, name, box, path.size() >= 4 && path.compare(path.size() - 4, 4, ".glb") == 0);
}

ImportResult importGltfBytes(const std::string& bytes, const std::string& name)
{
    if (bytes.empty())
        return ImportResult::failure(name + ": the glTF data is empty");
    Sandbox box;
    box.noFiles = true;
    return importFromBytes(bytes, name, box, false);
}

namespace {

ImportResult importFromBytes(const std::string& bytes, const std::string& name, Sandbox& box, bool looksLikeGlb)
{
    // The container is decided by the magic bytes, not the extension.
    const bool binary = bytes.size() >= 4 && bytes.compare(0, 4, "glTF") == 0;
    if (!binary && looksLikeGlb && bytes.size() < 12)
        return ImportResult::failure(name + ": GLB header truncated (" + std::to_string(bytes.size()) +
                                     " bytes, the header needs 12)");
    if (binary)
        if (auto bad = checkGlbContainer(bytes))
            return ImportResult::failure(name + ": " + *bad);
    {
        // The JSON is the whole file, or a GLB's first chunk (checked above).
        std::string_view json(bytes);
        if (binary) {
            const auto length = static_cast<std::size_t>(static_cast<unsigned char>(bytes[12])) |
                                static_cast<std::size_t>(static_cast<unsigned char>(bytes[13])) << 8 |
                                static_cast<std::size_t>(static_cast<unsigned char>(bytes[14])) << 16 |
                                static_cast<std::size_t>(static_cast<unsigned char>(bytes[15])) << 24;
            json = json.substr(20, length);
        }
        if (auto bad = checkJsonDepth(json))
            return ImportResult::failure(name + ": " + *bad);
    }

    tinygltf::TinyGLTF loader;
    loader.SetFsCallbacks(tinygltf::FsCallbacks{&sandboxFileExists, &sandboxExpand, &sandboxRead, &sandboxWrite, &box});
    // Images are never decoded: their bytes are kept for a write to carry.
    std::vector<std::vector<unsigned char>> capturedImages;
    loader.SetImageLoader(&gltf::captureImageBytes, &capturedImages);
    tinygltf::Model model;
    std::string err, warn;
    const std::string baseDir = box.root.string();
    bool loaded = false;
    try {
        loaded = binary ? loader.LoadBinaryFromMemory(&model, &err, &warn,
                                                      reinterpret_cast<const unsigned char*>(bytes.data()),
                                                      static_cast<unsigned int>(bytes.size()), baseDir)
                        : loader.LoadASCIIFromString(&model, &err, &warn, bytes.data(),
                                                     static_cast<unsigned int>(bytes.size()), baseDir);
    } catch (const std::exception& e) {
        return ImportResult::failure(name + ": " + e.what());
    }
    if (!box.rejectedUri.empty()) {
        // Show the URI as the file wrote it, not joined with our folder.
        std::string uri = box.rejectedUri;
        const std::string prefix = baseDir + "/";
        if (uri.compare(0, prefix.size(), prefix) == 0)
            uri = uri.substr(prefix.size());
        return ImportResult::failure(name + ": URI '" + uri + "' points outside the model's folder; not read");
    }
    if (!loaded) {
        if (err.find("Failed to decode 'uri'") != std::string::npos && err.find("Buffer") != std::string::npos)
            return ImportResult::failure(name + ": a buffer's data URI is not valid base64 or does not hold its byteLength");
        return ImportResult::failure(name + ": " + firstLine(err.empty() ? "not a readable glTF file" : err));
    }

    // A required extension that changes how geometry is stored (Draco,
    // meshopt) would otherwise read as empty accessors: refuse instead of
    // showing garbage. Required texture or material extensions only change
    // looks, which a rig editor can do without.
    for (const std::string& ext : model.extensionsRequired) {
        if (ext == "KHR_draco_mesh_compression" || ext == "EXT_meshopt_compression")
            return ImportResult::failure(name + ": requires the glTF extension " + ext + ", which Marrow does not read");
    }
    gltf::ImportContext ctx(model);
    try {
        gltf::buildSkeleton(ctx);
        gltf::buildSkins(ctx);
        gltf::buildMeshes(ctx);
        gltf::buildClips(ctx);
        gltf::readTransitionExtras(ctx);
        gltf::buildMaterials(ctx);
    } catch (const gltf::GltfError& e) {
        return ImportResult::failure(name + ": " + e.message);
    } catch (const std::bad_alloc&) {
        return ImportResult::failure(name + ": out of memory");
    }
    if (auto invalid = ctx.rig.validate())
        return ImportResult::failure(name + ": " + *invalid);
    for (std::string& w : model::singularInverseBindWarnings(ctx.rig))
        ctx.warnings.push_back(std::move(w));
    ctx.source.skinIndex.resize(ctx.rig.skins.size());
    for (std::size_t s = 0; s < ctx.source.skinIndex.size(); ++s)
        ctx.source.skinIndex[s] = static_cast<int>(s);  // buildSkins keeps the file's order
    ctx.source.asImported = ctx.rig;
    auto source = std::make_shared<GltfSource>(std::move(ctx.source));
    auto content = std::make_shared<gltfsource::Content>();
    const auto readBeside = [&box](const std::string& uri, std::vector<unsigned char>& out) {
        return sandboxRead(&out, nullptr, (box.root / uri).string(), &box);
    };
    content->model = std::move(model);
    gltf::readSourceImages(*content, std::move(capturedImages), readBeside, ctx.warnings);
    gltf::fillTextureBytes(*content, ctx.rig);
    source->asImported.textures = ctx.rig.textures;  // the bytes are shared, not copied
    source->content = std::move(content);
    ImportResult result;
    result.ok = true;
    result.rig = std::move(ctx.rig);
    result.gltfSource = std::move(source);
    if (ctx.changes.count() > 0)
        result.importChanges = std::move(ctx.changes);
    for (const std::string& w : ctx.warnings)
        result.warnings.push_back(name + ": " + w);
    return result;
}

} // namespace

} // namespace marrow::io
