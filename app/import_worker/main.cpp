// SPDX-License-Identifier: MIT
// marrow-import-worker FILE: imports FILE through Assimp in this process and
// writes the encoded ImportResult (core/io/rig_codec.h) to stdout. Exits 0
// whenever it wrote a result, import errors included; a crash or a non-zero
// exit tells the caller that the importer itself failed.
#include "core/io/assimp_import.h"
#include "core/io/rig_codec.h"

#include <cerrno>
#include <cstdio>
#include <exception>
#include <unistd.h>

namespace {

// Writes all bytes to fd 1, retrying short writes and EINTR.
bool writeAll(const std::string& bytes)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(STDOUT_FILENO, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: marrow-import-worker FILE\n");
        return 2;
    }
    try {
        const marrow::io::ImportResult result = marrow::io::importWithAssimpInProcess(argv[1]);
        if (!writeAll(marrow::io::encodeImportResult(result))) {
            std::fprintf(stderr, "marrow-import-worker: cannot write the result\n");
            return 1;
        }
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "marrow-import-worker: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "marrow-import-worker: unknown failure\n");
    }
    return 1;
}
