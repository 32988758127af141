// SPDX-License-Identifier: MIT
// What every command shares and reads no file: messages and numbers.
#include "app/cli/cli_commands.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace marrow::cli {

void printError(const std::string& message)
{
    std::fprintf(stderr, "marrow-cli: error: %s\n", message.c_str());
}

void printWarnings(const std::vector<std::string>& warnings)
{
    for (const std::string& w : warnings)
        std::fprintf(stderr, "marrow-cli: warning: %s\n", w.c_str());
}

void splitNames(const std::string& list, std::vector<std::string>& out)
{
    for (std::size_t start = 0; start <= list.size();) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        if (comma > start)
            out.push_back(list.substr(start, comma - start));
        start = comma + 1;
    }
}

bool parseFinite(const std::string& text, double& out)
{
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || !std::isfinite(v))
        return false;
    out = v;
    return true;
}

} // namespace marrow::cli
