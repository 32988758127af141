// SPDX-License-Identifier: MIT
#include "core/io/assimp_x_check.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace marrow::io::assimp {

namespace {

// Tokens of an .x text body: words, numbers, quoted strings, braces; ';' and
// ',' separate; "//" and "#" start comments.
std::vector<std::string> tokenize(const std::string& text, std::size_t from)
{
    std::vector<std::string> tokens;
    std::size_t i = from;
    const std::size_t n = text.size();
    auto separator = [](char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';' || c == ',' || c == '{' || c == '}' || c == '"';
    };
    while (i < n) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';' || c == ',') {
            ++i;
        } else if (c == '#' || (c == '/' && i + 1 < n && text[i + 1] == '/')) {
            while (i < n && text[i] != '\n')
                ++i;
        } else if (c == '{' || c == '}') {
            tokens.emplace_back(1, c);
            ++i;
        } else if (c == '"') {
            const std::size_t end = text.find('"', i + 1);
            const std::size_t stop = end == std::string::npos ? n : end + 1;
            tokens.emplace_back(text.substr(i, stop - i));
            i = stop;
        } else {
            const std::size_t start = i;
            while (i < n && !separator(text[i]))
                ++i;
            tokens.emplace_back(text.substr(start, i - start));
        }
    }
    return tokens;
}

bool toInt(const std::string& s, long long& v)
{
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size();
}

bool toNumber(const std::string& s, double& v)
{
    char* end = nullptr;
    v = std::strtod(s.c_str(), &end);
    return !s.empty() && end == s.c_str() + s.size();
}

// Cursor over the tokens; every read is bounds-checked.
struct Cursor {
    const std::vector<std::string>& t;
    std::size_t i = 0;
    bool integer(long long& v) { return i < t.size() && toInt(t[i++], v); }
    bool number(double& v) { return i < t.size() && toNumber(t[i++], v); }
};

// Reads a Mesh body's vertices and faces; leaves the cursor after the faces.
std::optional<std::string> checkMeshBody(Cursor& c, const std::string& label, long long& vertexCount)
{
    if (!c.integer(vertexCount) || vertexCount < 0 || vertexCount > 100'000'000)
        return label + " has an invalid vertex count";
    for (long long k = 0; k < vertexCount * 3; ++k) {
        double v = 0;
        if (!c.number(v))
            return label + " vertex list is shorter than its count " + std::to_string(vertexCount);
        if (!std::isfinite(v))
            return label + " vertex " + std::to_string(k / 3) + " is not finite";
    }
    long long faces = 0;
    if (!c.integer(faces) || faces < 0 || faces > 100'000'000)
        return label + " has an invalid face count";
    for (long long f = 0; f < faces; ++f) {
        long long corners = 0;
        if (!c.integer(corners) || corners < 0 || corners > 1'000'000)
            return label + " face " + std::to_string(f) + " is malformed";
        for (long long k = 0; k < corners; ++k) {
            long long v = 0;
            if (!c.integer(v))
                return label + " face " + std::to_string(f) + " is malformed";
            if (v < 0 || v >= vertexCount)
                return label + " face " + std::to_string(f) + " uses vertex " + std::to_string(v) + ", past the " +
                       std::to_string(vertexCount) + " vertices";
        }
    }
    return std::nullopt;
}

std::optional<std::string> checkSkinWeights(Cursor& c, long long vertexCount, const std::string& label)
{
    if (c.i >= c.t.size() || c.t[c.i].empty() || c.t[c.i][0] != '"')
        return label + " has no bone name";
    const std::string bone = c.t[c.i++];
    long long n = 0;
    if (!c.integer(n) || n < 0 || n > 100'000'000)
        return label + " for bone " + bone + " has an invalid weight count";
    for (long long k = 0; k < n; ++k) {
        long long v = 0;
        if (!c.integer(v))
            return label + " for bone " + bone + " has fewer vertex indices than its count " + std::to_string(n);
        if (vertexCount >= 0 && (v < 0 || v >= vertexCount))
            return label + " for bone " + bone + " weights vertex " + std::to_string(v) + ", past the mesh's " +
                   std::to_string(vertexCount) + " vertices";
    }
    for (long long k = 0; k < n + 16; ++k) {
        double w = 0;
        if (!c.number(w))
            return label + " for bone " + bone + " has fewer weights or matrix values than it needs";
        if (!std::isfinite(w))
            return label + " for bone " + bone + " holds a non-finite number";
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> checkXText(const std::string& text)
{
    if (text.size() < 16 || text.compare(0, 4, "xof ") != 0 || text.compare(8, 4, "txt ") != 0)
        return std::nullopt;  // binary or compressed: Assimp's own checks only
    const std::vector<std::string> tokens = tokenize(text, 16);
    Cursor c{tokens};
    std::vector<long long> meshVertices{-1};  // per open block: the vertex count of the enclosing Mesh
    std::size_t meshes = 0;
    while (c.i < tokens.size()) {
        const std::string& tok = tokens[c.i];
        if (tok == "template") {
            while (c.i < tokens.size() && tokens[c.i] != "}")
                ++c.i;
            ++c.i;
        } else if (tok == "{") {
            // The block's type is the word before "{", or two before when the block is named.
            const std::size_t at = c.i;
            std::string type = at >= 1 ? tokens[at - 1] : std::string();
            if (at >= 2 && (tokens[at - 2] == "Mesh" || tokens[at - 2] == "SkinWeights"))
                type = tokens[at - 2];
            ++c.i;
            long long inherited = meshVertices.back();
            if (type == "Mesh") {
                const std::string label = "Mesh " + std::to_string(meshes++);
                if (auto err = checkMeshBody(c, label, inherited))
                    return err;
            } else if (type == "SkinWeights") {
                if (auto err = checkSkinWeights(c, inherited, "SkinWeights"))
                    return err;
            }
            meshVertices.push_back(inherited);
            if (meshVertices.size() > 100'000)
                return std::string("blocks are nested too deeply");
        } else if (tok == "}") {
            if (meshVertices.size() <= 1)
                return std::string("a '}' closes no block");
            meshVertices.pop_back();
            ++c.i;
        } else {
            ++c.i;
        }
    }
    return std::nullopt;
}

} // namespace marrow::io::assimp
