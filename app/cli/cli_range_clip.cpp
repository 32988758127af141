// SPDX-License-Identifier: MIT
#include "app/cli/cli_range_clip.h"
#include "app/cli/cli_commands.h"

#include "core/model/clip_from_range.h"

#include <algorithm>

namespace marrow::cli {

std::optional<RangeClipSpec> parseRangeClip(const std::string& text, std::string& why)
{
    RangeClipSpec spec;
    spec.text = text;
    const std::size_t equals = text.find('=');
    const std::size_t last = text.rfind(':');
    const std::size_t middle = last == std::string::npos || last == 0 ? std::string::npos : text.rfind(':', last - 1);
    if (equals == std::string::npos || middle == std::string::npos || middle < equals) {
        why = "takes NEW=CLIP:START:END (seconds)";
        return std::nullopt;
    }
    spec.name = text.substr(0, equals);
    spec.clip = text.substr(equals + 1, middle - equals - 1);
    if (spec.name.empty() || spec.clip.empty()) {
        why = spec.name.empty() ? "needs a name for the new clip before '='" : "needs the clip to cut, a name or index";
        return std::nullopt;
    }
    if (!parseFinite(text.substr(middle + 1, last - middle - 1), spec.start) ||
        !parseFinite(text.substr(last + 1), spec.end)) {
        why = "needs START and END as numbers of seconds";
        return std::nullopt;
    }
    if (!(spec.start < spec.end)) {
        why = "needs START before END";
        return std::nullopt;
    }
    return spec;
}

bool takeRangeClip(const std::vector<std::string>& args, std::size_t& i, std::vector<RangeClipSpec>& specs,
                   std::string& error)
{
    if (args[i] != "--range-clip")
        return false;
    if (i + 1 >= args.size()) {
        error = "--range-clip needs NEW=CLIP:START:END";
        return true;
    }
    std::string why;
    if (auto spec = parseRangeClip(args[++i], why))
        specs.push_back(std::move(*spec));
    else
        error = "--range-clip " + args[i] + ": " + why;
    return true;
}

int addRangeClips(model::Rig& rig, const std::vector<RangeClipSpec>& specs)
{
    for (const RangeClipSpec& spec : specs) {
        const auto refuse = [&](const std::string& why) {
            printError("--range-clip " + spec.text + ": " + why);
            return kExitUsage;
        };
        const int source = rig.findClip(spec.clip);
        if (source < 0)
            return refuse("no clip '" + spec.clip + "'");
        if (std::any_of(rig.clips.begin(), rig.clips.end(), [&](const anim::Clip& c) { return c.name == spec.name; }))
            return refuse("a clip is already named '" + spec.name + "'");
        std::string why;
        auto clip = model::clipFromRange(rig, source, spec.start, spec.end, spec.name, &why);
        if (!clip)
            return refuse(why);
        rig.clips.push_back(std::move(*clip));
    }
    return kExitOk;
}

} // namespace marrow::cli
