// SPDX-License-Identifier: MIT
// Fuzz target: marrow-cli's argument parsers, which read no file. The input
// is the argument list, NUL-separated; its first byte picks the parser:
// weights (operation lists), transition (curve specs, ranges, numbers),
// --range-clip specs or a curve spec alone. A curve spec the parser accepts
// must read back the same from the spec it writes.
#include "app/cli/cli_transition_args.h"
#include "app/cli/cli_weights_args.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    std::vector<std::string> args;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t end = std::min(text.find('\0', start), text.size());
        args.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    namespace cli = marrow::cli;
    switch (data[0] % 4) {
    case 0: {
        cli::WeightsOptions o;
        (void)cli::parseWeightsArgs(args, o);
        break;
    }
    case 1: {
        cli::TransitionOptions o;
        (void)cli::parseTransitionArgs(args, o);
        break;
    }
    case 2: {
        std::string why;
        for (const std::string& a : args)
            (void)cli::parseRangeClip(a, why);
        break;
    }
    default:
        for (const std::string& a : args)
            if (const auto curve = marrow::anim::parseBlendCurve(a)) {
                const auto again = marrow::anim::parseBlendCurve(marrow::anim::blendCurveSpec(*curve));
                if (!again || marrow::anim::blendCurveSpec(*again) != marrow::anim::blendCurveSpec(*curve))
                    std::abort();  // the spec Marrow writes does not read back
            }
    }
    return 0;
}
