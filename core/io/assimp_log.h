// SPDX-License-Identifier: MIT
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace marrow::io {

// Collects what Assimp logs (errors, warnings and infos, where it mentions
// what it skipped on purpose) while it is alive, so the
// importer can tell "Assimp silently dropped an object" from a clean load.
// Installs Assimp's DefaultLogger for its lifetime and removes it after;
// Assimp's logger is process-global, so only one capture may exist at a time
// (the worker imports one file per process).
class AssimpLogCapture {
public:
    struct Lines {
        std::vector<std::string> errors;
        std::vector<std::string> warnings;
        std::vector<std::string> infos;
    };

    AssimpLogCapture();
    ~AssimpLogCapture();
    AssimpLogCapture(const AssimpLogCapture&) = delete;
    AssimpLogCapture& operator=(const AssimpLogCapture&) = delete;

    const std::vector<std::string>& errors() const { return m_lines->errors; }
    const std::vector<std::string>& warnings() const { return m_lines->warnings; }
    const std::vector<std::string>& infos() const { return m_lines->infos; }

private:
    std::shared_ptr<Lines> m_lines;
    bool m_installed = false;
};

} // namespace marrow::io
