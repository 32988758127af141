// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/material_textures.h"

#include <QImage>
#include <QOpenGLFunctions_3_3_Core>

#include <algorithm>

namespace marrow::gl {

namespace {

unsigned int upload(QOpenGLFunctions_3_3_Core& gl, const std::vector<std::uint8_t>& bytes, std::size_t& uploaded)
{
    QImage image = QImage::fromData(bytes.data(), static_cast<int>(bytes.size()));
    if (image.isNull())
        return 0;
    image = image.convertToFormat(QImage::Format_RGBA8888);
    GLuint name = 0;
    gl.glGenTextures(1, &name);
    gl.glBindTexture(GL_TEXTURE_2D, name);
    gl.glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // RGBA rows are always 4-byte aligned
    // Row 0 is the image's top, which glTF's UV origin names: no flip.
    gl.glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image.width(), image.height(), 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    image.constBits());
    gl.glGenerateMipmap(GL_TEXTURE_2D);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    gl.glBindTexture(GL_TEXTURE_2D, 0);
    uploaded += static_cast<std::size_t>(image.sizeInBytes());
    return name;
}

} // namespace

void MaterialTextures::setTextures(const std::vector<mesh::Texture>& textures)
{
    m_queued.clear();
    for (const mesh::Texture& t : textures)
        m_queued.push_back(t.bytes);
    m_dirty = true;
}

void MaterialTextures::apply(QOpenGLFunctions_3_3_Core& gl)
{
    if (!m_dirty)
        return;
    m_dirty = false;
    std::vector<Entry> next;
    for (const auto& bytes : m_queued) {
        Entry entry{bytes, 0};
        // The same buffer as before: its texture moves over, undecoded.
        const auto kept = std::find_if(m_entries.begin(), m_entries.end(),
                                       [&](const Entry& e) { return bytes && e.bytes == bytes && e.name != 0; });
        if (kept != m_entries.end()) {
            entry.name = kept->name;
            kept->name = 0;
        } else if (bytes && !bytes->empty()) {
            entry.name = upload(gl, *bytes, m_bytesUploaded);
        }
        next.push_back(std::move(entry));
    }
    for (Entry& e : m_entries)
        if (e.name != 0)
            gl.glDeleteTextures(1, &e.name);
    m_entries = std::move(next);
}

std::size_t MaterialTextures::destroy(QOpenGLFunctions_3_3_Core& gl)
{
    for (Entry& e : m_entries)
        if (e.name != 0)
            gl.glDeleteTextures(1, &e.name);
    m_entries.clear();
    // A new context uploads the last textures again.
    m_dirty = true;
    const std::size_t bytes = m_bytesUploaded;
    m_bytesUploaded = 0;
    return bytes;
}

unsigned int MaterialTextures::texture(int index) const
{
    return index >= 0 && static_cast<std::size_t>(index) < m_entries.size() ? m_entries[static_cast<std::size_t>(index)].name
                                                                               : 0;
}

} // namespace marrow::gl
