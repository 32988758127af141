// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/import_result.h"

#include <string>

namespace marrow::io {

// How runImportWorker runs the worker.
struct WorkerOptions {
    int timeoutSeconds = 120;                      // wall-clock limit; the worker is killed after it
    unsigned long long memoryLimitBytes = 8ull << 30;  // RLIMIT_AS of the worker; 0 for no limit
    std::size_t maxReplyBytes = 4ull << 30;        // larger replies are treated as a broken worker
};

// Path of marrow-import-worker: $MARROW_IMPORT_WORKER when set, otherwise the
// file of that name beside the running executable (/proc/self/exe).
std::string importWorkerPath();

// Runs `marrow-import-worker FILE` in a child process (fork then exec at
// once, so it is safe from a multi-threaded caller), reads its encoded
// ImportResult from a pipe, waits for it, and turns a crash (signal), a
// non-zero exit, a timeout or an undecodable reply into an error naming the
// file. Never throws.
ImportResult runImportWorker(const std::string& path, const WorkerOptions& options);

} // namespace marrow::io
