// SPDX-License-Identifier: MIT
#include "core/model/joint_name_mirror.h"

#include <cctype>

namespace marrow::model {

namespace {

bool isSeparator(char c)
{
    return c == '_' || c == '.' || c == '-' || c == ' ';
}

char lower(char c)
{
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool isUpper(char c)
{
    return std::isupper(static_cast<unsigned char>(c)) != 0;
}

bool equalsNoCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i]))
            return false;
    return true;
}

// The other side's word in the same case style as `word` (one of l, r, left, right in any case).
std::string swapSide(std::string_view word)
{
    const bool left = lower(word[0]) == 'l';
    const char* other = word.size() == 1 ? (left ? "r" : "l") : (left ? "right" : "left");
    std::string out(other);
    const bool allUpper = [&] {
        for (char c : word)
            if (!isUpper(c))
                return false;
        return true;
    }();
    for (std::size_t i = 0; i < out.size(); ++i)
        if (allUpper || (i == 0 && isUpper(word[0])))
            out[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[i])));
    return out;
}

bool isSideWord(std::string_view token)
{
    return equalsNoCase(token, "l") || equalsNoCase(token, "r") || equalsNoCase(token, "left") ||
           equalsNoCase(token, "right");
}

// The length of a Left/Right prefix glued to a following word that does not
// continue it in lower case (LeftArm, RIGHTLEG, Left2), or 0.
std::size_t sidePrefix(std::string_view token)
{
    for (std::string_view word : {std::string_view("left"), std::string_view("right")})
        if (token.size() > word.size() && equalsNoCase(token.substr(0, word.size()), word) &&
            !std::islower(static_cast<unsigned char>(token[word.size()])))
            return word.size();
    return 0;
}

} // namespace

std::optional<std::string> mirroredJointName(std::string_view name)
{
    std::string out;
    out.reserve(name.size() + 1);
    bool swapped = false;
    // The prefix form may follow a namespace such as "mixamorig:".
    const std::size_t colon = name.rfind(':');
    const std::size_t base = colon == std::string_view::npos ? 0 : colon + 1;
    out.append(name.substr(0, base));
    std::size_t i = base;
    // Runs between separators: a side word alone (L, Right), or Left/Right
    // glued to the next word (LeftArm, b_LeftHand; not Leftover).
    while (i < name.size()) {
        if (isSeparator(name[i])) {
            out += name[i++];
            continue;
        }
        std::size_t end = i;
        while (end < name.size() && !isSeparator(name[end]))
            ++end;
        const std::string_view token = name.substr(i, end - i);
        if (isSideWord(token)) {
            out += swapSide(token);
            swapped = true;
        } else if (const std::size_t glued = sidePrefix(token); glued > 0) {
            out += swapSide(token.substr(0, glued));
            out += token.substr(glued);
            swapped = true;
        } else {
            out += token;
        }
        i = end;
    }
    if (!swapped)
        return std::nullopt;
    return out;
}

std::optional<std::string> mirroredJointNameGlued(std::string_view name)
{
    std::string out(name);
    bool swapped = false;
    const std::size_t colon = name.rfind(':');
    const std::size_t base = colon == std::string_view::npos ? 0 : colon + 1;
    for (std::size_t end = base; end <= name.size(); ++end) {
        // The last character of each run (before a separator or the end).
        if (end < name.size() && !isSeparator(name[end]))
            continue;
        if (end >= base + 2 && (name[end - 1] == 'L' || name[end - 1] == 'R') &&
            (std::islower(static_cast<unsigned char>(name[end - 2])) ||
             std::isdigit(static_cast<unsigned char>(name[end - 2])))) {
            out[end - 1] = name[end - 1] == 'L' ? 'R' : 'L';
            swapped = true;
        }
    }
    if (!swapped)
        return std::nullopt;
    return out;
}

} // namespace marrow::model
