// SPDX-License-Identifier: MIT
#include "core/io/assimp_look.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

namespace marrow::io::assimp {

namespace fs = std::filesystem;

namespace {

constexpr std::uintmax_t kMaxTextureBytes = 256u << 20;

std::string mimeFor(const std::string& nameOrHint)
{
    std::string ext = fs::path(nameOrHint).extension().string();
    if (ext.empty())
        ext = "." + nameOrHint;  // an embedded texture's format hint ("png", "jpg")
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if (ext == ".png")
        return "image/png";
    if (ext == ".jpg" || ext == ".jpeg")
        return "image/jpeg";
    return {};
}

// Whether `p` (made absolute) lies inside `folder`.
bool inside(const fs::path& p, const fs::path& folder)
{
    const fs::path rel = p.lexically_normal().lexically_relative(folder);
    return !rel.empty() && *rel.begin() != "..";
}

std::shared_ptr<const std::vector<std::uint8_t>> readFile(const fs::path& p)
{
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(p, ec);
    if (ec || size == 0 || size > kMaxTextureBytes)
        return nullptr;
    std::ifstream in(p, std::ios::binary);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    if (!in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size)))
        return nullptr;
    return std::make_shared<const std::vector<std::uint8_t>>(std::move(bytes));
}

// The file a material's texture path names, searched beside the model.
fs::path findBeside(const std::string& written, const fs::path& folder)
{
    std::string path = written;
    std::replace(path.begin(), path.end(), '\\', '/');  // paths written on Windows
    const fs::path name = fs::path(path).filename();
    std::vector<fs::path> candidates;
    if (fs::path(path).is_relative())
        candidates.push_back(folder / path);
    if (!name.empty())
        for (const char* sub : {"", "textures", "Textures", "texture", "maps"})
            candidates.push_back(folder / sub / name);
    for (const fs::path& c : candidates) {
        std::error_code ec;
        if (inside(c, folder) && fs::is_regular_file(c, ec))
            return c;
    }
    return {};
}

int textureFor(const aiScene& scene, const std::string& written, const fs::path& folder, model::Rig& rig,
               std::map<std::string, int>& known, std::vector<std::string>& warnings)
{
    if (auto it = known.find(written); it != known.end())
        return it->second;
    mesh::Texture texture;
    texture.name = fs::path(written).filename().string();
    if (const aiTexture* embedded = scene.GetEmbeddedTexture(written.c_str())) {
        if (embedded->mHeight != 0) {
            warnings.push_back("embedded texture '" + written + "' is stored as raw texels; drawn without it");
            return known[written] = -1;
        }
        const auto* p = reinterpret_cast<const std::uint8_t*>(embedded->pcData);
        texture.bytes = std::make_shared<const std::vector<std::uint8_t>>(p, p + embedded->mWidth);
        texture.mimeType = mimeFor(embedded->achFormatHint);
        if (embedded->mFilename.length > 0)
            texture.name = fs::path(embedded->mFilename.C_Str()).filename().string();
    } else {
        const fs::path file = findBeside(written, folder);
        if (file.empty() || !(texture.bytes = readFile(file))) {
            warnings.push_back("texture '" + written + "' was not found beside the file; its material is drawn and "
                               "exported without it");
            return known[written] = -1;
        }
        texture.mimeType = mimeFor(file.string());
    }
    if (texture.mimeType.empty()) {
        warnings.push_back("texture '" + written + "' is neither PNG nor JPEG; its material is drawn and exported "
                           "without it");
        return known[written] = -1;
    }
    rig.textures.push_back(std::move(texture));
    return known[written] = static_cast<int>(rig.textures.size() - 1);
}

} // namespace

void convertLooks(const aiScene& scene, const std::string& sourcePath, model::Rig& rig,
                  std::vector<std::string>& warnings)
{
    const fs::path folder = fs::absolute(fs::path(sourcePath)).parent_path().lexically_normal();
    std::map<std::string, int> known;  // texture path as written -> rig texture
    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        const aiMaterial& src = *scene.mMaterials[i];
        mesh::Material out;
        aiString name;
        if (src.Get(AI_MATKEY_NAME, name) == AI_SUCCESS)
            out.name = name.C_Str();
        aiColor4D colour(1.f, 1.f, 1.f, 1.f);
        if (src.Get(AI_MATKEY_BASE_COLOR, colour) == AI_SUCCESS) {
            out.baseColour = glm::vec4(colour.r, colour.g, colour.b, colour.a);
        } else if (src.Get(AI_MATKEY_COLOR_DIFFUSE, colour) == AI_SUCCESS) {
            float opacity = 1.f;
            src.Get(AI_MATKEY_OPACITY, opacity);
            out.baseColour = glm::vec4(colour.r, colour.g, colour.b, opacity);
        }
        for (int c = 0; c < 4; ++c)
            if (!std::isfinite(out.baseColour[c]))
                out.baseColour[c] = 1.f;
        int twoSided = 0;
        if (src.Get(AI_MATKEY_TWOSIDED, twoSided) == AI_SUCCESS)
            out.doubleSided = twoSided != 0;
        aiString path;
        if (src.GetTexture(aiTextureType_BASE_COLOR, 0, &path) == AI_SUCCESS ||
            src.GetTexture(aiTextureType_DIFFUSE, 0, &path) == AI_SUCCESS)
            out.baseColourTexture = textureFor(scene, path.C_Str(), folder, rig, known, warnings);
        rig.materials.push_back(std::move(out));
    }
}

} // namespace marrow::io::assimp
