// SPDX-License-Identifier: MIT
// The soak test (issue 38, label soak, off by default): the editor plays,
// scrubs, paints and undoes on the painting sample for MARROW_SOAK_SECONDS
// (tools/soak.sh: 600) under Xvfb. Memory stays flat (resident size grows
// under 5 % from the end of the warm-up to the end), GL reports no error
// and Qt no warning. Without MARROW_SOAK_SECONDS the test is skipped.
#include "tests/paint/paint_fixture.h"

#include "core/workspace/playback.h"

#include <QOpenGLContext>
#include <QOpenGLFunctions>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <unistd.h>

using namespace marrow;

namespace {

double soakSeconds()
{
    const char* s = std::getenv("MARROW_SOAK_SECONDS");
    return s ? std::atof(s) : 0.0;
}

// Resident memory in MiB (/proc/self/statm: pages).
double residentMiB()
{
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

std::vector<std::string> g_warnings;

void recordWarnings(QtMsgType type, const QMessageLogContext&, const QString& message)
{
    if (type != QtDebugMsg && type != QtInfoMsg)
        g_warnings.push_back(message.toStdString());
}

class Soak : public test::PaintTest {
protected:
    void SetUp() override
    {
        if (soakSeconds() <= 0.0)
            GTEST_SKIP() << "set MARROW_SOAK_SECONDS (tools/soak.sh) to run the soak";
        PaintTest::SetUp();
    }
    void TearDown() override
    {
        if (soakSeconds() > 0.0)
            PaintTest::TearDown();
    }

    int glErrors()
    {
        viewport().makeCurrent();
        int errors = 0;
        if (QOpenGLContext* context = QOpenGLContext::currentContext())
            for (int i = 0; i < 32 && context->functions()->glGetError() != 0; ++i)
                ++errors;
        viewport().doneCurrent();
        return errors;
    }
};

} // namespace

TEST_F(Soak, PlaysScrubsPaintsAndUndoesWithFlatMemoryAndNoErrors)
{
    using Clock = std::chrono::steady_clock;
    const double seconds = soakSeconds();
    const auto start = Clock::now();
    const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    const double warmUp = std::min(60.0, 0.2 * seconds);
    g_warnings.clear();
    const QtMessageHandler previous = qInstallMessageHandler(recordWarnings);

    std::mt19937 random(38);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    paintMode("upperarm_L", 24.f);
    int cycles = 0, strokes = 0, undos = 0, errors = 0;
    double warm = 0.0, peak = 0.0;
    while (elapsed() < seconds) {
        // Play a little, forwards then backwards, as Space and Shift+Ctrl+Space do.
        window().playback().play();
        QTest::qWait(200);
        window().playback().playReversed();
        QTest::qWait(100);
        window().playback().pause();
        // Scrub: the time jumps as a dragged playhead's does.
        for (int k = 0; k < 20; ++k) {
            window().playback().setTime(unit(random) * window().playback().duration());
            QApplication::processEvents();
        }
        // Paint a stroke along the arm, from a slightly different place each time.
        settle();
        const QPointF a = toScreen(jointWorld("upperarm_L")), b = toScreen(jointWorld("forearm_L"));
        const double from = 0.2 + 0.2 * unit(random);
        drag(line(a + (b - a) * from, a + (b - a) * (from + 0.4), 12));
        ++strokes;
        // Every fifth cycle, undo the strokes painted since.
        if (++cycles % 5 == 0)
            while (document().undoStack()->canUndo()) {
                document().undoStack()->undo();
                ++undos;
                QApplication::processEvents();
            }
        errors += glErrors();
        const double rss = residentMiB();
        peak = std::max(peak, rss);
        if (warm == 0.0 && elapsed() >= warmUp)
            warm = rss;
    }
    qInstallMessageHandler(previous);
    const double end = residentMiB();
    std::printf("soak: %.0f s, %d cycles, %d strokes, %d undos; resident %.1f MiB after the %.0f s warm-up, "
                "%.1f MiB at the end (%+.2f %%), peak %.1f MiB; %d GL errors, %zu Qt warnings\n",
                elapsed(), cycles, strokes, undos, warm, warmUp, end, 100.0 * (end - warm) / warm, peak, errors,
                g_warnings.size());
    for (std::size_t i = 0; i < g_warnings.size() && i < 5; ++i)
        std::printf("  Qt: %s\n", g_warnings[i].c_str());
    EXPECT_GT(strokes, 0);
    ASSERT_GT(warm, 0.0) << "the run ended before its warm-up";
    EXPECT_LT(end, warm * 1.05) << "resident memory grew 5 % or more after the warm-up";
    EXPECT_EQ(errors, 0) << "GL errors";
    EXPECT_TRUE(g_warnings.empty()) << g_warnings.front();
}
