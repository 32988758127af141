// SPDX-License-Identifier: MIT
#pragma once
#include <optional>
#include <string>

namespace marrow::ui {

// The number typed during a modal transform (Blender's "R Z 9 0 Enter"):
// digits, one '.', '-' toggling the sign wherever it is typed, Backspace
// taking back the last character (a sign toggle included). Plain C++, no Qt.
//
// Invariants: text() is what the status bar shows ("-12.5"); value() is set
// exactly when at least one digit was typed; at most one '.'.
class NumberEntry {
public:
    // Takes '0'-'9', '.' or '-'; false (nothing changes) for anything else
    // or a second '.'.
    bool type(char c);
    // False when there was nothing to take back.
    bool backspace();
    void clear();

    // Whether anything was typed (a lone '-' counts: the status bar shows it).
    bool active() const { return !m_keys.empty(); }
    bool negative() const { return m_negative; }
    // The digits and point as typed, with the sign in front.
    std::string text() const;
    std::optional<float> value() const;

private:
    std::string m_keys;   // every accepted key in order, '-' included, for Backspace
    bool m_negative = false;
};

} // namespace marrow::ui
