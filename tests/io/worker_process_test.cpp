// SPDX-License-Identifier: MIT
// The worker process: found beside the caller or through MARROW_IMPORT_WORKER;
// a crash, a failure, a hang or garbage on its stdout becomes an error naming the file.
#include "core/io/assimp_import.h"
#include "core/io/worker_process.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace marrow::io {
namespace {

// Sets MARROW_IMPORT_WORKER for one test and restores it after.
class WorkerOverride {
public:
    explicit WorkerOverride(const std::string& path)
    {
        if (const char* old = std::getenv("MARROW_IMPORT_WORKER"))
            m_old = old;
        ::setenv("MARROW_IMPORT_WORKER", path.c_str(), 1);
    }
    ~WorkerOverride()
    {
        if (m_old.empty())
            ::unsetenv("MARROW_IMPORT_WORKER");
        else
            ::setenv("MARROW_IMPORT_WORKER", m_old.c_str(), 1);
    }

private:
    std::string m_old;
};

// Writes an executable shell script and returns its path.
std::string script(const std::string& name, const std::string& body)
{
    const auto dir = std::filesystem::temp_directory_path() / "marrow_worker_test";
    std::filesystem::create_directories(dir);
    const auto path = dir / name;
    std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path.string();
}

const std::string kModel = test::model("assimp/models/MD5/SimpleCube.md5mesh");

TEST(WorkerProcess, RealWorkerImports)
{
    WorkerOverride w((test::binDir() / "marrow-import-worker").string());
    const ImportResult r = importWithAssimp(kModel);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.rig, importWithAssimpInProcess(kModel).rig);
}

TEST(WorkerProcess, CrashIsReported)
{
    WorkerOverride w(script("segv.sh", "kill -SEGV $$"));
    const ImportResult r = importWithAssimp(kModel);
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.error, kModel + ": the Assimp importer crashed (signal 11)");
}

TEST(WorkerProcess, NonZeroExitIsReported)
{
    WorkerOverride w("/bin/false");
    const ImportResult r = importWithAssimp(kModel);
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.error.rfind(kModel + ": the Assimp importer failed (exit status 1)", 0), 0u) << r.error;
}

TEST(WorkerProcess, GarbageReplyIsReported)
{
    WorkerOverride w(script("garbage.sh", "echo this is not a rig"));
    const ImportResult r = importWithAssimp(kModel);
    ASSERT_FALSE(r.ok);
    EXPECT_NE(r.error.find("unreadable reply"), std::string::npos) << r.error;
    EXPECT_EQ(r.error.rfind(kModel + ": ", 0), 0u);
}

TEST(WorkerProcess, MissingWorkerIsReported)
{
    WorkerOverride w("/nonexistent/marrow-import-worker");
    const ImportResult r = importWithAssimp(kModel);
    ASSERT_FALSE(r.ok);
    EXPECT_NE(r.error.find("missing or not executable"), std::string::npos) << r.error;
}

TEST(WorkerProcess, HangIsStoppedAtTheTimeLimit)
{
    WorkerOverride w(script("hang.sh", "exec sleep 30"));
    WorkerOptions options;
    options.timeoutSeconds = 1;
    const ImportResult r = runImportWorker(kModel, options);
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.error, kModel + ": the Assimp importer took longer than 1 s and was stopped");
}

TEST(WorkerProcess, ImportErrorsTravelThroughTheWorker)
{
    WorkerOverride w((test::binDir() / "marrow-import-worker").string());
    const std::string path = test::model("hostile/md5_frame_count_mismatch.md5mesh");
    const ImportResult r = importWithAssimp(path);
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.error.rfind(path + ": ", 0), 0u) << r.error;
}

TEST(WorkerProcess, EmptyFileIsRejectedInProcess)
{
    const auto path = std::filesystem::temp_directory_path() / "marrow_empty_test.fbx";
    std::ofstream(path).close();
    const ImportResult r = importWithAssimpInProcess(path.string());
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.error, path.string() + ": the file is empty (0 bytes)");
}

} // namespace
} // namespace marrow::io
