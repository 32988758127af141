// SPDX-License-Identifier: MIT
#include "widgets/viewport/number_entry.h"

#include <algorithm>
#include <charconv>

namespace marrow::ui {

bool NumberEntry::type(char c)
{
    if (c == '-') {
        m_negative = !m_negative;
    } else if (c == '.') {
        if (std::count(m_keys.begin(), m_keys.end(), '.') > 0)
            return false;
    } else if (c < '0' || c > '9') {
        return false;
    }
    m_keys.push_back(c);
    return true;
}

bool NumberEntry::backspace()
{
    if (m_keys.empty())
        return false;
    if (m_keys.back() == '-')
        m_negative = !m_negative;
    m_keys.pop_back();
    return true;
}

void NumberEntry::clear()
{
    m_keys.clear();
    m_negative = false;
}

std::string NumberEntry::text() const
{
    std::string out = m_negative ? "-" : "";
    for (char c : m_keys)
        if (c != '-')
            out.push_back(c);
    return out;
}

std::optional<float> NumberEntry::value() const
{
    std::string digits;
    for (char c : m_keys)
        if (c != '-')
            digits.push_back(c);
    if (std::none_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    if (digits.front() == '.')
        digits.insert(digits.begin(), '0');  // ".5"
    float v = 0.f;  // from_chars: the C locale's '.', whatever the user's locale
    std::from_chars(digits.data(), digits.data() + digits.size(), v);
    return m_negative ? -v : v;
}

} // namespace marrow::ui
