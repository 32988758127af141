// SPDX-License-Identifier: MIT
// Placeholder until the glTF writer lands (being written alongside).
#include "app/cli/cli_commands.h"

namespace marrow::cli {
int runConvert(const std::string& in, const std::string&, const std::vector<std::string>&)
{
    printError(in + ": convert is not available yet");
    return kExitBadInput;
}
} // namespace marrow::cli
