// SPDX-License-Identifier: MIT
#include "widgets/timeline/marker_flag_layout.h"

#include <algorithm>

namespace marrow::ui {

std::vector<double> flagLefts(std::span<const double> poles, std::span<const double> widths, double gap)
{
    std::vector<double> lefts;
    lefts.reserve(poles.size());
    double freeFrom = -1e300;  // where the previous pennant ends
    for (std::size_t i = 0; i < poles.size(); ++i) {
        const double left = std::max(poles[i], freeFrom);
        lefts.push_back(left);
        freeFrom = left + (i < widths.size() ? widths[i] : 0.0) + gap;
    }
    return lefts;
}

namespace {

bool endsWithUp(const std::string& name)
{
    return name.size() > 3 && name.compare(name.size() - 3, 3, " up") == 0;
}

} // namespace

std::string flagLabel(const std::string& name)
{
    if (endsWithUp(name))
        return name.substr(0, 1) + "\u2191";
    return name.substr(0, 2);
}

std::string markerMeaning(const std::string& name)
{
    const std::string foot = name.empty() ? std::string() : name.substr(0, endsWithUp(name) ? name.size() - 3 : name.size());
    const char* side = foot == "L" ? "left" : foot == "R" ? "right" : nullptr;
    if (!side)
        return "\"" + name + "\"";
    return std::string(side) + (endsWithUp(name) ? " foot lifts" : " foot down");
}

} // namespace marrow::ui
