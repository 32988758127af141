// SPDX-License-Identifier: MIT
#include "app/cli/cli_transition_args.h"
#include "app/cli/cli_commands.h"

namespace marrow::cli {

std::optional<std::string> parseTransitionArgs(const std::vector<std::string>& args, TransitionOptions& o)
{
    bool haveDuration = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool hasValue = i + 1 < args.size();
        const std::string v = hasValue ? args[i + 1] : std::string();
        auto takeNumber = [&](double& out) -> bool {
            if (!hasValue || !parseFinite(v, out))
                return false;
            ++i;
            return true;
        };
        double x = 0.0;
        if (std::string bad; takeRangeClip(args, i, o.rangeClips, bad)) {
            if (!bad.empty())
                return bad;
        } else if (a == "--from" || a == "--to" || a == "--name" || a == "-o" || a == "--output" || a == "--clips-from" ||
            a == "--curve" || a == "--range") {
            if (!hasValue)
                return a + " needs a value";
            ++i;
            if (a == "--from")
                o.from = v;
            else if (a == "--to")
                o.to = v;
            else if (a == "--name")
                o.name = v;
            else if (a == "--clips-from")
                o.clipsFrom.push_back(v);
            else if (a == "--curve") {
                const auto curve = anim::parseBlendCurve(v);
                if (!curve)
                    return "--curve takes linear, smoothstep, smootherstep, ease-in, ease-out or bezier:x1,y1,x2,y2 "
                           "(x1, x2 in [0, 1]), not '" + v + "'";
                o.curve = *curve;
            } else if (a == "--range") {
                if (v != "full" && v != "blend")
                    return "--range takes full or blend";
                o.range = v == "full" ? anim::BakeRange::Full : anim::BakeRange::Blend;
            } else
                o.output = v;
        } else if (a == "--exit") {
            if (!takeNumber(x) || x < 0.0)
                return "--exit needs seconds, 0 or more";
            o.exit = x;
        } else if (a == "--offset") {
            if (!takeNumber(o.offset) || o.offset < 0.0)
                return "--offset needs seconds, 0 or more";
        } else if (a == "--duration") {
            if (!takeNumber(o.duration) || !(o.duration > 0.0))
                return "--duration needs seconds, more than 0";
            haveDuration = true;
        } else if (a == "--fps") {
            if (!takeNumber(o.fps) || !(o.fps > 0.0) || o.fps > 1000.0)
                return "--fps needs frames per second in (0, 1000]";
        } else if (a == "--sync") {
            o.sync = true;
        } else if (a == "--match-root") {
            o.matchRoot = true;
        } else if (a == "--cycle-a") {
            o.cycleA = true;
        } else if (a == "--cycle-b") {
            o.cycleB = true;
        } else if (a == "--inertialize") {
            o.inertialize = true;
        } else if (a == "--find-best") {
            o.findBest = true;
        } else if (a == "--exit-range") {
            double from = 0.0, to = 0.0;
            const auto comma = v.find(',');
            if (!hasValue || comma == std::string::npos || !parseFinite(v.substr(0, comma), from) ||
                !parseFinite(v.substr(comma + 1), to) || from < 0.0 || to < from)
                return "--exit-range needs FROM,TO in seconds (0 <= FROM <= TO)";
            ++i;
            o.exitRange = std::pair{from, to};
        } else if (a == "--report") {
            o.report = true;
        } else if (a == "--contact-height") {
            if (!takeNumber(x) || x < 0.0)
                return "--contact-height needs a height, 0 or more";
            o.contactHeight = x;
        } else if (a.size() > 1 && a[0] == '-') {
            return "unknown option '" + a + "' for transition";
        } else if (o.model.empty()) {
            o.model = a;
        } else {
            return "transition takes one MODEL";
        }
    }
    if (o.model.empty())
        return "transition needs a MODEL";
    if (o.from.empty() || o.to.empty())
        return "transition needs --from A and --to B";
    if (!haveDuration)
        return "transition needs --duration D";
    if (o.output.empty())
        return "transition needs -o OUT (.gltf, .glb or .marrow)";
    if (o.exitRange && !o.findBest)
        return "--exit-range goes with --find-best";
    return std::nullopt;
}

} // namespace marrow::cli
