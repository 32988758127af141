// SPDX-License-Identifier: MIT
#include "core/io/assimp_texture.h"

#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

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

} // namespace

TextureFinder::TextureFinder(const aiScene& scene, const std::string& sourcePath, model::Rig& rig,
                             std::vector<std::string>& warnings)
    : m_scene(scene), m_folder(fs::absolute(fs::path(sourcePath)).parent_path().lexically_normal()), m_rig(rig),
      m_warnings(warnings)
{
}

int TextureFinder::find(const std::string& written)
{
    if (auto it = m_known.find(written); it != m_known.end())
        return it->second;
    mesh::Texture texture;
    texture.name = fs::path(written).filename().string();
    if (const aiTexture* embedded = m_scene.GetEmbeddedTexture(written.c_str())) {
        if (embedded->mHeight != 0) {
            m_warnings.push_back("embedded texture '" + written + "' is stored as raw texels; drawn without it");
            return m_known[written] = -1;
        }
        const auto* p = reinterpret_cast<const std::uint8_t*>(embedded->pcData);
        texture.bytes = std::make_shared<const std::vector<std::uint8_t>>(p, p + embedded->mWidth);
        texture.mimeType = mimeFor(embedded->achFormatHint);
        if (embedded->mFilename.length > 0)
            texture.name = fs::path(embedded->mFilename.C_Str()).filename().string();
    } else {
        const fs::path file = findBeside(written, m_folder);
        if (file.empty() || !(texture.bytes = readFile(file))) {
            m_warnings.push_back("texture '" + written + "' was not found beside the file; its material is drawn and "
                               "exported without it");
            return m_known[written] = -1;
        }
        texture.mimeType = mimeFor(file.string());
    }
    if (texture.mimeType.empty()) {
        m_warnings.push_back("texture '" + written + "' is neither PNG nor JPEG; its material is drawn and exported "
                           "without it");
        return m_known[written] = -1;
    }
    m_rig.textures.push_back(std::move(texture));
    return m_known[written] = static_cast<int>(m_rig.textures.size() - 1);
}

} // namespace marrow::io::assimp
