// SPDX-License-Identifier: MIT
#pragma once
// Runs a command line through the shell and captures its exit code, stdout
// and stderr (via temporary files), for black-box tests of the executables.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace marrow::test {

struct ProcessResult {
    int exitCode = -1;   // -1 when killed by a signal
    int signal = 0;
    std::string out, err;
};

inline std::string shellQuote(const std::string& s)
{
    std::string q = "'";
    for (char c : s) {
        if (c == '\'')
            q.append("'\\''");
        else
            q.push_back(c);
    }
    q.push_back('\'');
    return q;
}

inline std::string slurp(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline ProcessResult runProcess(const std::vector<std::string>& argv)
{
    static int counter = 0;
    const auto dir = std::filesystem::temp_directory_path();
    const std::string tag = std::to_string(::getpid()) + "_" + std::to_string(counter++);
    const auto outPath = dir / ("marrow_test_out_" + tag), errPath = dir / ("marrow_test_err_" + tag);
    std::string cmd;
    for (const std::string& a : argv)
        cmd += shellQuote(a) + " ";
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on chained operator+ here.
    cmd.append(">").append(shellQuote(outPath.string()));
    cmd.append(" 2>").append(shellQuote(errPath.string()));
    cmd.append(" </dev/null");
    const int status = std::system(cmd.c_str());
    ProcessResult r;
    if (WIFEXITED(status))
        r.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        r.signal = WTERMSIG(status);
    r.out = slurp(outPath);
    r.err = slurp(errPath);
    std::filesystem::remove(outPath);
    std::filesystem::remove(errPath);
    return r;
}

} // namespace marrow::test
