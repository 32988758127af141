// SPDX-License-Identifier: MIT
// marrow-cli: the animation core on the command line (info, pose, convert, transition, weights).
#include "app/cli/cli_commands.h"
#include "core/model/export_profile.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace marrow::cli;

const char* kUsage =
    "usage:\n"
    "  marrow-cli info MODEL [--clips-from FILE]... [--range-clip R]...\n"
    "  marrow-cli pose MODEL [--clip NAME|INDEX] [--time SECONDS]\n"
    "                  [--blend CLIP2 --blend-time SECONDS2 --weight W]\n"
    "                  [--transition NAME --time T]   (a transition saved in a .marrow, at preview time T)\n"
    "                  [--skinning lbs|dqs] [--clips-from FILE]... [--range-clip R]... -o OUT.obj\n"
    "                  [--joints OUT.json [--frames [--fps F]]]   (joints in world space; every frame)\n"
    "  marrow-cli convert IN OUT.gltf|OUT.glb|OUT.marrow [--clips-from FILE]... [--sample-rate FPS]\n"
    "                  [--range-clip R]... [--max-influences 4|8] [--weights float|u16|u8]   (how a glTF stores the weights)\n"
    "  marrow-cli transition MODEL --from A --to B [--exit E] [--offset O] --duration D\n"
    "                  [--curve linear|smoothstep|smootherstep|ease-in|ease-out|bezier:x1,y1,x2,y2]\n"
    "                  [--sync] [--cycle-a] [--cycle-b] [--inertialize] [--match-root] [--fps F]\n"
    "                  [--range full|blend] [--name NAME] [--report [--contact-height H]] [--clips-from FILE]...\n"
    "                  [--range-clip R]... [--find-best [--exit-range FROM,TO]]   (exit and offset: no skip step, least slide, lunge, pop, pose cost)\n"
    "                  (--fps: the grid and the bake's rate; default the file's, else 30)\n"
    "                  -o OUT.gltf|OUT.glb|OUT.marrow\n"
    "  marrow-cli weights MODEL [--auto [--bones A,B...] [--rigid-islands] [--bone-segments each-child|blender]]\n"
    "                  [--normalize] [--limit N] [--clean EPS] [--quantize 8|16]\n"
    "                  [--smooth K[,F]] [--mirror +x|-x|+y|-y|+z|-z] [--clips-from FILE]... [--range-clip R]...\n"
    "                  [--meshes NAME,NAME...]   (meshes or their nodes; --auto re-weights single-bone props named)\n"
    "                  -o OUT.gltf|OUT.glb|OUT.marrow   (operations in the order given, every skinned mesh)\n"
    "  marrow-cli check MODEL [--max-influences N] [--symmetry TOL] [--json | --verbose] [--clips-from FILE]...\n"
    "                  [--range-clip R]... [--profile [--weights u8|u16|float] [--max-displacement D] [--fps 30]]\n"
    "                  (a line per mesh; --verbose: each mesh's figures and the vertices behind them)\n"
    "  marrow-cli bind MESH --skeleton RIG [--weights auto|nearest|transfer] [--rigid-islands] [--meshes NAME,...]\n"
    "                  -o OUT.gltf|OUT.glb|OUT.marrow   (every mesh of MESH bound to RIG's skeleton, as displayed)\n"
    "  marrow-cli retarget TARGET --from SOURCE [--clips A,B] [--fps F] [--keys frames|source] [--feet ik|off]\n"
    "                  [--hands pin|off] [--map MAP.json] [--save-map MAP.json] -o OUT.gltf|OUT.glb|OUT.marrow\n"
    "                  (SOURCE's clips, or those named, carried onto TARGET's skeleton and added to its clips;\n"
    "                  bipeds: bones paired by name and role, or as --map's file pairs them by name;\n"
    "                  --save-map: the map used, to edit and reuse; --fps: the keys' rate, default SOURCE's)\n"
    "--range-clip R, R = NEW=CLIP:START:END: a clip NEW cut from seconds START to END of CLIP (a name or\n"
    "                  index), added after the --clips-from clips, in order\n"
    "MODEL and IN: a .marrow document or any model file Marrow imports (glTF, FBX, Collada...)\n"
    "exit status: 0 success, 1 a check failed, 2 bad arguments, 3 unreadable or invalid input\n";

