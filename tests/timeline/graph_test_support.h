// SPDX-License-Identifier: MIT
#pragma once
// Shared by the graph view tests: public_rig's "stride" clip in a document,
// the workspace around it (selection, playback, evaluator, key selection)
// and a shown GraphView with its own time axis.
#include "timeline_test_support.h"

#include "core/anim/key_ops.h"
#include "core/commands/animation_edit.h"
#include "core/commands/set_rotation_mode_command.h"
#include "core/workspace/key_selection.h"
#include "widgets/timeline/graph/graph_view.h"

#include <QUndoCommand>
#include <QUndoStack>

namespace marrow::test {

struct GraphFixture {
    std::unique_ptr<doc::Document> document = openDocument("synthetic/public_rig.gltf");
    ws::Selection selection{document.get()};
    ws::Playback playback;
    ws::PoseEvaluator evaluator{document.get(), &playback, &selection};
    ws::KeySelection keys{document.get(), &selection};
    ui::GraphView view{document.get(), &selection, &playback, &keys, nullptr};

    explicit GraphFixture(QSize size = QSize(900, 420))
    {
        view.resize(size);
        view.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&view));
    }

    model::JointIndex joint(const char* name) const
    {
        const auto j = document->rig().skeleton.find(name);
        EXPECT_TRUE(j.has_value()) << "public_rig has no joint " << name;
        return j.value_or(-1);
    }

    // Activates "stride" (0.8 s, every joint keyed 9 times per channel) and selects `name`.
    model::JointIndex strideWith(const char* name)
    {
        const auto& clips = document->rig().clips;
        for (std::size_t i = 0; i < clips.size(); ++i)
            if (clips[i].name == "stride")
                selection.setActiveClip(static_cast<model::ClipId>(i));
        const model::JointIndex j = joint(name);
        selection.selectJoint(j);
        QApplication::processEvents();
        view.repaint();  // the first paint fits the values
        return j;
    }

    const anim::JointTrack& track(model::JointIndex j) const
    {
        const auto& clip = document->rig().clips.at(static_cast<std::size_t>(selection.activeClip()));
        const anim::JointTrack* t = clip.findTrack(j);
        EXPECT_NE(t, nullptr);
        static const anim::JointTrack none;
        return t ? *t : none;
    }

    // One undoable edit of a joint's translation channel (every key).
    template <class F>
    void editTranslation(model::JointIndex j, F&& f)
    {
        cmd::AnimationEdit edit(*document, selection.activeClip());
        f(edit.track(j)->translation);
        auto c = edit.command(document.get(), "test edit");
        ASSERT_TRUE(c);
        document->undoStack()->push(c.release());
        QApplication::processEvents();
    }

    // One undoable edit of a joint's rotation channel (every key).
    template <class F>
    void editRotation(model::JointIndex j, F&& f)
    {
        cmd::AnimationEdit edit(*document, selection.activeClip());
        f(edit.track(j)->rotation);
        // nullptr when the edit changed nothing (the channel was that way already).
        if (auto c = edit.command(document.get(), "test edit"))
            document->undoStack()->push(c.release());
        QApplication::processEvents();
    }

    // Switches a bone's rotation mode (its keys converted), one undo entry.
    void setRotationMode(model::JointIndex j, anim::RotationMode mode)
    {
        document->undoStack()->push(new cmd::SetRotationModeCommand(document.get(), j, mode));
        QApplication::processEvents();
        view.repaint();
    }

    // One undoable edit of an Euler bone's angle channel (radians).
    template <class F>
    void editEuler(model::JointIndex j, F&& f)
    {
        cmd::AnimationEdit edit(*document, selection.activeClip());
        f(edit.track(j)->euler);
        if (auto c = edit.command(document.get(), "test edit"))
            document->undoStack()->push(c.release());
        QApplication::processEvents();
    }

    // Shows only the joint's `kind` channel, framed: a rotation's unit
    // quaternion components sit apart from each other only on their own.
    void showOnly(model::JointIndex j, doc::ChannelKind kind)
    {
        for (const doc::ChannelKind k : {doc::ChannelKind::Translation, doc::ChannelKind::Rotation, doc::ChannelKind::Scale})
            view.setChannelShown(j, k, k == kind);
        view.frameAll();
        view.repaint();
    }

    // The index into view.curves() of a joint's channel component, or -1.
    int curveIndex(model::JointIndex j, doc::ChannelKind kind, int component) const
    {
        const auto& curves = view.curves();
        for (std::size_t i = 0; i < curves.size(); ++i)
            if (curves[i].joint == j && curves[i].kind == kind && curves[i].component == component)
                return static_cast<int>(i);
        return -1;
    }

    // A key of the joint's channel (any component) drawn at least `clearance`
    // pixels from every other key, so a click there can only mean it.
    std::pair<int, std::size_t> isolatedKey(model::JointIndex j, doc::ChannelKind kind, double clearance = 12.0) const
    {
        const auto& curves = view.curves();
        for (std::size_t c = 0; c < curves.size(); ++c) {
            if (curves[c].joint != j || curves[c].kind != kind)
                continue;
            for (std::size_t k = 1; k + 1 < curves[c].keys.size(); ++k) {
                const QPointF p = view.keyPosition(c, k);
                bool alone = true;
                for (std::size_t o = 0; o < curves.size() && alone; ++o)
                    for (std::size_t ok = 0; ok < curves[o].keys.size() && alone; ++ok)
                        if ((o != c || ok != k) && QLineF(p, view.keyPosition(o, ok)).length() < clearance)
                            alone = false;
                if (alone)
                    return {static_cast<int>(c), k};
            }
        }
        ADD_FAILURE() << "no isolated key";
        return {-1, 0};
    }

    QPoint keyPoint(int curve, std::size_t key) const
    {
        return view.keyPosition(static_cast<std::size_t>(curve), key).toPoint();
    }
};

inline std::vector<std::size_t> allKeys(std::size_t n)
{
    std::vector<std::size_t> v(n);
    for (std::size_t i = 0; i < n; ++i)
        v[i] = i;
    return v;
}

} // namespace marrow::test
