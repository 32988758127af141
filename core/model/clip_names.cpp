// SPDX-License-Identifier: MIT
#include "core/model/clip_names.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <span>
#include <vector>

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

// "anims/walk.fbx" -> "walk": the name after the last separator, its last
// extension dropped. By hand, as std::filesystem would re-encode UTF-8 on Windows.
std::string baseName(const std::string& path)
{
    const std::size_t slash = path.find_last_of("/\\");
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const std::size_t dot = name.rfind('.');
    if (dot != std::string::npos && dot > 0)
        name.resize(dot);
    return name;
}

// A newcomer's name among `clips`: its own when free, else its file's.
std::string importedName(std::span<const anim::Clip> clips, const std::string& name, const std::string& sourcePath)
{
    if (!used(clips, name))
        return name;
    const std::string file = baseName(sourcePath);
    return uniqueName(clips, file.empty() ? name : file);
}

} // namespace

std::string uniqueClipName(const Rig& rig, const std::string& base)
{
    return uniqueName(rig.clips, base);
}

std::string importedClipName(const Rig& rig, const std::string& name, const std::string& sourcePath)
{
    return importedName(std::span<const anim::Clip>(rig.clips), name, sourcePath);
}

void nameImportedClips(Rig& rig, std::size_t first, const std::string& sourcePath)
{
    for (std::size_t i = first; i < rig.clips.size(); ++i)
        rig.clips[i].name = importedName(std::span<const anim::Clip>(rig.clips.data(), i), rig.clips[i].name, sourcePath);
}

std::string uniqueTransitionName(const Rig& rig, const std::string& base)
{
    return uniqueName(rig.transitions, base);
}

std::string followedTransitionName(const Rig& rig, const Transition& before, const Transition& after)
{
    const auto clipName = [&](ClipId c) -> const std::string* {
        return c >= 0 && static_cast<std::size_t>(c) < rig.clips.size() ? &rig.clips[static_cast<std::size_t>(c)].name
                                                                        : nullptr;
    };
    const std::string *a0 = clipName(before.clipA), *b0 = clipName(before.clipB);
    const std::string *a1 = clipName(after.clipA), *b1 = clipName(after.clipB);
    const bool clipsChanged = before.clipA != after.clipA || before.clipB != after.clipB;
    if (!clipsChanged || after.name != before.name || !a0 || !b0 || !a1 || !b1 ||
        stem(before.name) != *a0 + "_to_" + *b0)
        return after.name;
    std::vector<Transition> others;
    for (const Transition& t : rig.transitions)
        if (t.name != before.name)
            others.push_back(t);
    return uniqueName(others, *a1 + "_to_" + *b1);
}

} // namespace marrow::model
