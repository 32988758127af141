// SPDX-License-Identifier: MIT
#include "core/io/assimp_collada_check.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace marrow::io::assimp {

namespace {

// Value of attribute `name` inside one tag's text, or "".
std::string attribute(const std::string& tag, const char* name)
{
    const std::string key = std::string(" ") + name + "=";
    std::size_t at = tag.find(key);
    if (at == std::string::npos)
        return {};
    at += key.size();
    if (at >= tag.size() || (tag[at] != '"' && tag[at] != '\''))
        return {};
    const char quote = tag[at];
    const std::size_t end = tag.find(quote, at + 1);
    return end == std::string::npos ? std::string() : tag.substr(at + 1, end - at - 1);
}

bool isTag(const std::string& tag, const char* name)
{
    const std::size_t n = std::char_traits<char>::length(name);
    return tag.compare(0, n, name) == 0 && (tag.size() == n || tag[n] == ' ' || tag[n] == '\t' || tag[n] == '\n' ||
                                            tag[n] == '\r' || tag[n] == '/' || tag[n] == '>');
}

} // namespace

std::optional<std::string> checkColladaNodeGraph(const std::string& text)
{
    // Nodes by index; edges from a node to its nested nodes and instanced ids.
    std::vector<std::string> ids;
    std::vector<std::vector<std::size_t>> children;
    std::vector<std::vector<std::string>> instanced;
    std::vector<std::size_t> open;  // the node elements enclosing the scan position
    std::size_t at = 0;
    while ((at = text.find('<', at)) != std::string::npos) {
        if (text.compare(at, 4, "<!--") == 0) {
            const std::size_t end = text.find("-->", at + 4);
            if (end == std::string::npos)
                break;
            at = end + 3;
            continue;
        }
        const std::size_t end = text.find('>', at + 1);
        if (end == std::string::npos)
            break;
        const std::string tag = text.substr(at + 1, end - at - 1);
        at = end + 1;
        const bool selfClosing = !tag.empty() && tag.back() == '/';
        if (isTag(tag, "node")) {
            const std::size_t index = ids.size();
            ids.push_back(attribute(tag, "id"));
            children.emplace_back();
            instanced.emplace_back();
            if (!open.empty())
                children[open.back()].push_back(index);
            if (!selfClosing)
                open.push_back(index);
        } else if (isTag(tag, "/node")) {
            if (!open.empty())
                open.pop_back();
        } else if (isTag(tag, "instance_node") && !open.empty()) {
            std::string url = attribute(tag, "url");
            if (!url.empty() && url[0] == '#')
                instanced[open.back()].push_back(url.substr(1));
        }
    }
    std::unordered_map<std::string, std::size_t> byId;
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (!ids[i].empty())
            byId.emplace(ids[i], i);
    // Iterative depth-first search with colours: 1 on the current path, 2 done.
    std::vector<std::uint8_t> colour(ids.size(), 0);
    struct Frame {
        std::size_t node, next;
    };
    std::vector<Frame> stack;
    auto successor = [&](std::size_t node, std::size_t k, std::size_t& out) {
        if (k < children[node].size()) {
            out = children[node][k];
            return true;
        }
        k -= children[node].size();
        if (k < instanced[node].size()) {
            auto it = byId.find(instanced[node][k]);
            out = it == byId.end() ? SIZE_MAX : it->second;
            return true;
        }
        return false;
    };
    for (std::size_t start = 0; start < ids.size(); ++start) {
        if (colour[start])
            continue;
        stack.push_back({start, 0});
        colour[start] = 1;
        while (!stack.empty()) {
            Frame& f = stack.back();
            std::size_t next = 0;
            if (!successor(f.node, f.next++, next)) {
                colour[f.node] = 2;
                stack.pop_back();
                continue;
            }
            if (next == SIZE_MAX)
                continue;  // a dangling reference: Assimp reports those itself
            if (colour[next] == 1)
                return "node '" + (ids[next].empty() ? std::string("(unnamed)") : ids[next]) +
                       "' contains itself through <instance_node> references (a cycle)";
            if (colour[next] == 0) {
                colour[next] = 1;
                stack.push_back({next, 0});
            }
        }
    }
    return std::nullopt;
}

} // namespace marrow::io::assimp
