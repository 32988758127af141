// SPDX-License-Identifier: MIT
#include "core/io/obj_writer.h"

#include <cstdio>

namespace marrow::io {

std::string formatObj(const std::vector<ObjMesh>& meshes)
{
    std::string out;
    out.reserve(64 * 1024);
    out += "# marrow-cli pose\n";
    char line[160];
    std::size_t base = 1;
    for (const ObjMesh& m : meshes) {
        std::string name = m.name.empty() ? "mesh" : m.name;
        for (char& c : name)
            if (c == '\n' || c == '\r')
                c = ' ';
        out += "o " + name + "\n";
        for (const glm::vec3& p : m.positions) {
            std::snprintf(line, sizeof line, "v %.9g %.9g %.9g\n", static_cast<double>(p.x), static_cast<double>(p.y),
                          static_cast<double>(p.z));
            out += line;
        }
        const bool withNormals = m.normals.size() == m.positions.size() && !m.normals.empty();
        if (withNormals)
            for (const glm::vec3& n : m.normals) {
                std::snprintf(line, sizeof line, "vn %.6g %.6g %.6g\n", static_cast<double>(n.x),
                              static_cast<double>(n.y), static_cast<double>(n.z));
                out += line;
            }
        for (std::size_t i = 0; i + 2 < m.indices.size(); i += 3) {
            const std::size_t a = m.indices[i] + base, b = m.indices[i + 1] + base, c = m.indices[i + 2] + base;
            if (withNormals)
                std::snprintf(line, sizeof line, "f %zu//%zu %zu//%zu %zu//%zu\n", a, a, b, b, c, c);
            else
                std::snprintf(line, sizeof line, "f %zu %zu %zu\n", a, b, c);
            out += line;
        }
        base += m.positions.size();
    }
    return out;
}

} // namespace marrow::io
