// SPDX-License-Identifier: MIT
// The dock's fields read blank with no transition chosen (not the last one's
// values), and a chosen transition's zero exit reads "0.000 s", not blank.
// A greyed Sync says in its tooltip which clip must cycle.
#include "tiny_rigs.h"
#include "widgets/transitions/transition_fields.h"

#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>

using namespace marrow;

TEST(TransitionFields, NoTransitionReadsBlankAndAZeroExitReadsZero)
{
    const model::Rig rig = test::fourVertexSkinRig();  // clips "bend" and "lift"
    ui::TransitionFields fields;
    model::Transition t;
    t.name = "bend_to_lift";
    t.clipA = 0;
    t.clipB = 1;
    t.exit = 0.0;
    t.duration = 0.5;
    fields.setTransition(&t, rig, 30.0);
    EXPECT_EQ(fields.durationBox()->text(), "0.500 s");
    EXPECT_EQ(fields.clipB()->currentText(), QString::fromStdString(rig.clips[1].name));
    EXPECT_TRUE(fields.isEnabled());

    fields.setTransition(nullptr, rig, 30.0);
    EXPECT_EQ(fields.durationBox()->text(), "—");
    EXPECT_EQ(fields.clipB()->currentIndex(), -1);
    EXPECT_FALSE(fields.isEnabled());

    fields.setTransition(&t, rig, 30.0);  // exit 0 is a value, not "none"
    const auto boxes = fields.findChildren<QDoubleSpinBox*>();
    ASSERT_FALSE(boxes.empty());
    EXPECT_EQ(boxes.front()->text(), "0.000 s");  // the exit, the first one made
}

// Issue 37: Sync greyed without a reason. Its tooltip says which clip must cycle.
TEST(TransitionFields, AGreyedSyncSaysWhichClipMustCycle)
{
    const model::Rig rig = test::fourVertexSkinRig();
    ui::TransitionFields fields;
    QCheckBox* sync = nullptr;
    for (QCheckBox* box : fields.findChildren<QCheckBox*>())
        sync = box->text() == "Sync" ? box : sync;
    ASSERT_TRUE(sync);
    model::Transition t;
    t.clipA = 0;
    t.clipB = 1;
    t.cycleA = true;
    fields.setTransition(&t, rig, 30.0);
    EXPECT_FALSE(sync->isEnabled());
    EXPECT_TRUE(sync->toolTip().contains("Cycle B")) << sync->toolTip().toStdString();
    t.cycleA = false;
    fields.setTransition(&t, rig, 30.0);
    EXPECT_TRUE(sync->toolTip().contains("Cycle A") && sync->toolTip().contains("Cycle B"));
    t.cycleA = t.cycleB = true;
    fields.setTransition(&t, rig, 30.0);
    EXPECT_TRUE(sync->isEnabled());
    EXPECT_FALSE(sync->toolTip().contains("needs"));
}
