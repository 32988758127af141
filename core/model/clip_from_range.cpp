// SPDX-License-Identifier: MIT
#include "core/model/clip_from_range.h"

#include "core/anim/clip_cut.h"
#include "core/model/clip_names.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace marrow::model {

namespace {

std::string seconds(double t)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g s", t);
    return text;
}

} // namespace

std::optional<anim::Clip> clipFromRange(const Rig& rig, ClipId source, double start, double end,
                                        const std::string& name, std::string* error)
{
    const auto fail = [error](std::string why) -> std::optional<anim::Clip> {
        if (error)
            *error = std::move(why);
        return std::nullopt;
    };
    const anim::Clip* clip = rig.clipAt(source);
    if (!clip)
        return fail("no clip " + std::to_string(source) + " (the rig has " + std::to_string(rig.clips.size()) +
                    (rig.clips.size() == 1 ? " clip)" : " clips)"));
    if (!std::isfinite(start) || !std::isfinite(end))
        return fail("the start and end must be finite numbers of seconds");
    if (!(start < end))
        return fail("the start (" + seconds(start) + ") must come before the end (" + seconds(end) + ")");
    const double first = clip->start(), last = clip->duration;
    if (start < first - kRangeSlack)
        return fail("the start (" + seconds(start) + ") is before '" + clip->name + "' starts (" + seconds(first) + ")");
    if (end > last + kRangeSlack)
        return fail("the end (" + seconds(end) + ") is past the end of '" + clip->name + "' (" + seconds(last) + ")");
    start = std::max(start, first);
    end = std::min(end, last);
    if (!(start < end))
        return fail("the range is empty once inside '" + clip->name + "' (" + seconds(first) + " to " +
                    seconds(last) + ")");
    anim::Clip cut = anim::cutClip(*clip, start, end);
    cut.name = uniqueClipName(rig, name.empty() ? clip->name : name);
    return cut;
}

} // namespace marrow::model
