// SPDX-License-Identifier: MIT
// nlohmann/json, header-only, as core/io and marrow-cli read and write JSON:
// the core stays free of Qt.
#include "core/model/bone_map_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace marrow::model {

namespace {

using Json = nlohmann::ordered_json;  // keeps the keys in the order written, for a reader

bool named(const anim::Skeleton& s, anim::JointIndex j)
{
    return j >= 0 && static_cast<std::size_t>(j) < s.size();
}

std::optional<RetargetChain> chainNamed(const std::string& name)
{
    for (std::size_t c = 0; c < kRetargetChains; ++c)
        if (name == retargetChainName(static_cast<RetargetChain>(c)))
            return static_cast<RetargetChain>(c);
    return std::nullopt;
}

std::string chainNames()
{
    std::string text;
    for (std::size_t c = 0; c < kRetargetChains; ++c)
        text += (c ? ", " : "") + std::string(retargetChainName(static_cast<RetargetChain>(c)));
    return text;
}

std::string joined(const std::vector<std::string>& names)
{
    std::string text;
    for (const std::string& n : names)
        text += (text.empty() ? "" : ", ") + n;
    return text;
}

// Reads "chains" into `options`; false with `error` on a malformed entry.
bool readChains(const Json& chains, RetargetOptions& options, std::string& error)
{
    if (!chains.is_object()) {
        error = "\"chains\" is not an object of chain names";
        return false;
    }
    for (const auto& [name, value] : chains.items()) {
        const std::optional<RetargetChain> chain = chainNamed(name);
        if (!chain) {
            error = "unknown chain '" + name + "' (the chains are " + chainNames() + ")";
            return false;
        }
        if (!value.is_object()) {
            error = "chain '" + name + "' is not an object";
            return false;
        }
        ChainOptions& o = options[*chain];
        if (const auto follow = value.find("follow"); follow != value.end()) {
            if (*follow != "world" && *follow != "local") {
                error = "chain '" + name + "': \"follow\" must be \"world\" or \"local\"";
                return false;
            }
            o.follow = *follow == "world" ? ChainOptions::Follow::World : ChainOptions::Follow::Local;
        }
        if (const auto ik = value.find("ik"); ik != value.end()) {
            if (!ik->is_boolean()) {
                error = "chain '" + name + "': \"ik\" must be true or false";
                return false;
            }
            o.ik = ik->get<bool>();
        }
    }
    return true;
}

} // namespace

std::string boneMapToJson(const BoneMap& map, const RetargetOptions& options, const anim::Skeleton& source,
                          const anim::Skeleton& target)
{
    std::vector<BoneMap::Pair> pairs = map.pairs;
    std::sort(pairs.begin(), pairs.end(), [](const BoneMap::Pair& a, const BoneMap::Pair& b) { return a.target < b.target; });
    Json list = Json::array();
    for (const BoneMap::Pair& p : pairs)
        if (named(source, p.source) && named(target, p.target))
            list.push_back({{"source", source.names[static_cast<std::size_t>(p.source)]},
                            {"target", target.names[static_cast<std::size_t>(p.target)]}});
    Json chains = Json::object();
    for (std::size_t c = 0; c < kRetargetChains; ++c) {
        const ChainOptions& o = options.chains[c];
        chains[retargetChainName(static_cast<RetargetChain>(c))] = {
            {"follow", o.follow == ChainOptions::Follow::World ? "world" : "local"}, {"ik", o.ik}};
    }
    const Json file = {{"marrow_bone_map", kBoneMapJsonVersion}, {"pairs", list}, {"chains", chains}};
    // A name that is not UTF-8 (an old FBX's Latin-1) cannot be JSON: its
    // bad bytes become U+FFFD, and reading it back names the bone missing.
    return file.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::optional<BoneMapFile> boneMapFromJson(std::string_view json, const anim::Skeleton& source,
                                           const anim::Skeleton& target, std::string& error)
{
    Json file;
    try {
        file = Json::parse(json);
    } catch (const Json::parse_error& e) {
        // e.what() is "[json.exception.parse_error.101] parse error at line 1, column 2: ...".
        const std::string what = e.what();
        const std::size_t tag = what.find("] ");
        error = "not valid JSON (" + (tag == std::string::npos ? what : what.substr(tag + 2)) + ")";
        return std::nullopt;
    }
    if (!file.is_object() || !file.contains("marrow_bone_map")) {
        error = "not a Marrow bone map (no \"marrow_bone_map\" version)";
        return std::nullopt;
    }
    if (const Json& version = file["marrow_bone_map"]; version != kBoneMapJsonVersion) {
        error = "bone map version " + version.dump() + ", but this Marrow reads version " +
                std::to_string(kBoneMapJsonVersion);
        return std::nullopt;
    }
    const auto pairs = file.find("pairs");
    if (pairs == file.end() || !pairs->is_array()) {
        error = "no \"pairs\" list";
        return std::nullopt;
    }
    BoneMapFile out;
    std::vector<std::string> sourceLacks, targetLacks;
    const auto lacks = [](std::vector<std::string>& list, const std::string& name) {
        if (std::find(list.begin(), list.end(), name) == list.end())
            list.push_back(name);
    };
    std::set<anim::JointIndex> paired;
    for (std::size_t i = 0; i < pairs->size(); ++i) {
        const Json& p = (*pairs)[i];
        const auto s = p.is_object() ? p.find("source") : p.end(), t = p.is_object() ? p.find("target") : p.end();
        if (!p.is_object() || s == p.end() || t == p.end() || !s->is_string() || !t->is_string()) {
            error = "pair " + std::to_string(i + 1) + " needs a \"source\" and a \"target\" bone name";
            return std::nullopt;
        }
        const std::string sourceName = s->get<std::string>(), targetName = t->get<std::string>();
        const std::optional<anim::JointIndex> sj = source.find(sourceName), tj = target.find(targetName);
        if (!sj)
            lacks(sourceLacks, sourceName);
        if (!tj)
            lacks(targetLacks, targetName);
        if (!sj || !tj)
            continue;
        // One source may drive several targets; a target driven twice is ambiguous.
        if (!paired.insert(*tj).second) {
            error = "the target bone '" + targetName + "' is paired twice";
            return std::nullopt;
        }
        out.map.pairs.push_back({*sj, *tj});
    }
    if (!sourceLacks.empty() || !targetLacks.empty()) {
        error = "the map names bones the " +
                (sourceLacks.empty() ? "target lacks: " + joined(targetLacks)
                                     : "source lacks: " + joined(sourceLacks) +
                                           (targetLacks.empty() ? "" : "; and bones the target lacks: " + joined(targetLacks)));
        return std::nullopt;
    }
    std::sort(out.map.pairs.begin(), out.map.pairs.end(),
              [](const BoneMap::Pair& a, const BoneMap::Pair& b) { return a.target < b.target; });
    if (const auto chains = file.find("chains"); chains != file.end() && !readChains(*chains, out.options, error))
        return std::nullopt;
    return out;
}

} // namespace marrow::model
