// SPDX-License-Identifier: MIT
#include "core/io/assimp_md5_check.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace marrow::io::assimp {

namespace {

// Whitespace-separated tokens with "//" comments removed; a quoted string is one token.
std::vector<std::string> tokenize(const std::string& text)
{
    std::vector<std::string> tokens;
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            ++i;
        } else if (c == '/' && i + 1 < n && text[i + 1] == '/') {
            while (i < n && text[i] != '\n')
                ++i;
        } else if (c == '"') {
            const std::size_t end = text.find('"', i + 1);
            const std::size_t stop = end == std::string::npos ? n : end + 1;
            tokens.emplace_back(text.substr(i, stop - i));
            i = stop;
        } else if (c == '{' || c == '}' || c == '(' || c == ')') {
            tokens.emplace_back(1, c);
            ++i;
        } else {
            const std::size_t start = i;
            while (i < n && text[i] != ' ' && text[i] != '\t' && text[i] != '\r' && text[i] != '\n' && text[i] != '{' &&
                   text[i] != '}' && text[i] != '(' && text[i] != ')' && text[i] != '"')
                ++i;
            tokens.emplace_back(text.substr(start, i - start));
        }
    }
    return tokens;
}

bool parseInt(const std::string& s, long long& out)
{
    const char* end = s.data() + s.size();
    auto [ptr, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && ptr == end;
}

bool parseNumber(const std::string& s, double& out)
{
    char* end = nullptr;
    out = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() && !s.empty();
}

// The tokens of the block that opens at tokens[open] ("{"), without braces; nested blocks are not allowed.
std::optional<std::string> blockBody(const std::vector<std::string>& tokens, std::size_t open, const std::string& name,
                                     std::size_t& first, std::size_t& last)
{
    if (open >= tokens.size() || tokens[open] != "{")
        return "'" + name + "' is not followed by '{'";
    std::size_t i = open + 1;
    while (i < tokens.size() && tokens[i] != "}") {
        if (tokens[i] == "{")
            return "'" + name + "' block is not closed";
        ++i;
    }
    if (i >= tokens.size())
        return "'" + name + "' block is not closed";
    first = open + 1;
    last = i;
    return std::nullopt;
}

// Numbers (parentheses ignored) of a block, each finite.
std::optional<std::string> numbersOf(const std::vector<std::string>& tokens, std::size_t first, std::size_t last,
                                     const std::string& name, std::size_t& count)
{
    count = 0;
    for (std::size_t i = first; i < last; ++i) {
        if (tokens[i] == "(" || tokens[i] == ")")
            continue;
        double v = 0;
        if (!parseNumber(tokens[i], v))
            return name + " holds '" + tokens[i] + "', not a number";
        if (!std::isfinite(v))
            return name + " holds a non-finite number";
        ++count;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> checkMd5Anim(const std::string& text)
{
    const std::vector<std::string> t = tokenize(text);
    long long numFrames = -1, numJoints = -1, numComponents = -1;
    std::size_t frameBlocks = 0, boundsCount = 0, baseCount = 0, hierarchyCount = 0;
    bool haveBounds = false, haveBase = false, haveHierarchy = false;
    std::vector<std::uint8_t> seenFrame;
    struct JointInfo {
        long long parent, flags, start;
    };
    std::vector<JointInfo> joints;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const std::string& key = t[i];
        if (key == "numFrames" || key == "numJoints" || key == "numAnimatedComponents") {
            long long v = 0;
            if (i + 1 >= t.size() || !parseInt(t[i + 1], v) || v < 0 || v > 10'000'000)
                return "'" + key + "' is not a valid count";
            (key == "numFrames" ? numFrames : key == "numJoints" ? numJoints : numComponents) = v;
            ++i;
        } else if (key == "hierarchy" || key == "bounds" || key == "baseframe" || key == "frame") {
            std::size_t open = i + 1;
            long long frameIndex = -1;
            if (key == "frame") {
                if (open >= t.size() || !parseInt(t[open], frameIndex) || frameIndex < 0)
                    return "a frame block has no valid frame number";
                ++open;
            }
            std::size_t first = 0, last = 0;
            if (auto err = blockBody(t, open, key, first, last))
                return err;
            if (key == "hierarchy") {
                haveHierarchy = true;
                // name parent flags startIndex per joint
                if ((last - first) % 4 != 0)
                    return "the hierarchy block is malformed";
                hierarchyCount = (last - first) / 4;
                for (std::size_t j = first; j < last; j += 4) {
                    JointInfo info{};
                    if (!parseInt(t[j + 1], info.parent) || !parseInt(t[j + 2], info.flags) ||
                        !parseInt(t[j + 3], info.start))
                        return "hierarchy entry " + std::to_string((j - first) / 4) + " is malformed";
                    joints.push_back(info);
                }
            } else {
                std::size_t count = 0;
                if (auto err = numbersOf(t, first, last, key == "frame" ? "frame " + std::to_string(frameIndex) : key, count))
                    return err;
                if (key == "bounds") {
                    haveBounds = true;
                    boundsCount = count / 6;
                } else if (key == "baseframe") {
                    haveBase = true;
                    baseCount = count / 6;
                } else {
                    if (numFrames < 0 || numComponents < 0)
                        return "frame " + std::to_string(frameIndex) + " comes before numFrames and numAnimatedComponents";
                    if (frameIndex >= numFrames)
                        return "frame " + std::to_string(frameIndex) + " is past numFrames " + std::to_string(numFrames);
                    seenFrame.resize(static_cast<std::size_t>(numFrames), 0);
                    if (seenFrame[static_cast<std::size_t>(frameIndex)]++)
                        return "frame " + std::to_string(frameIndex) + " appears twice";
                    if (static_cast<long long>(count) != numComponents)
                        return "frame " + std::to_string(frameIndex) + " holds " + std::to_string(count) +
                               " values, numAnimatedComponents says " + std::to_string(numComponents);
                    ++frameBlocks;
                }
            }
            i = last;
        }
    }
    if (numFrames < 0 || numJoints < 0 || numComponents < 0)
        return "numFrames, numJoints or numAnimatedComponents is missing";
    if (static_cast<long long>(frameBlocks) != numFrames)
        return "numFrames is " + std::to_string(numFrames) + " but the file holds " + std::to_string(frameBlocks) +
               " frame blocks";
    if (haveBounds && static_cast<long long>(boundsCount) != numFrames)
        return "numFrames is " + std::to_string(numFrames) + " but the bounds block holds " + std::to_string(boundsCount) +
               " entries";
    if (!haveHierarchy || static_cast<long long>(hierarchyCount) != numJoints)
        return "numJoints is " + std::to_string(numJoints) + " but the hierarchy lists " + std::to_string(hierarchyCount);
    if (haveBase && static_cast<long long>(baseCount) != numJoints)
        return "numJoints is " + std::to_string(numJoints) + " but the base frame holds " + std::to_string(baseCount);
    for (std::size_t j = 0; j < joints.size(); ++j) {
        const JointInfo& info = joints[j];
        if (info.parent < -1 || info.parent >= static_cast<long long>(j))
            return "joint " + std::to_string(j) + " has parent " + std::to_string(info.parent) + ", which does not precede it";
        if (info.flags < 0 || info.flags > 63 || info.start < 0)
            return "joint " + std::to_string(j) + " has invalid flags or start index";
        const long long used = std::popcount(static_cast<unsigned>(info.flags));
        if (info.start + used > numComponents)
            return "joint " + std::to_string(j) + " reads components " + std::to_string(info.start) + ".." +
                   std::to_string(info.start + used - 1) + " past numAnimatedComponents " + std::to_string(numComponents);
    }
    return std::nullopt;
}

} // namespace marrow::io::assimp

namespace marrow::io::assimp {

namespace {

// Reads an integer token at t[i] into v, or says which field was bad.
bool intAt(const std::vector<std::string>& t, std::size_t i, long long& v) { return i < t.size() && parseInt(t[i], v); }

// Checks one "mesh { ... }" body (tokens first..last) against the joint count.
std::optional<std::string> checkMeshBlock(const std::vector<std::string>& t, std::size_t first, std::size_t last,
                                          long long numJoints, const std::string& label)
{
    long long numVerts = -1, numTris = -1, numWeights = -1;
    struct Range {
        long long start, count;
    };
    std::vector<Range> verts;
    std::vector<long long> triIndices, weightJoints;
    for (std::size_t i = first; i < last; ++i) {
        const std::string& key = t[i];
        long long index = 0;
        if (key == "numverts" || key == "numtris" || key == "numweights") {
            long long v = 0;
            if (!intAt(t, i + 1, v) || v < 0 || v > 100'000'000)
                return label + " has an invalid " + key;
            (key == "numverts" ? numVerts : key == "numtris" ? numTris : numWeights) = v;
            ++i;
        } else if (key == "vert") {
            // vert i ( u v ) start count
            Range r{};
            if (!intAt(t, i + 1, index) || i + 7 >= last || !parseInt(t[i + 6], r.start) || !parseInt(t[i + 7], r.count))
                return label + " has a malformed vert line";
            if (numVerts < 0 || index < 0 || index >= numVerts)
                return label + " vert " + std::to_string(index) + " is out of range (numverts " + std::to_string(numVerts) + ")";
            verts.push_back(r);
            i += 7;
        } else if (key == "tri") {
            // tri i a b c
            if (!intAt(t, i + 1, index) || i + 4 >= last)
                return label + " has a malformed tri line";
            if (numTris < 0 || index < 0 || index >= numTris)
                return label + " tri " + std::to_string(index) + " is out of range (numtris " + std::to_string(numTris) + ")";
            for (int k = 2; k <= 4; ++k) {
                long long v = 0;
                if (!parseInt(t[i + k], v))
                    return label + " tri " + std::to_string(index) + " is malformed";
                triIndices.push_back(v);
            }
            i += 4;
        } else if (key == "weight") {
            // weight i joint bias ( x y z )
            long long joint = 0;
            double bias = 0;
            if (!intAt(t, i + 1, index) || !intAt(t, i + 2, joint) || i + 3 >= last || !parseNumber(t[i + 3], bias))
                return label + " has a malformed weight line";
            if (numWeights < 0 || index < 0 || index >= numWeights)
                return label + " weight " + std::to_string(index) + " is out of range (numweights " +
                       std::to_string(numWeights) + ")";
            if (!std::isfinite(bias))
                return label + " weight " + std::to_string(index) + " has a non-finite bias";
            weightJoints.push_back(joint);
            i += 3;
        }
    }
    for (long long v : triIndices)
        if (v < 0 || v >= numVerts)
            return label + " has a triangle using vertex " + std::to_string(v) + ", past numverts " + std::to_string(numVerts);
    for (std::size_t v = 0; v < verts.size(); ++v)
        if (verts[v].start < 0 || verts[v].count < 0 || verts[v].start + verts[v].count > numWeights)
            return label + " has a vertex whose weights " + std::to_string(verts[v].start) + "+" +
                   std::to_string(verts[v].count) + " run past numweights " + std::to_string(numWeights);
    for (long long j : weightJoints)
        if (j < 0 || j >= numJoints)
            return label + " has a weight on joint " + std::to_string(j) + ", past numJoints " + std::to_string(numJoints);
    return std::nullopt;
}

} // namespace

std::optional<std::string> checkMd5Mesh(const std::string& text)
{
    const std::vector<std::string> t = tokenize(text);
    long long numJoints = -1, numMeshes = -1, jointCount = 0, meshCount = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const std::string& key = t[i];
        if (key == "numJoints" || key == "numMeshes") {
            long long v = 0;
            if (!intAt(t, i + 1, v) || v < 0 || v > 10'000'000)
                return "'" + key + "' is not a valid count";
            (key == "numJoints" ? numJoints : numMeshes) = v;
            ++i;
        } else if (key == "joints" || key == "mesh") {
            std::size_t first = 0, last = 0;
            if (auto err = blockBody(t, i + 1, key, first, last))
                return err;
            if (key == "joints") {
                // "name" parent ( x y z ) ( x y z ): 12 tokens per joint
                if ((last - first) % 12 != 0)
                    return std::string("the joints block is malformed");
                for (std::size_t j = first; j < last; j += 12, ++jointCount) {
                    long long parent = 0;
                    if (!parseInt(t[j + 1], parent))
                        return "joint " + std::to_string(jointCount) + " has no valid parent";
                    if (parent < -1 || parent >= jointCount)
                        return "joint " + std::to_string(jointCount) + " has parent " + std::to_string(parent) +
                               ", which does not precede it";
                }
            } else {
                if (numJoints < 0)
                    return std::string("a mesh comes before numJoints");
                if (auto err = checkMeshBlock(t, first, last, numJoints, "mesh " + std::to_string(meshCount)))
                    return err;
                ++meshCount;
            }
            i = last;
        }
    }
    if (numJoints < 0 || numMeshes < 0)
        return std::string("numJoints or numMeshes is missing");
    if (jointCount != numJoints)
        return "numJoints is " + std::to_string(numJoints) + " but the joints block lists " + std::to_string(jointCount);
    if (meshCount != numMeshes)
        return "numMeshes is " + std::to_string(numMeshes) + " but the file holds " + std::to_string(meshCount) + " meshes";
    return std::nullopt;
}

std::optional<std::string> checkMd5Camera(const std::string& text)
{
    const std::vector<std::string> t = tokenize(text);
    long long numFrames = -1, numCuts = -1;
    std::size_t frames = 0;
    std::vector<long long> cuts;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const std::string& key = t[i];
        if (key == "numFrames" || key == "numCuts") {
            long long v = 0;
            if (!intAt(t, i + 1, v) || v < 0 || v > 10'000'000)
                return "'" + key + "' is not a valid count";
            (key == "numFrames" ? numFrames : numCuts) = v;
            ++i;
        } else if (key == "cuts" || key == "camera") {
            std::size_t first = 0, last = 0;
            if (auto err = blockBody(t, i + 1, key, first, last))
                return err;
            if (key == "cuts") {
                for (std::size_t j = first; j < last; ++j) {
                    long long v = 0;
                    if (!parseInt(t[j], v))
                        return "cut '" + t[j] + "' is not a frame number";
                    cuts.push_back(v);
                }
            } else {
                std::size_t count = 0;
                if (auto err = numbersOf(t, first, last, "the camera block", count))
                    return err;
                frames = count / 7;  // ( x y z ) ( x y z ) fov
            }
            i = last;
        }
    }
    if (numFrames < 0 || numCuts < 0)
        return std::string("numFrames or numCuts is missing");
    if (static_cast<long long>(frames) != numFrames)
        return "numFrames is " + std::to_string(numFrames) + " but the camera block holds " + std::to_string(frames) + " frames";
    if (static_cast<long long>(cuts.size()) != numCuts)
        return "numCuts is " + std::to_string(numCuts) + " but the cuts block lists " + std::to_string(cuts.size());
    for (long long c : cuts)
        if (c < 0 || c >= numFrames)
            return "camera cut at frame " + std::to_string(c) + " is outside the " + std::to_string(numFrames) + " frames";
    return std::nullopt;
}

} // namespace marrow::io::assimp
