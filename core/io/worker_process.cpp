// SPDX-License-Identifier: MIT
#include "core/io/worker_process.h"
#include "core/io/rig_codec.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <filesystem>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace marrow::io {

namespace {

// Closes a file descriptor once.
class Fd {
public:
    explicit Fd(int fd = -1) : m_fd(fd) {}
    ~Fd() { reset(); }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return m_fd; }
    void reset(int fd = -1)
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = fd;
    }

private:
    int m_fd;
};

// What the child wrote and how it ended.
struct ChildOutcome {
    std::string out, err;
    int status = 0;
    bool timedOut = false, tooLarge = false;
    std::string systemError;  // set when pipe, fork or poll failed
};

// Only async-signal-safe calls between fork and exec: the caller may have threads.
[[noreturn]] void execChild(int outFd, int errFd, int nullFd, const char* worker, char* const* argv,
                            unsigned long long memoryLimit)
{
    if (::dup2(nullFd, STDIN_FILENO) < 0 || ::dup2(outFd, STDOUT_FILENO) < 0 || ::dup2(errFd, STDERR_FILENO) < 0)
        ::_exit(126);
#ifdef __SANITIZE_ADDRESS__
    // AddressSanitizer reserves terabytes of shadow address space at start-up,
    // which any RLIMIT_AS would refuse; sanitizer builds run the worker unlimited.
    memoryLimit = 0;
#endif
    if (memoryLimit > 0) {
        struct rlimit limit {};
        limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(memoryLimit);
        ::setrlimit(RLIMIT_AS, &limit);
    }
    // Default signal dispositions, so the parent's SIGPIPE ignore does not leak in.
    ::signal(SIGPIPE, SIG_DFL);
    ::execv(worker, argv);
    ::_exit(127);
}

void waitChild(pid_t pid, int& status)
{
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
}

ChildOutcome runChild(const std::string& worker, const std::string& file, const WorkerOptions& options)
{
    ChildOutcome outcome;
    int outPipe[2], errPipe[2];
    if (::pipe2(outPipe, O_CLOEXEC) != 0) {
        outcome.systemError = std::string("cannot create a pipe: ") + std::strerror(errno);
        return outcome;
    }
    Fd outRead(outPipe[0]), outWrite(outPipe[1]);
    if (::pipe2(errPipe, O_CLOEXEC) != 0) {
        outcome.systemError = std::string("cannot create a pipe: ") + std::strerror(errno);
        return outcome;
    }
    Fd errRead(errPipe[0]), errWrite(errPipe[1]);
    Fd devNull(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    if (devNull.get() < 0) {
        outcome.systemError = std::string("cannot open /dev/null: ") + std::strerror(errno);
        return outcome;
    }
    // Everything the child needs is prepared before fork: it must not allocate.
    std::string arg0 = worker, arg1 = file;
    char* argv[] = {arg0.data(), arg1.data(), nullptr};
    const pid_t pid = ::fork();
    if (pid < 0) {
        outcome.systemError = std::string("cannot start the import worker: ") + std::strerror(errno);
        return outcome;
    }
    if (pid == 0)
        execChild(outWrite.get(), errWrite.get(), devNull.get(), arg0.c_str(), argv, options.memoryLimitBytes);
    outWrite.reset();
    errWrite.reset();

    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(options.timeoutSeconds);
    bool outOpen = true, errOpen = true;
    char buffer[65536];
    while (outOpen || errOpen) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            outcome.timedOut = true;
            break;
        }
        pollfd fds[2] = {{outOpen ? outRead.get() : -1, POLLIN, 0}, {errOpen ? errRead.get() : -1, POLLIN, 0}};
        const int ready = ::poll(fds, 2, static_cast<int>(std::min<long long>(left.count(), 1000)));
        if (ready < 0) {
            if (errno == EINTR)
                continue;
            outcome.systemError = std::string("poll failed: ") + std::strerror(errno);
            break;
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0)
                continue;
            const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
            if (n < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (n <= 0) {
                (i == 0 ? outOpen : errOpen) = false;
                continue;
            }
            if (i == 0) {
                if (outcome.out.size() + static_cast<std::size_t>(n) > options.maxReplyBytes) {
                    outcome.tooLarge = true;
                    outOpen = errOpen = false;
                    break;
                }
                outcome.out.append(buffer, static_cast<std::size_t>(n));
            } else if (outcome.err.size() < 4096) {
                outcome.err.append(buffer, static_cast<std::size_t>(n));
            }
        }
    }
    if (outcome.timedOut || outcome.tooLarge || !outcome.systemError.empty())
        ::kill(pid, SIGKILL);
    waitChild(pid, outcome.status);
    return outcome;
}

// The last non-empty line the worker wrote to stderr, for context.
std::string lastLine(const std::string& text)
{
    std::size_t end = text.find_last_not_of("\r\n \t");
    if (end == std::string::npos)
        return {};
    const std::size_t start = text.find_last_of('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

} // namespace

std::string importWorkerPath()
{
    if (const char* env = std::getenv("MARROW_IMPORT_WORKER"); env && *env)
        return env;
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec)
        return "marrow-import-worker";
    return (self.parent_path() / "marrow-import-worker").string();
}

ImportResult runImportWorker(const std::string& path, const WorkerOptions& options)
{
    try {
        const std::string worker = importWorkerPath();
        if (::access(worker.c_str(), X_OK) != 0)
            return ImportResult::failure(path + ": the Assimp import worker " + worker + " is missing or not executable");
        const ChildOutcome c = runChild(worker, path, options);
        if (!c.systemError.empty())
            return ImportResult::failure(path + ": " + c.systemError);
        if (c.timedOut)
            return ImportResult::failure(path + ": the Assimp importer took longer than " +
                                         std::to_string(options.timeoutSeconds) + " s and was stopped");
        if (c.tooLarge)
            return ImportResult::failure(path + ": the Assimp importer's reply was too large");
        if (WIFSIGNALED(c.status)) {
            const int sig = WTERMSIG(c.status);
            std::string what = "crashed (signal " + std::to_string(sig) + ")";
            if (sig == SIGKILL)
                what = "was killed (signal 9; out of memory?)";
            return ImportResult::failure(path + ": the Assimp importer " + what);
        }
        if (!WIFEXITED(c.status) || WEXITSTATUS(c.status) != 0) {
            const int code = WIFEXITED(c.status) ? WEXITSTATUS(c.status) : -1;
            std::string msg = path + ": the Assimp importer failed (exit status " + std::to_string(code) + ")";
            if (code == 127)
                msg = path + ": the Assimp import worker " + worker + " could not be started";
            if (const std::string line = lastLine(c.err); !line.empty())
                msg += ": " + line;
            return ImportResult::failure(msg);
        }
        ImportResult result;
        std::string error;
        if (!decodeImportResult(c.out, result, error))
            return ImportResult::failure(path + ": the Assimp importer sent an unreadable reply (" + error + ")");
        return result;
    } catch (const std::bad_alloc&) {
        return ImportResult::failure(path + ": out of memory while reading the Assimp importer's reply");
    } catch (const std::exception& e) {
        return ImportResult::failure(path + ": " + e.what());
    } catch (...) {
        return ImportResult::failure(path + ": the Assimp import worker failed");
    }
}

} // namespace marrow::io
