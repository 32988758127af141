// SPDX-License-Identifier: MIT
#include "core/io/view_state_section.h"

#include "core/io/codec_stream.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace marrow::doc {

namespace {

// Mode names are short identifiers; anything else is damage, not a later build's mode.
constexpr std::size_t kLongestMode = 32;

bool isModeName(const std::string& name)
{
    return name.size() <= kLongestMode && std::all_of(name.begin(), name.end(), [](char c) {
               return (c >= 'a' && c <= 'z') || c == '_';
           });
}

} // namespace

ViewState fittedViewState(const ViewState& view, std::size_t clips)
{
    ViewState fitted = view;
    if (fitted.clip < -1 || (fitted.clip >= 0 && static_cast<std::size_t>(fitted.clip) >= clips))
        fitted.clip = clips > 0 ? 0 : -1;
    if (!std::isfinite(fitted.time) || fitted.time < 0.0)
        fitted.time = 0.0;
    if (!isModeName(fitted.mode))
        fitted.mode.clear();
    return fitted;
}

bool hasViewState(const ViewState& view, std::size_t clips)
{
    return fittedViewState(view, clips) != fittedViewState({}, clips);
}

std::string encodeViewStateSection(const ViewState& view)
{
    io::codec::Writer w;
    w.i32(view.clip);
    w.u64(std::bit_cast<std::uint64_t>(view.time));
    w.str(view.mode);
    return std::move(w.bytes());
}

bool decodeViewStateSection(std::string_view bytes, std::size_t clips, ViewState& out, std::string& error)
{
    io::codec::Reader r(bytes);
    ViewState view;
    view.clip = r.i32();
    view.time = std::bit_cast<double>(r.u64());
    r.str(view.mode);
    if (!r.ok()) {
        error = "view state section: " + r.error();
        return false;
    }
    if (view.clip < -1 || (view.clip >= 0 && static_cast<std::size_t>(view.clip) >= clips)) {
        error = "view state section: clip " + std::to_string(view.clip) + " is not one of the rig's " +
                std::to_string(clips) + " clips";
        return false;
    }
    if (!std::isfinite(view.time) || view.time < 0.0) {
        error = "view state section: the time " + std::to_string(view.time) + " is not finite and >= 0";
        return false;
    }
    if (!isModeName(view.mode)) {
        error = "view state section: the mode is not a name of up to " + std::to_string(kLongestMode) +
                " letters and underscores";
        return false;
    }
    out = std::move(view);
    return true;
}

} // namespace marrow::doc
