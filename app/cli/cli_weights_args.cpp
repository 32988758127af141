// SPDX-License-Identifier: MIT
#include "app/cli/cli_weights_args.h"
#include "app/cli/cli_commands.h"

#include <algorithm>
#include <cmath>

namespace marrow::cli {

namespace {

bool wholeIn(double v, double lo, double hi)
{
    return v >= lo && v <= hi && v == std::floor(v);
}

std::optional<std::string> parseStep(const std::string& flag, const std::string& v, WeightStep& s)
{
    s.label = flag.substr(2) + " " + v;
    double x = 0.0;
    if (flag == "--limit") {
        s.kind = WeightStep::Limit;
        if (!parseFinite(v, s.value) || !wholeIn(s.value, 1, 8))
            return "--limit takes a whole number of influences from 1 to 8, not '" + v + "'";
    } else if (flag == "--clean") {
        s.kind = WeightStep::Clean;
        if (!parseFinite(v, s.value) || s.value < 0.0 || s.value >= 1.0)
            return "--clean takes a weight in [0, 1), not '" + v + "'";
    } else if (flag == "--quantize") {
        s.kind = WeightStep::Quantize;
        if (!parseFinite(v, s.value) || (s.value != 8.0 && s.value != 16.0))
            return "--quantize takes 8 or 16 (bits), not '" + v + "'";
    } else if (flag == "--smooth") {
        s.kind = WeightStep::Smooth;
        const std::size_t comma = v.find(',');
        if (!parseFinite(v.substr(0, comma), s.value) || !wholeIn(s.value, 1, 1000) ||
            (comma != std::string::npos && (!parseFinite(v.substr(comma + 1), x) || x < 0.0 || x > 1.0)))
            return "--smooth takes K[,F]: 1 to 1000 iterations and a factor in [0, 1], not '" + v + "'";
        if (comma != std::string::npos)
            s.factor = x;
    } else if (flag == "--mirror") {
        s.kind = WeightStep::Mirror;
        if (v.size() != 2 || (v[0] != '+' && v[0] != '-') || (v[1] != 'x' && v[1] != 'y' && v[1] != 'z'))
            return "--mirror takes +x, -x, +y, -y, +z or -z, not '" + v + "'";
        s.fromPositive = v[0] == '+';
        s.axis = v[1] - 'x';
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> parseWeightsArgs(const std::vector<std::string>& args, WeightsOptions& o)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--auto") {
            o.steps.push_back({.kind = WeightStep::Auto, .label = "auto"});
        } else if (a == "--bones" || a == "--rigid-islands" || a == "--bone-segments") {
            if (o.steps.empty() || o.steps.back().kind != WeightStep::Auto)
                return a + " follows --auto";
            WeightStep& s = o.steps.back();
            if (a == "--rigid-islands") {
                s.rigidIslands = true;
                s.label += " --rigid-islands";
                continue;
            }
            if (a == "--bone-segments") {
                const std::string v = hasValue ? args[++i] : std::string();
                if (v != "each-child" && v != "blender")
                    return "--bone-segments takes each-child or blender, not '" + v + "'";
                s.segments = v == "blender" ? model::BoneSegments::Blender : model::BoneSegments::EachChild;
                s.label += " --bone-segments " + v;
                continue;
            }
            if (!hasValue || args[i + 1].empty())
                return "--bones needs bone names, comma-separated";
            const std::string list = args[++i];
            splitNames(list, s.bones);
            s.label += " --bones " + list;
        } else if (a == "--meshes") {
            if (!hasValue || args[i + 1].empty())
                return "--meshes needs mesh names, comma-separated";
            splitNames(args[++i], o.meshes);
        } else if (a == "--normalize") {
            o.steps.push_back({.kind = WeightStep::Normalize, .label = "normalize"});
        } else if (a == "--limit" || a == "--clean" || a == "--quantize" || a == "--smooth" || a == "--mirror") {
            if (!hasValue)
                return a + " needs a value";
            WeightStep s;
            if (auto err = parseStep(a, args[++i], s))
                return err;
            o.steps.push_back(s);
        } else if (a == "-o" || a == "--output" || a == "--clips-from") {
            if (!hasValue)
                return a + " needs a file";
            (a == "--clips-from" ? o.clipsFrom.emplace_back() : o.output) = args[++i];
        } else if (std::string bad; takeRangeClip(args, i, o.rangeClips, bad)) {
            if (!bad.empty())
                return bad;
        } else if (a.size() > 1 && a[0] == '-') {
            return "unknown option '" + a + "' for weights";
        } else if (o.model.empty()) {
            o.model = a;
        } else {
            return "weights takes one MODEL";
        }
    }
    if (o.model.empty())
        return "weights needs a MODEL";
    if (o.output.empty())
        return "weights needs -o OUT.gltf|OUT.glb|OUT.marrow";
    if (o.steps.empty())
        return "weights needs an operation (--auto, --normalize, --limit, --clean, --quantize, --smooth, --mirror)";
    return std::nullopt;
}

} // namespace marrow::cli
