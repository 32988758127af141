// SPDX-License-Identifier: MIT
#pragma once
// Runs `marrow-cli pose` for tests that compare poses as flat lists of OBJ
// vertex coordinates (x, y, z, x, y, z...), and prints times with every digit.
#include "run_process.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace marrow::test {

inline std::string cliExecutable()
{
    return (binDir() / "marrow-cli").string();
}

// A file in a scratch folder of the temporary directory (created).
inline std::filesystem::path scratchFile(const std::string& folder, const std::string& name)
{
    const auto dir = std::filesystem::temp_directory_path() / folder;
    std::filesystem::create_directories(dir);
    return dir / name;
}

inline std::vector<float> objCoordinates(const std::filesystem::path& path)
{
    std::ifstream in(path);
    std::vector<float> out;
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("v ", 0) == 0) {
            std::istringstream s(line.substr(2));
            float x = 0, y = 0, z = 0;
            s >> x >> y >> z;
            out.insert(out.end(), {x, y, z});
        }
    return out;
}

// `marrow-cli pose ARGS -o <scratch>.obj`; expects exit 0.
inline std::vector<float> cliPose(const std::vector<std::string>& args, const std::string& folder)
{
    const auto obj = scratchFile(folder, "pose.obj");
    std::filesystem::remove(obj);
    std::vector<std::string> all{cliExecutable(), "pose"};
    all.insert(all.end(), args.begin(), args.end());
    all.insert(all.end(), {"-o", obj.string()});
    const ProcessResult r = runProcess(all);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return objCoordinates(obj);
}

inline std::string fullPrecision(double t)
{
    std::ostringstream s;
    s.precision(17);
    s << t;
    return s.str();
}

} // namespace marrow::test
