// SPDX-License-Identifier: MIT
#include "app/editor/key_actions.h"

#include "app/editor/editor_actions.h"
#include "core/anim/clip.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/selection.h"

#include <QAction>
#include <QCursor>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>

namespace marrow::app {

namespace {

QAction* makeAction(QObject* owner, const QString& text, const QKeySequence& key, const QString& tip)
{
    auto* a = new QAction(text, owner);
    a->setShortcut(key);
    setToolTipWithShortcut(a, tip);
    return a;
}

// Letter keys act where the mouse works (the viewport), like the tools.
void bindToViewport(QAction* action, QWidget* viewport)
{
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    viewport->addAction(action);
}

} // namespace

QMenu* insertMenuBeforePlayback(QMainWindow* window, const QString& title)
{
    auto* menu = new QMenu(title, window);
    QAction* before = nullptr;
    for (QAction* top : window->menuBar()->actions())
        if (top->menu() && top->text().remove(QLatin1Char('&')) == QObject::tr("Playback"))
            before = top;
    window->menuBar()->insertMenu(before, menu);
    return menu;
}

KeyActions installKeyActions(QMainWindow* window, QWidget* viewport, ws::PoseEditor& editor, ws::Selection& selection)
{
    KeyActions k;
    k.menu = insertMenuBeforePlayback(window, QObject::tr("P&ose"));
    auto* status = window->statusBar();
    const auto needBones = [status] { status->showMessage(QObject::tr("Select the bones to key first"), 4000); };

    k.insertKeys = makeAction(window, QObject::tr("&Insert Keyframes"), QKeySequence(Qt::Key_I),
                              QObject::tr("Key the selected bones at the current frame"));
    bindToViewport(k.insertKeys, viewport);
    QObject::connect(k.insertKeys, &QAction::triggered, window, [&editor, &selection, needBones, status] {
        if (selection.joints().isEmpty())
            return needBones();
        if (editor.keyChannels() == 0)
            return status->showMessage(QObject::tr("No channels ticked under Pose › Key Channels"), 4000);
        editor.insertKeys(selection.joints(), editor.keyChannels());
    });

    k.insertKeyMenu = makeAction(window, QObject::tr("Insert &Single Channel…"), QKeySequence(Qt::Key_K),
                                 QObject::tr("Key one channel of the selected bones"));
    bindToViewport(k.insertKeyMenu, viewport);
    QObject::connect(k.insertKeyMenu, &QAction::triggered, window, [&editor, &selection, needBones] {
        if (selection.joints().isEmpty())
            return needBones();
        QMenu choose;
        choose.setTitle(QObject::tr("Insert Keyframe"));
        const std::pair<QString, anim::ChannelMask> rows[] = {
            {QObject::tr("Location"), anim::kTranslationBit},
            {QObject::tr("Rotation"), anim::kRotationBit},
            {QObject::tr("Scale"), anim::kScaleBit},
            {QObject::tr("Location, Rotation && Scale"), anim::kTranslationBit | anim::kRotationBit | anim::kScaleBit}};
        for (const auto& [text, mask] : rows) {
            QAction* a = choose.addAction(text);
            a->setData(static_cast<int>(mask));
        }
        if (QAction* picked = choose.exec(QCursor::pos()))
            editor.insertKeys(selection.joints(), static_cast<anim::ChannelMask>(picked->data().toInt()));
    });

    k.deleteKeys = makeAction(window, QObject::tr("&Delete Keyframes"), QKeySequence(Qt::ALT | Qt::Key_I),
                              QObject::tr("Delete the selected bones' keys at the current frame"));
    window->addAction(k.deleteKeys);
    QObject::connect(k.deleteKeys, &QAction::triggered, window, [&editor, &selection, needBones, status] {
        if (selection.joints().isEmpty())
            return needBones();
        if (!editor.deleteKeysAtCurrentTime(selection.joints()))
            status->showMessage(QObject::tr("No keys of the selected bones at this frame"), 4000);
    });

    const auto makeClear = [&](const QString& text, Qt::Key key, anim::ChannelMask mask, const QString& tip) {
        QAction* a = makeAction(window, text, QKeySequence(Qt::ALT | key), tip);
        window->addAction(a);
        QObject::connect(a, &QAction::triggered, window, [&editor, &selection, needBones, mask] {
            if (selection.joints().isEmpty())
                return needBones();
            editor.clearTransforms(selection.joints(), mask);
        });
        return a;
    };
    k.clearLocation = makeClear(QObject::tr("Clear &Location"), Qt::Key_G, anim::kTranslationBit,
                                QObject::tr("Move the selected bones back to their rest location"));
    k.clearRotation = makeClear(QObject::tr("Clear &Rotation"), Qt::Key_R, anim::kRotationBit,
                                QObject::tr("Turn the selected bones back to their rest rotation"));
    k.clearScale = makeClear(QObject::tr("Clear S&cale"), Qt::Key_S, anim::kScaleBit,
                             QObject::tr("Give the selected bones their rest scale"));

    k.autoKey = new QAction(QObject::tr("&Auto Keying"), window);
    k.autoKey->setCheckable(true);
    k.autoKey->setIcon(editorIcon("record"));
    setToolTipWithShortcut(k.autoKey, QObject::tr("Auto Keying: every pose edit keys the edited channels"));
    QObject::connect(k.autoKey, &QAction::toggled, &editor, &ws::PoseEditor::setAutoKey);
    QObject::connect(&editor, &ws::PoseEditor::autoKeyChanged, k.autoKey, &QAction::setChecked);

    auto* channels = new QMenu(QObject::tr("Key &Channels"), window);
    const auto makeChannel = [&](const QString& text, anim::ChannelMask bit) {
        QAction* a = channels->addAction(text);
        a->setCheckable(true);
        a->setChecked(editor.keyChannels() & bit);
        QObject::connect(a, &QAction::toggled, &editor, [&editor, bit](bool on) {
            editor.setKeyChannels(on ? (editor.keyChannels() | bit) : (editor.keyChannels() & ~bit));
        });
        // Channels set elsewhere (restored settings) show in the menu too.
        QObject::connect(&editor, &ws::PoseEditor::keyChannelsChanged, a,
                         [a, bit](anim::ChannelMask mask) { a->setChecked(mask & bit); });
        return a;
    };
    k.keyLocation = makeChannel(QObject::tr("Location"), anim::kTranslationBit);
    k.keyRotation = makeChannel(QObject::tr("Rotation"), anim::kRotationBit);
    k.keyScale = makeChannel(QObject::tr("Scale"), anim::kScaleBit);

    k.menu->addAction(k.insertKeys);
    k.menu->addAction(k.insertKeyMenu);
    k.menu->addAction(k.deleteKeys);
    k.menu->addMenu(channels);
    k.menu->addAction(k.autoKey);
    k.menu->addSeparator();
    k.menu->addAction(k.clearLocation);
    k.menu->addAction(k.clearRotation);
    k.menu->addAction(k.clearScale);
    return k;
}

} // namespace marrow::app
