// SPDX-License-Identifier: MIT
#include "core/io/atomic_write.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace marrow::io {

namespace {

namespace fs = std::filesystem;

std::string failure(const std::string& path, const std::string& what, int error)
{
    return path + ": " + what + " (" + std::strerror(error) + ")";
}

// Closes and unlinks the temporary unless released, so every early return cleans up.
struct TempFile {
    int fd = -1;
    std::string name;
    ~TempFile()
    {
        if (fd >= 0)
            ::close(fd);
        if (!name.empty())
            ::unlink(name.c_str());
    }
};

} // namespace

std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view bytes)
{
    if (path.empty())
        return std::string("(empty path): no file name to write");
    const fs::path target(path);
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");

    TempFile temp;
    // mkstemp picks a unique name, so concurrent writers never share a temporary.
    // Built by append: GCC 12 warns falsely (-Wrestrict) on "." + name + suffix at -O3.
    std::string name(".");
    name.append(target.filename().string()).append(".tmp-XXXXXX");
    std::string pattern = (folder / name).string();
    temp.fd = ::mkstemp(pattern.data());
    if (temp.fd < 0)
        return failure(path, "cannot create a temporary file in " + folder.string(), errno);
    temp.name = pattern;

    // mkstemp creates 0600; give the file the permissions a plain create would (0666 & ~umask).
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(temp.fd, static_cast<mode_t>(0666 & ~mask));

    const char* data = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(temp.fd, data, left);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return failure(path, "cannot write", errno);
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    // Flush before the rename: otherwise a crash could leave the new name on empty data.
    if (::fsync(temp.fd) != 0)
        return failure(path, "cannot flush", errno);
    const int fd = temp.fd;
    temp.fd = -1;
    if (::close(fd) != 0)
        return failure(path, "cannot close", errno);
    if (::rename(temp.name.c_str(), path.c_str()) != 0)
        return failure(path, "cannot replace the file", errno);
    temp.name.clear();  // renamed: nothing left to remove
    // Make the rename itself durable; a folder that cannot be synced is not an error.
    if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY); dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return std::nullopt;
}

} // namespace marrow::io
