// SPDX-License-Identifier: MIT
#pragma once
// Parameterised test names made from file names: gtest accepts letters,
// digits and '_' only.
#include <cctype>
#include <string>

namespace marrow::test {

inline std::string testName(std::string text)
{
    for (char& ch : text)
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    return text;
}

// "m<index>_<text>": unique even when two paths sanitise to the same text.
inline std::string indexedTestName(std::size_t index, const std::string& text)
{
    // Built with append: GCC 12 warns falsely (-Wrestrict) on "m" + ... + text here.
    std::string name("m");
    name.append(std::to_string(index)).append("_").append(text);
    return testName(std::move(name));
}

} // namespace marrow::test
