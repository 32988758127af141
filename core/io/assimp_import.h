// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/import_result.h"

#include <string>

namespace marrow::io {

// Imports through Assimp in a child process (marrow-import-worker), which
// sends the finished rig back over a pipe. A crash, hang (time limit) or
// runaway allocation (memory limit) there becomes an error here.
ImportResult importWithAssimp(const std::string& path);

// The same import in this process; only the worker calls it. Validates what
// Assimp hands over and repairs its known pitfalls, each repair a warning.
ImportResult importWithAssimpInProcess(const std::string& path);

} // namespace marrow::io
