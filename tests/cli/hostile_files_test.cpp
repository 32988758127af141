// SPDX-License-Identifier: MIT
// The hostile-file contract (../shared/models/hostile/manifest.json): for every
// file, `marrow-cli info` and `marrow-cli pose` end as the manifest says:
// reject = exit 3 with one stderr line naming the file and the problem;
// load-with-warning = exit 0 with a warning about the named subject; load = exit 0.
// Never a crash, and never a non-finite number in a written OBJ.
#include "run_process.h"
#include "shared_models.h"
#include "test_names.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

namespace marrow {
namespace {

struct HostileCase {
    std::string file, expected, warning, alsoAcceptable;
};

std::vector<HostileCase> loadHostile()
{
    std::ifstream in(test::sharedModels() / "hostile" / "manifest.json");
    const auto m = nlohmann::json::parse(in);
    std::vector<HostileCase> cases;
    for (const auto& f : m.at("files"))
        cases.push_back({f.at("file"), f.at("expected"), f.value("warning", ""), f.value("also_acceptable", "")});
    return cases;
}

int lineCount(const std::string& s)
{
    int n = 0;
    for (char c : s)
        n += c == '\n';
    return n;
}

bool objIsFinite(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("v ", 0) != 0)
            continue;
        std::istringstream s(line.substr(2));
        std::string tok;
        while (s >> tok) {
            const double v = std::strtod(tok.c_str(), nullptr);
            if (!std::isfinite(v))
                return false;
        }
    }
    return true;
}

class HostileFile : public ::testing::TestWithParam<HostileCase> {};

void checkOutcome(const HostileCase& c, const test::ProcessResult& r, const std::string& verb)
{
    ASSERT_EQ(r.signal, 0) << verb << " " << c.file << " crashed";
    const std::string subject = c.warning.substr(0, c.warning.find(':'));
    if (c.expected == "reject") {
        const bool rejected = r.exitCode == 3;
        const bool warnedInstead = r.exitCode == 0 && c.alsoAcceptable.rfind("load-with-warning", 0) == 0 &&
                                   r.err.find("warning") != std::string::npos;
        ASSERT_TRUE(rejected || warnedInstead) << verb << " " << c.file << " exit " << r.exitCode << "\n" << r.err;
        if (rejected) {
            EXPECT_EQ(lineCount(r.err), 1) << r.err;
            EXPECT_EQ(r.err.rfind("marrow-cli: error: ", 0), 0u) << r.err;
            EXPECT_NE(r.err.find(c.file), std::string::npos) << "the message must name the file: " << r.err;
            EXPECT_GT(r.err.size(), std::string("marrow-cli: error: ").size() + c.file.size() + 10) << "and the problem";
        }
    } else if (c.expected == "load-with-warning") {
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_NE(r.err.find("marrow-cli: warning: "), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(subject), std::string::npos) << "warning about '" << subject << "' expected:\n" << r.err;
    } else {
        EXPECT_EQ(r.exitCode, 0) << r.err;
    }
}

TEST_P(HostileFile, InfoEndsAsTheManifestSays)
{
    const HostileCase& c = GetParam();
    const auto path = (test::sharedModels() / "hostile" / c.file).string();
    checkOutcome(c, test::runProcess({(test::binDir() / "marrow-cli").string(), "info", path}), "info");
}

TEST_P(HostileFile, PoseEndsAsTheManifestSaysWithFiniteOutput)
{
    const HostileCase& c = GetParam();
    const auto path = (test::sharedModels() / "hostile" / c.file).string();
    const auto out = std::filesystem::temp_directory_path() / ("marrow_hostile_" + std::to_string(::getpid()) + ".obj");
    std::filesystem::remove(out);
    const auto r = test::runProcess({(test::binDir() / "marrow-cli").string(), "pose", path, "-o", out.string()});
    checkOutcome(c, r, "pose");
    if (r.exitCode == 0) {
        EXPECT_TRUE(objIsFinite(out.string())) << c.file;
    } else {
        EXPECT_FALSE(std::filesystem::exists(out)) << "a rejected file must not leave an output";
    }
    std::filesystem::remove(out);
}

std::string caseName(const ::testing::TestParamInfo<HostileCase>& info)
{
    return test::testName(info.param.file);
}

INSTANTIATE_TEST_SUITE_P(Manifest, HostileFile, ::testing::ValuesIn(loadHostile()), caseName);

} // namespace
} // namespace marrow
