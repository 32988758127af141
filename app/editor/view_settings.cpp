// SPDX-License-Identifier: MIT
#include "app/editor/view_settings.h"

#include "app/editor/bone_display_menu.h"
#include "app/editor/main_window.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/transition_preview.h"
#include "widgets/preferences/settings_readers.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/transitions/transitions_panel.h"

#include <QComboBox>
#include <QSettings>
#include <QStringList>

namespace marrow::app {
namespace {

namespace readers = ui::settings_readers;

// Enums are stored by name, so a reordered enum cannot reinterpret an old
// file; each list is in its enum's order.
const QStringList kBrushModes{"mix", "add", "subtract", "multiply", "smooth", "sample"};
const QStringList kFalloffs{"smooth", "sphere", "root", "sharp", "linear", "constant"};
const QStringList kShapes{"sphere", "projected"};
const QStringList kMirrorPlanes{"fitJoints", "x", "y", "z", "auto"};
const QStringList kBakeRanges{"whole", "blend"};
// The timeline's editors, in the selector's order (Transition is not kept:
// it previews a document's transition).
const QStringList kTimelineViews{"dopeSheet", "graph"};
constexpr auto kLastEditor = "marrowLastEditor";  // the selector's last Dope Sheet / Graph choice

template <class Enum>
Enum readEnum(const QSettings& settings, const char* key, const QStringList& names, Enum fallback)
{
    return static_cast<Enum>(readers::readChoice(settings, key, names, static_cast<int>(fallback)));
}

template <class Enum>
QString nameOf(const QStringList& names, Enum value)
{
    return names.value(static_cast<int>(value));
}

float readFloat(const QSettings& settings, const char* key, float fallback, float low, float high)
{
    return static_cast<float>(readers::readDouble(settings, key, fallback, low, high, 3));
}

void loadBrush(const QSettings& settings, ws::BrushState& brush)
{
    skin::BrushSettings s = brush.settings();
    s.mode = readEnum(settings, "brush/mode", kBrushModes, s.mode);
    s.weight = readFloat(settings, "brush/weight", s.weight, 0.f, 1.f);
    s.radius = readFloat(settings, "brush/radius", s.radius, ws::BrushState::kMinRadius, ws::BrushState::kMaxRadius);
    s.strength = readFloat(settings, "brush/strength", s.strength, 0.f, 1.f);
    s.falloff = readEnum(settings, "brush/falloff", kFalloffs, s.falloff);
    s.falloffShape = readEnum(settings, "brush/shape", kShapes, s.falloffShape);
    s.spacing = readFloat(settings, "brush/spacing", s.spacing, 0.01f, 1.f);
    s.frontFacesOnly = readers::readBool(settings, "brush/frontFacesOnly", s.frontFacesOnly);
    s.accumulate = readers::readBool(settings, "brush/accumulate", s.accumulate);
    s.autoNormalize = readers::readBool(settings, "brush/autoNormalize", s.autoNormalize);
    s.xMirror = readers::readBool(settings, "brush/xMirror", s.xMirror);
    brush.setSettings(s);
    brush.setMirrorMode(readEnum(settings, "brush/mirrorPlane", kMirrorPlanes, brush.mirrorMode()));
    brush.setShowZeroWeights(readers::readBool(settings, "brush/showZeroWeights", brush.showZeroWeights()));
}

void saveBrush(QSettings& settings, const ws::BrushState& brush)
{
    const skin::BrushSettings& s = brush.settings();
    settings.setValue("brush/mode", nameOf(kBrushModes, s.mode));
    settings.setValue("brush/weight", s.weight);
    settings.setValue("brush/radius", s.radius);
    settings.setValue("brush/strength", s.strength);
    settings.setValue("brush/falloff", nameOf(kFalloffs, s.falloff));
    settings.setValue("brush/shape", nameOf(kShapes, s.falloffShape));
    settings.setValue("brush/spacing", s.spacing);
    settings.setValue("brush/frontFacesOnly", s.frontFacesOnly);
    settings.setValue("brush/accumulate", s.accumulate);
    settings.setValue("brush/autoNormalize", s.autoNormalize);
    settings.setValue("brush/xMirror", s.xMirror);
    settings.setValue("brush/mirrorPlane", nameOf(kMirrorPlanes, brush.mirrorMode()));
    settings.setValue("brush/showZeroWeights", brush.showZeroWeights());
}

void loadKeys(const QSettings& settings, ws::PoseEditor& editor)
{
    editor.setAutoKey(readers::readBool(settings, "keys/autoKey", editor.autoKey()));
    constexpr int kAll = anim::kTranslationBit | anim::kRotationBit | anim::kScaleBit;
    editor.setKeyChannels(
        static_cast<anim::ChannelMask>(readers::readInt(settings, "keys/channels", editor.keyChannels(), 0, kAll)));
}

void saveKeys(QSettings& settings, const ws::PoseEditor& editor)
{
    settings.setValue("keys/autoKey", editor.autoKey());
    settings.setValue("keys/channels", int(editor.keyChannels()));
}

void loadTimeline(const QSettings& settings, ui::TimelineWidget& timeline)
{
    ui::KeyTrackView* tracks = timeline.keyTrackView();
    tracks->setOnlySelected(readers::readBool(settings, "timeline/onlySelected", tracks->onlySelected()));
    QComboBox* selector = timeline.viewSelector();
    if (!selector)
        return;
    const int view = readers::readChoice(settings, "timeline/view", kTimelineViews, selector->currentIndex());
    selector->setCurrentIndex(view);
    selector->setProperty(kLastEditor, view);
    // Quitting while a transition is previewed keeps the editor it came from.
    QObject::connect(selector, &QComboBox::currentIndexChanged, selector, [selector](int index) {
        if (index >= 0 && index < kTimelineViews.size())
            selector->setProperty(kLastEditor, index);
    });
}

void saveTimeline(QSettings& settings, ui::TimelineWidget& timeline)
{
    settings.setValue("timeline/onlySelected", timeline.keyTrackView()->onlySelected());
    if (const QComboBox* selector = timeline.viewSelector()) {
        const QVariant last = selector->property(kLastEditor);
        settings.setValue("timeline/view", kTimelineViews.value(last.isValid() ? last.toInt() : 0));
    }
}

} // namespace

void loadViewSettings(const QSettings& settings, MainWindow& window)
{
    loadBrush(settings, window.brushState());
    loadKeys(settings, window.poseEditor());
    ws::TransitionPreview& preview = window.transitionPreview();
    preview.setGhostsVisible(readers::readBool(settings, "transitions/ghosts", preview.ghostsVisible()));
    if (ui::TransitionsPanel* panel = window.docks().transitionsPanel) {
        QComboBox* range = panel->bakeRangeBox();
        range->setCurrentIndex(readers::readChoice(settings, "transitions/bakeRange", kBakeRanges, range->currentIndex()));
    }
    loadTimeline(settings, window.timeline());
    loadBoneDisplay(settings, window.viewport());
}

void saveViewSettings(QSettings& settings, MainWindow& window)
{
    saveBrush(settings, window.brushState());
    saveKeys(settings, window.poseEditor());
    settings.setValue("transitions/ghosts", window.transitionPreview().ghostsVisible());
    if (const ui::TransitionsPanel* panel = window.docks().transitionsPanel)
        settings.setValue("transitions/bakeRange", kBakeRanges.value(panel->bakeRangeBox()->currentIndex()));
    saveTimeline(settings, window.timeline());
    saveBoneDisplay(settings, window.viewport());
}

} // namespace marrow::app
