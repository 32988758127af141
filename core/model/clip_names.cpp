// SPDX-License-Identifier: MIT
#include "core/model/clip_names.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace marrow::model {

namespace {

template <typename Items>
bool used(const Items& items, const std::string& name)
{
    return std::any_of(items.begin(), items.end(), [&](const auto& item) { return item.name == name; });
}

// "walk.001" -> "walk"; anything else unchanged.
std::string stem(const std::string& name)
{
    const std::size_t n = name.size();
    if (n > 4 && name[n - 4] == '.' && std::isdigit(static_cast<unsigned char>(name[n - 3])) &&
        std::isdigit(static_cast<unsigned char>(name[n - 2])) && std::isdigit(static_cast<unsigned char>(name[n - 1])))
        return name.substr(0, n - 4);
    return name;
}

template <typename Items>
std::string uniqueName(const Items& items, const std::string& base)
{
    if (!used(items, base))
        return base;
    const std::string root = stem(base);
    for (int i = 1; i < 100000; ++i) {
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, ".%03d", i);
        std::string candidate = root + suffix;
        if (!used(items, candidate))
            return candidate;
    }
    return root + ".copy";
}

} // namespace

std::string uniqueClipName(const Rig& rig, const std::string& base)
{
    return uniqueName(rig.clips, base);
}

std::string uniqueTransitionName(const Rig& rig, const std::string& base)
{
    return uniqueName(rig.transitions, base);
}

} // namespace marrow::model