int usageError(const std::string& message)
{
    std::fprintf(stderr, "marrow-cli: %s\n%s", message.c_str(), kUsage);
    return kExitUsage;
}

bool parseNumber(const char* text, double& out)
{
    char* end = nullptr;
    const double v = std::strtod(text, &end);
    if (end == text || *end != '\0' || !std::isfinite(v) || std::fabs(v) > 1e30)
        return false;
    out = v;
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty())
        return usageError("no command given");
    const std::string command = args[0];
    if (command == "--help" || command == "-h" || command == "help") {
        std::printf("%s", kUsage);
        return kExitOk;
    }
    if (command == "transition")
        return runTransition({args.begin() + 1, args.end()});
    if (command == "weights")
        return runWeights({args.begin() + 1, args.end()});
    if (command == "check")
        return runCheck({args.begin() + 1, args.end()});
    if (command == "bind")
        return runBind({args.begin() + 1, args.end()});
    if (command == "retarget")
        return runRetarget({args.begin() + 1, args.end()});
    if (command != "info" && command != "pose" && command != "convert")
        return usageError("unknown command '" + command + "'");

    std::vector<std::string> positional, clipsFrom;
    std::vector<RangeClipSpec> rangeClips;
    PoseOptions pose;
    bool haveTime = false, haveBlendTime = false, haveWeight = false;
    double sampleRate = 60.0;  // convert: frames per second for channels that mix interpolation modes
    marrow::model::ExportProfile profile;  // convert: what the glTF stores the weights as
    bool profiled = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](const char* flag) -> const std::string* {
            if (i + 1 >= args.size())
                return nullptr;
            (void)flag;
            return &args[++i];
        };
        auto needNumber = [&](const char* flag, double& out, bool& seen) -> bool {
            const std::string* v = value(flag);
            if (!v || !parseNumber(v->c_str(), out))
                return false;
            seen = true;
            return true;
        };
        double weight = 0.0;
        std::string bad;
        if (takeRangeClip(args, i, rangeClips, bad)) {
            if (!bad.empty())
                return usageError(bad);
        } else if (a == "--clips-from") {
            const std::string* v = value("--clips-from");
            if (!v)
                return usageError("--clips-from needs a file");
            clipsFrom.push_back(*v);
        } else if (command == "convert" && a == "--sample-rate") {
            bool seen = false;
            if (!needNumber("--sample-rate", sampleRate, seen) || !(sampleRate > 0.0) || sampleRate > 10000.0)
                return usageError("--sample-rate needs frames per second, above 0");
        } else if (command == "convert" && a == "--max-influences") {
            const std::string* v = value("--max-influences");
            if (!v || (*v != "4" && *v != "8"))
                return usageError("--max-influences takes 4 or 8");
            profile.maxInfluences = *v == "4" ? 4 : 8;
            profiled = true;
        } else if (command == "convert" && a == "--weights") {
            const std::string* v = value("--weights");
            const auto storage = v ? marrow::model::weightStorageFromName(*v) : std::nullopt;
            if (!storage)
                return usageError("--weights takes float, u16 or u8");
            profile.weights = *storage;
            profiled = true;
        } else if (command == "pose" && a == "--clip") {
            const std::string* v = value("--clip");
            if (!v)
                return usageError("--clip needs a name or index");
            pose.clip = *v;
        } else if (command == "pose" && a == "--time") {
            if (!needNumber("--time", pose.time, haveTime))
                return usageError("--time needs a number of seconds");
        } else if (command == "pose" && a == "--transition") {
            const std::string* v = value("--transition");
            if (!v)
                return usageError("--transition needs a transition name");
            pose.transition = *v;
        } else if (command == "pose" && a == "--blend") {
            const std::string* v = value("--blend");
            if (!v)
                return usageError("--blend needs a clip name or index");
            pose.blendClip = *v;
        } else if (command == "pose" && a == "--blend-time") {
            if (!needNumber("--blend-time", pose.blendTime, haveBlendTime))
                return usageError("--blend-time needs a number of seconds");
        } else if (command == "pose" && a == "--weight") {
            if (!needNumber("--weight", weight, haveWeight))
                return usageError("--weight needs a number");
            pose.weight = static_cast<float>(weight);
        } else if (command == "pose" && a == "--skinning") {
            const std::string* v = value("--skinning");
            if (!v || (*v != "lbs" && *v != "dqs"))
                return usageError("--skinning takes lbs or dqs");
            pose.dualQuaternion = *v == "dqs";
        } else if (command == "pose" && a == "--joints") {
            const std::string* v = value("--joints");
            if (!v)
                return usageError("--joints needs a file");
            pose.joints = *v;
        } else if (command == "pose" && a == "--frames") {
            pose.frames = true;
        } else if (command == "pose" && a == "--fps") {
            bool seen = false;
            if (!needNumber("--fps", pose.fps, seen) || !(pose.fps > 0.0) || pose.fps > 1000.0)
                return usageError("--fps needs frames per second, above 0");
        } else if (command == "pose" && (a == "-o" || a == "--output")) {
            const std::string* v = value("-o");
            if (!v)
                return usageError("-o needs a file");
            pose.output = *v;
        } else if (a.size() > 1 && a[0] == '-') {
            return usageError("unknown option '" + a + "' for " + command);
        } else {
            positional.push_back(a);
        }
    }

    if (command == "info") {
        if (positional.size() != 1)
            return usageError("info takes one MODEL");
        return runInfo(positional[0], clipsFrom, rangeClips);
    }
    if (command == "convert") {
        if (positional.size() != 2)
            return usageError("convert takes IN and OUT");
        const std::string& out = positional[1];
        auto endsWith = [&](const char* ext) {
            const std::size_t n = std::strlen(ext);
            if (out.size() < n)
                return false;
            for (std::size_t i = 0; i < n; ++i)
                if (std::tolower(static_cast<unsigned char>(out[out.size() - n + i])) != ext[i])
                    return false;
            return true;
        };
        if (!endsWith(".gltf") && !endsWith(".glb") && !endsWith(".marrow"))
            return usageError("convert writes .gltf, .glb or .marrow, not '" + out + "'");
        if (profiled && endsWith(".marrow"))
            return usageError("--max-influences and --weights say how a glTF stores weights; a .marrow keeps them whole");
        return runConvert(positional[0], positional[1], clipsFrom, static_cast<float>(sampleRate),
                          profiled ? std::optional(profile) : std::nullopt, rangeClips);
    }
    if (positional.size() != 1)
        return usageError("pose takes one MODEL");
    if (pose.output.empty() && pose.joints.empty())
        return usageError("pose needs -o OUT.obj or --joints OUT.json");
    if (pose.frames && (pose.joints.empty() || haveTime || pose.blendClip || !pose.output.empty()))
        return usageError("--frames writes every frame's joints: it needs --joints and --clip or --transition, "
                          "and takes no --time, --blend or -o");
    if (pose.frames && !pose.clip && !pose.transition)
        return usageError("--frames needs --clip or --transition");
    if (pose.transition && (pose.clip || pose.blendClip))
        return usageError("--transition poses a saved transition: it takes no --clip or --blend");
    if (pose.blendClip && !pose.clip)
        return usageError("--blend needs --clip");
    if (!pose.blendClip && (haveBlendTime || haveWeight))
        return usageError("--blend-time and --weight need --blend");
    if (!pose.clip && !pose.transition && haveTime)
        return usageError("--time needs --clip or --transition");
    return runPose(positional[0], clipsFrom, pose, rangeClips);
}
