// SPDX-License-Identifier: MIT
// ASCII FBX: "Name: value, value, ... { children }" per node, ';' comments,
// quoted strings, bare words (Y, T) and arrays as "*N { a: v,v,... }".
#include "core/io/fbx_tree.h"

#include <cctype>
#include <cstdlib>

namespace marrow::io::fbx {

namespace {

struct Token {
    enum class Kind { Key, String, Word, Star, Comma, Open, Close, End } kind = Kind::End;
    std::string_view text;
};

class AsciiReader {
public:
    AsciiReader(std::string_view text, const ArrayFilter& want) : text_(text), want_(want) { next(); }

    std::optional<Node> read(std::string& error)
    {
        Node root;
        while (token_.kind == Token::Kind::Key) {
            Node node;
            if (!readNode(0, node))
                break;
            root.children.push_back(std::move(node));
        }
        if (problem_.empty() && token_.kind != Token::Kind::End)
            bad("unexpected '" + std::string(token_.text.substr(0, 20)) + "'");
        if (!problem_.empty()) {
            error = problem_ + " (line " + std::to_string(line_) + ")";
            return std::nullopt;
        }
        return root;
    }

private:
    bool bad(std::string why)
    {
        if (problem_.empty())
            problem_ = std::move(why);
        return false;
    }

    void next()
    {
        while (at_ < text_.size()) {
            const char c = text_[at_];
            if (c == '\n')
                ++line_;
            if (c == ';') {
                while (at_ < text_.size() && text_[at_] != '\n')
                    ++at_;
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                ++at_;
            } else {
                break;
            }
        }
        if (at_ >= text_.size()) {
            token_ = {Token::Kind::End, {}};
            return;
        }
        const std::size_t start = at_;
        const char c = text_[at_];
        if (c == '"') {
            const std::size_t close = text_.find('"', at_ + 1);
            if (close == std::string_view::npos) {
                bad("a string is not closed");
                at_ = text_.size();
                token_ = {Token::Kind::End, {}};
                return;
            }
            for (std::size_t i = at_; i < close; ++i)
                line_ += text_[i] == '\n';
            at_ = close + 1;
            token_ = {Token::Kind::String, text_.substr(start + 1, close - start - 1)};
            return;
        }
        if (c == ',' || c == '{' || c == '}') {
            ++at_;
            token_ = {c == ',' ? Token::Kind::Comma : (c == '{' ? Token::Kind::Open : Token::Kind::Close),
                      text_.substr(start, 1)};
            return;
        }
        while (at_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[at_])) && text_[at_] != ',' &&
               text_[at_] != '{' && text_[at_] != '}' && text_[at_] != '"' && text_[at_] != ';' && text_[at_] != ':')
            ++at_;
        if (at_ < text_.size() && text_[at_] == ':' && at_ > start) {
            token_ = {Token::Kind::Key, text_.substr(start, at_ - start)};
            ++at_;
            return;
        }
        if (at_ == start)  // a lone ':'
            ++at_;
        const std::string_view word = text_.substr(start, at_ - start);
        token_ = {word.size() > 1 && word[0] == '*' ? Token::Kind::Star : Token::Kind::Word, word};
    }

    static bool isReal(std::string_view w)
    {
        return w.find_first_of(".eEnNiI") != std::string_view::npos;
    }

    Value scalar(const Token& t) const
    {
        Value v;
        if (t.kind == Token::Kind::String) {
            v.kind = Value::Kind::String;
            v.text = std::string(t.text);
            return v;
        }
        const std::string s(t.text);
        char* end = nullptr;
        if (isReal(t.text)) {
            v.real = std::strtod(s.c_str(), &end);
            v.kind = Value::Kind::Real;
        } else {
            v.integer = std::strtoll(s.c_str(), &end, 10);
        }
        if (end == s.c_str() || *end != '\0') {  // a bare word (Y, T, W)
            v = Value{};
            v.kind = Value::Kind::String;
            v.text = s;
        }
        return v;
    }

    bool readArray(bool decode, Value& v)
    {
        next();  // past *N
        if (token_.kind != Token::Kind::Open)
            return bad("an array has no '{'");
        next();
        v.kind = Value::Kind::Integers;
        if (token_.kind == Token::Kind::Key) {
            next();
            while (token_.kind == Token::Kind::Word || token_.kind == Token::Kind::Comma) {
                if (token_.kind == Token::Kind::Word && decode) {
                    const Value x = scalar(token_);
                    if (x.kind == Value::Kind::String)
                        return bad("an array holds '" + std::string(token_.text.substr(0, 20)) + "'");
                    if (x.kind == Value::Kind::Real && v.kind == Value::Kind::Integers) {
                        v.kind = Value::Kind::Reals;
                        for (std::int64_t i : v.integers)
                            v.reals.push_back(static_cast<double>(i));
                        v.integers.clear();
                    }
                    if (v.kind == Value::Kind::Reals)
                        v.reals.push_back(x.number());
                    else
                        v.integers.push_back(x.integer);
                    if (v.reals.size() + v.integers.size() > kMaxNodes * 16)
                        return bad("an array is too long");
                }
                next();
            }
        }
        if (token_.kind != Token::Kind::Close)
            return bad("an array is not closed");
        if (!decode)
            v.kind = Value::Kind::Skipped;
        next();
        return true;
    }

    bool readNode(int depth, Node& node)
    {
        if (depth > kMaxDepth)
            return bad("nodes nest deeper than " + std::to_string(kMaxDepth));
        if (++nodes_ > kMaxNodes)
            return bad("more than " + std::to_string(kMaxNodes) + " nodes");
        node.name = std::string(token_.text);
        next();
        const bool arrays = !want_ || want_(node.name);
        while (token_.kind == Token::Kind::String || token_.kind == Token::Kind::Word ||
               token_.kind == Token::Kind::Star) {
            Value v;
            if (token_.kind == Token::Kind::Star) {
                if (!readArray(arrays, v))
                    return false;
            } else {
                v = scalar(token_);
                next();
            }
            node.values.push_back(std::move(v));
            if (token_.kind != Token::Kind::Comma)
                break;
            next();
        }
        if (token_.kind == Token::Kind::Open) {
            next();
            while (token_.kind == Token::Kind::Key) {
                Node child;
                if (!readNode(depth + 1, child))
                    return false;
                node.children.push_back(std::move(child));
            }
            if (token_.kind != Token::Kind::Close)
                return bad("node '" + node.name + "' is not closed");
            next();
        }
        return problem_.empty();
    }

    std::string_view text_;
    const ArrayFilter& want_;
    std::size_t at_ = 0;
    std::size_t line_ = 1;
    std::size_t nodes_ = 0;
    Token token_;
    std::string problem_;
};

} // namespace

std::optional<Node> readAsciiTree(std::string_view text, std::string& error, const ArrayFilter& wantArrays)
{
    return AsciiReader(text, wantArrays).read(error);
}

} // namespace marrow::io::fbx
