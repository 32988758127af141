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
    return testName("m" + std::to_string(index) + "_" + text);
}

} // namespace marrow::test
