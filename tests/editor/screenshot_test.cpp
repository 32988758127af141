// SPDX-License-Identifier: MIT
// `marrow --screenshot` as scripts and docs use it: a real process on the
// bundled sample, its PNG checked for size and content, and bad requests
// refused with exit code 2 and a message naming the problem.
#include "run_process.h"

#include <QColor>
#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>
#include "shared_models.h"

namespace marrow::test {
namespace {

const std::string kMarrow = (marrow::test::binDir() / "marrow").string();
// The stride clip lives in the first sample (the editor opens the character by default).
const std::string kRig = MARROW_SHARED_MODELS_DIR "/synthetic/public_rig.gltf";

TEST(Screenshot, RendersTheBundledSampleAtTheRequestedSize)
{
    QTemporaryDir dir;
    const std::string out = dir.filePath(QStringLiteral("shot.png")).toStdString();
    const ProcessResult r =
        runProcess({kMarrow, "--screenshot", out, kRig, "--clip", "stride", "--time", "0.4", "--size", "320x240"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const QImage image(QString::fromStdString(out));
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(320, 240));
    // The model is drawn: many distinct colours, not a cleared frame.
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            colours.insert(image.pixel(x, y));
    EXPECT_GT(colours.size(), 50u);
}

TEST(Screenshot, DifferentTimesGiveDifferentPoses)
{
    QTemporaryDir dir;
    const std::string a = dir.filePath(QStringLiteral("a.png")).toStdString();
    const std::string b = dir.filePath(QStringLiteral("b.png")).toStdString();
    ASSERT_EQ(runProcess({kMarrow, "--screenshot", a, kRig, "--clip", "stride", "--time", "0.1", "--size", "200x150"}).exitCode, 0);
    ASSERT_EQ(runProcess({kMarrow, "--screenshot", b, kRig, "--clip", "stride", "--time", "0.5", "--size", "200x150"}).exitCode, 0);
    EXPECT_NE(QImage(QString::fromStdString(a)), QImage(QString::fromStdString(b)));
}

TEST(Screenshot, SkinningOptionPicksTheMethod)
{
    // The scaled spine of stride@0.7: the torso blends differently under DQS,
    // so a --skinning that changed nothing would give identical images.
    QTemporaryDir dir;
    const std::string lbs = dir.filePath(QStringLiteral("lbs.png")).toStdString();
    const std::string dqs = dir.filePath(QStringLiteral("dqs.png")).toStdString();
    const std::vector<std::string> pose = {kRig, "--clip", "stride", "--time", "0.7", "--size", "200x150", "--skinning"};
    std::vector<std::string> a = {kMarrow, "--screenshot", lbs}, b = {kMarrow, "--screenshot", dqs};
    a.insert(a.end(), pose.begin(), pose.end());
    b.insert(b.end(), pose.begin(), pose.end());
    a.push_back("lbs");
    b.push_back("dqs");
    ASSERT_EQ(runProcess(a).exitCode, 0);
    ASSERT_EQ(runProcess(b).exitCode, 0);
    const QImage lbsImage(QString::fromStdString(lbs)), dqsImage(QString::fromStdString(dqs));
    EXPECT_EQ(dqsImage.size(), QSize(200, 150));
    EXPECT_NE(lbsImage, dqsImage);
}

TEST(Screenshot, BadRequestsExitWith2AndSayWhy)
{
    QTemporaryDir dir;
    const std::string out = dir.filePath(QStringLiteral("x.png")).toStdString();
    ProcessResult r = runProcess({kMarrow, "--screenshot", out, "--clip", "no_such_clip"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("no clip named 'no_such_clip'"), std::string::npos) << r.err;
    r = runProcess({kMarrow, "--screenshot", out, "--size", "12xabc"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--size"), std::string::npos) << r.err;
    r = runProcess({kMarrow, "--screenshot", out, "--skinning", "quaternions"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--skinning wants lbs or dqs, got 'quaternions'"), std::string::npos) << r.err;
    r = runProcess({kMarrow, "--screenshot", out, MARROW_SHARED_MODELS_DIR "/hostile/empty_0_bytes.glb"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("empty_0_bytes.glb"), std::string::npos) << r.err;
}

} // namespace
} // namespace marrow::test
