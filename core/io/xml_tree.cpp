// SPDX-License-Identifier: MIT
#include "core/io/xml_tree.h"

namespace marrow::io::xml {

namespace {

bool isNameChar(char c) { return !isSpace(c) && c != '>' && c != '/' && c != '=' && c != '<' && c != '"' && c != '\''; }

// Character data with the predefined entities and numeric references
// below 128 replaced (others are kept as written).
std::string decoded(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '&') {
            out.push_back(s[i]);
            continue;
        }
        const std::size_t end = s.find(';', i);
        const std::string_view entity = end == std::string_view::npos ? std::string_view{} : s.substr(i + 1, end - i - 1);
        char c = 0;
        if (entity == "lt") c = '<';
        else if (entity == "gt") c = '>';
        else if (entity == "amp") c = '&';
        else if (entity == "quot") c = '"';
        else if (entity == "apos") c = '\'';
        else if (entity.size() >= 2 && entity.size() <= 4 && entity[0] == '#' &&
                 entity.find_first_not_of("0123456789", 1) == std::string_view::npos) {
            const int code = std::stoi(std::string(entity.substr(1)));
            c = code > 0 && code < 128 ? static_cast<char>(code) : 0;
        }
        if (c == 0) {
            out.push_back('&');
            continue;
        }
        out.push_back(c);
        i = end;
    }
    return out;
}

class Reader {
public:
    explicit Reader(std::string_view text) : m_text(text) {}

    std::optional<Element> document(std::string& error)
    {
        std::vector<Element> open;
        std::optional<Element> root;
        while (m_at < m_text.size()) {
            const std::size_t lt = m_text.find('<', m_at);
            const std::size_t textEnd = lt == std::string_view::npos ? m_text.size() : lt;
            if (!open.empty())
                open.back().text += decoded(m_text.substr(m_at, textEnd - m_at));
            else if (m_text.substr(m_at, textEnd - m_at).find_first_not_of(" \t\r\n\xEF\xBB\xBF") != std::string_view::npos)
                return fail(error, "text outside the root element");
            if (lt == std::string_view::npos)
                break;
            m_at = lt;
            if (skipMarkup(open, error))
                continue;
            if (!error.empty())
                return std::nullopt;
            if (m_text.compare(m_at, 2, "</") == 0) {
                const std::size_t gt = m_text.find('>', m_at);
                if (gt == std::string_view::npos || open.empty())
                    return fail(error, "a closing tag without its element");
                std::string_view name = m_text.substr(m_at + 2, gt - m_at - 2);
                while (!name.empty() && isSpace(name.back()))
                    name.remove_suffix(1);
                if (name != open.back().name)
                    return fail(error, "</" + std::string(name) + "> closes <" + open.back().name + ">");
                m_at = gt + 1;
                Element done = std::move(open.back());
                open.pop_back();
                if (!close(std::move(done), open, root, error))
                    return std::nullopt;
                continue;
            }
            Element e;
            bool selfClosing = false;
            if (!startTag(e, selfClosing, error))
                return std::nullopt;
            if (selfClosing) {
                if (!close(std::move(e), open, root, error))
                    return std::nullopt;
            } else {
                if (open.size() >= static_cast<std::size_t>(kMaxDepth))
                    return fail(error, "elements nest deeper than " + std::to_string(kMaxDepth));
                open.push_back(std::move(e));
            }
        }
        if (!open.empty())
            return fail(error, "<" + open.back().name + "> is never closed (the file is truncated)");
        if (!root)
            return fail(error, "no root element");
        return root;
    }

private:
    std::optional<Element> fail(std::string& error, std::string message)
    {
        error = std::move(message);
        return std::nullopt;
    }

    static bool close(Element done, std::vector<Element>& open, std::optional<Element>& root, std::string& error)
    {
        if (!open.empty()) {
            open.back().children.push_back(std::move(done));
            return true;
        }
        if (root) {
            error = "a second root element <" + done.name + ">";
            return false;
        }
        root = std::move(done);
        return true;
    }

    // Comments, processing instructions, DOCTYPE and CDATA at m_at: true
    // when one was consumed (CDATA goes to the open element's text).
    bool skipMarkup(std::vector<Element>& open, std::string& error)
    {
        struct Kind {
            std::string_view start, end;
        };
        static constexpr Kind kinds[] = {{"<!--", "-->"}, {"<?", "?>"}, {"<![CDATA[", "]]>"}, {"<!", ">"}};
        for (const Kind& k : kinds) {
            if (m_text.compare(m_at, k.start.size(), k.start) != 0)
                continue;
            const std::size_t end = m_text.find(k.end, m_at + k.start.size());
            if (end == std::string_view::npos) {
                error = "unterminated " + std::string(k.start);
                return false;
            }
            if (k.start == "<![CDATA[" && !open.empty())
                open.back().text += m_text.substr(m_at + k.start.size(), end - m_at - k.start.size());
            m_at = end + k.end.size();
            return true;
        }
        return false;
    }

    bool startTag(Element& e, bool& selfClosing, std::string& error)
    {
        std::size_t i = m_at + 1;
        while (i < m_text.size() && isNameChar(m_text[i]))
            ++i;
        e.name = std::string(m_text.substr(m_at + 1, i - m_at - 1));
        if (e.name.empty()) {
            error = "a tag without a name";
            return false;
        }
        for (;;) {
            while (i < m_text.size() && isSpace(m_text[i]))
                ++i;
            if (i >= m_text.size()) {
                error = "<" + e.name + " is never finished (the file is truncated)";
                return false;
            }
            if (m_text[i] == '>') {
                m_at = i + 1;
                return true;
            }
            if (m_text.compare(i, 2, "/>") == 0) {
                selfClosing = true;
                m_at = i + 2;
                return true;
            }
            const std::size_t nameStart = i;
            while (i < m_text.size() && isNameChar(m_text[i]))
                ++i;
            const std::string key(m_text.substr(nameStart, i - nameStart));
            while (i < m_text.size() && isSpace(m_text[i]))
                ++i;
            if (key.empty() || i + 1 >= m_text.size() || m_text[i] != '=') {
                error = "a malformed attribute in <" + e.name + ">";
                return false;
            }
            ++i;
            while (i < m_text.size() && isSpace(m_text[i]))
                ++i;
            const char quote = i < m_text.size() ? m_text[i] : '\0';
            const std::size_t close = quote == '"' || quote == '\'' ? m_text.find(quote, i + 1) : std::string_view::npos;
            if (close == std::string_view::npos) {
                error = "attribute '" + key + "' of <" + e.name + "> has no quoted value";
                return false;
            }
            e.attributes.emplace_back(key, decoded(m_text.substr(i + 1, close - i - 1)));
            i = close + 1;
        }
    }

    std::string_view m_text;
    std::size_t m_at = 0;
};

} // namespace

const std::string* Element::attribute(std::string_view key) const
{
    for (const auto& [k, v] : attributes)
        if (k == key)
            return &v;
    return nullptr;
}

const Element* Element::child(std::string_view childName) const
{
    for (const Element& c : children)
        if (c.name == childName)
            return &c;
    return nullptr;
}

std::optional<Element> parse(std::string_view text, std::string& error)
{
    error.clear();
    Reader reader(text);
    return reader.document(error);
}

} // namespace marrow::io::xml
