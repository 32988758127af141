// SPDX-License-Identifier: MIT
// A new user's first session: every shared model opened one after another in
// one editor (hostile ones included), with and without unsaved edits, then
// the bundled sample again. Each swap must leave the bone tree consistent
// with the rig (QAbstractItemModelTester watches the whole time) and never
// crash, and a failed open must keep the document that was open.
#include "app/editor/document_controller.h"
#include "core/commands/rename_joint_command.h"
#include "core/document/document.h"
#include "core/io/rig_codec.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "every_model.h"
#include "widgets/bone_tree/bone_tree_view.h"

#include <QAbstractItemModelTester>
#include <QMessageBox>

#include <algorithm>
#include <filesystem>
#include <set>

namespace marrow::test {
namespace {

// Warnings QAbstractItemModelTester logs (category qt.modeltest) while installed.
QStringList* g_modelWarnings = nullptr;
QtMessageHandler g_previousHandler = nullptr;

void collectModelWarnings(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (g_modelWarnings && context.category && QByteArray(context.category).startsWith("qt.modeltest") &&
        type >= QtWarningMsg)
        g_modelWarnings->push_back(message);
    if (g_previousHandler)
        g_previousHandler(type, context, message);
}

class OpenEveryModelTest : public EditorTest {
protected:
    void SetUp() override
    {
        EditorTest::SetUp();
        g_modelWarnings = &m_modelWarnings;
        g_previousHandler = qInstallMessageHandler(collectModelWarnings);
        m_tester = std::make_unique<QAbstractItemModelTester>(window().boneTree().model(),
                                                              QAbstractItemModelTester::FailureReportingMode::Warning);
        // "Save changes?" is answered Discard, as a user trying files out would.
        window().files().setSaveQuestion([] { return int(QMessageBox::Discard); });
    }
    void TearDown() override
    {
        m_tester.reset();
        qInstallMessageHandler(g_previousHandler);
        g_modelWarnings = nullptr;
        EditorTest::TearDown();
    }

    // Opens `path` and lets the window repaint; true when the document holds it.
    bool openAndShow(const std::string& path)
    {
        const bool ok = window().openFile(QString::fromStdString(path));
        if (QWidget* dialog = window().files().errorDialog())
            dialog->close();
        QApplication::processEvents();
        return ok;
    }

    // An unsaved edit, so the next open goes through the Discard path.
    void editSomething()
    {
        doc::Document& document = window().document();
        if (document.rig().skeleton.size() == 0)
            return;
        document.undoStack()->push(new cmd::RenameJointCommand(&document, 0, "renamed_root"));
        ASSERT_TRUE(document.isModified());
    }

    QStringList m_modelWarnings;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

TEST_F(OpenEveryModelTest, EveryModelThenAHostileFileThenTheSampleAgain)
{
    const std::vector<std::string> files = everyModelFile();
    ASSERT_GE(files.size(), 25u) << "shared models missing";
    int opened = 0;
    for (const std::string& path : files) {
        SCOPED_TRACE(path);
        const std::string before = io::encodeRig(window().document().rig());
        if (openAndShow(path)) {
            ++opened;
            // The tree shows the new rig: one row per joint, the roots first.
            EXPECT_EQ(window().boneTree().model()->rowCount() > 0, window().document().rig().skeleton.size() > 0);
            // Select a deep joint and make an unsaved edit, so the next swap
            // replaces a rig with a selection, marks and a modified stack.
            const auto n = static_cast<model::JointIndex>(window().document().rig().skeleton.size());
            if (n > 0)
                window().selection().selectJoint(n - 1);
            editSomething();
            QApplication::processEvents();
        } else {
            // A failed open keeps the document that was open, byte for byte.
            EXPECT_EQ(io::encodeRig(window().document().rig()), before);
            EXPECT_FALSE(window().files().lastError().isEmpty());
        }
        EXPECT_TRUE(m_modelWarnings.isEmpty()) << m_modelWarnings.join(QStringLiteral("\n")).toStdString();
        m_modelWarnings.clear();
    }
    EXPECT_GE(opened, 20) << "most shared models should open";

    const std::string before = io::encodeRig(window().document().rig());
    EXPECT_FALSE(openAndShow(model("hostile/node_cycle.gltf")));
    EXPECT_TRUE(window().files().lastError().contains(QStringLiteral("node_cycle.gltf")));
    EXPECT_EQ(io::encodeRig(window().document().rig()), before);

    ASSERT_TRUE(openAndShow(app::bundledSamplePath().toStdString()));
    EXPECT_TRUE(window().document().rig().skeleton.find("upperarm_L").has_value());
    EXPECT_FALSE(window().document().isModified());
    EXPECT_TRUE(m_modelWarnings.isEmpty()) << m_modelWarnings.join(QStringLiteral("\n")).toStdString();
}

// The reported crash: a Collada rig with clips, then anything else.
TEST_F(OpenEveryModelTest, ColladaRigsWithClipsThenAnotherFile)
{
    for (const char* first : {"ozz-animation/collada/astro_max.dae", "ozz-animation/collada/seymour.dae"}) {
        SCOPED_TRACE(first);
        ASSERT_TRUE(openAndShow(model(first)));
        window().selection().selectJoint(1);
        editSomething();
        ASSERT_TRUE(openAndShow(model("ozz-animation/gltf/khronos/cesium_man.gltf")));
        ASSERT_TRUE(openAndShow(model(first)));
        ASSERT_TRUE(openAndShow(app::bundledSamplePath().toStdString()));
    }
    EXPECT_TRUE(m_modelWarnings.isEmpty()) << m_modelWarnings.join(QStringLiteral("\n")).toStdString();
}

} // namespace
} // namespace marrow::test
