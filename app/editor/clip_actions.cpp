// SPDX-License-Identifier: MIT
#include "app/editor/clip_actions.h"
#include "app/editor/clip_from_range_dialog.h"
#include "app/editor/clip_range_dialog.h"

#include "core/commands/add_clip_command.h"
#include "core/commands/clip_from_range_command.h"
#include "core/commands/remove_clip_command.h"
#include "core/commands/rename_clip_command.h"
#include "core/commands/set_clip_range_command.h"
#include "core/document/document.h"
#include "core/model/clip_names.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/timeline_widget.h"

#include <QAction>
#include <QComboBox>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>

namespace marrow::app {

namespace {

const anim::Clip* activeClip(const doc::Document& document, const ws::Selection& selection)
{
    return document.rig().clipAt(selection.activeClip());
}

// The clip chooser's right-click menu: the clip actions, then every clip,
// the active one checked, to make another active (Blender's action list).
QMenu* popupClipContextMenu(const ClipActions& c, QWidget* parent, QPoint globalPos, const doc::Document& document,
                            ws::Selection* selection)
{
    auto* menu = new QMenu(parent);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addSection(QObject::tr("Clip"));
    menu->addActions({c.newClip, c.duplicateClip, c.renameClip, c.setRange, c.newFromRange, c.deleteClip});
    menu->addSection(QObject::tr("Set Active Clip"));
    const auto& clips = document.rig().clips;
    for (std::size_t i = 0; i < clips.size(); ++i) {
        QAction* pick = menu->addAction(QString::fromStdString(clips[i].name));
        pick->setCheckable(true);
        pick->setChecked(static_cast<int>(i) == selection->activeClip());
        QObject::connect(pick, &QAction::triggered, selection, [selection, i] { selection->setActiveClip(static_cast<int>(i)); });
    }
    menu->popup(globalPos);
    return menu;
}

} // namespace

ClipActions installClipActions(QWidget* window, ui::TimelineWidget* timeline, doc::Document* document,
                               ws::Selection* selection, ws::Playback* playback)
{
    ClipActions c;
    c.menu = new QMenu(QObject::tr("Clip"), window);
    c.newClip = c.menu->addAction(QObject::tr("&New Clip"));
    c.duplicateClip = c.menu->addAction(QObject::tr("&Duplicate Clip"));
    c.renameClip = c.menu->addAction(QObject::tr("&Rename Clip…"));
    c.setRange = c.menu->addAction(QObject::tr("Set &Range…"));
    c.setRange->setToolTip(QObject::tr("A manual frame range for the clip, or back to following its keys"));
    c.newFromRange = c.menu->addAction(QObject::tr("New from Ran&ge…"));
    c.newFromRange->setToolTip(QObject::tr("A new clip cut from frames of a clip (a walk out of a long take)"));
    c.menu->addSeparator();
    c.deleteClip = c.menu->addAction(QObject::tr("De&lete Clip"));

    QObject::connect(c.newClip, &QAction::triggered, window, [document, selection] {
        anim::Clip clip;
        clip.name = model::uniqueClipName(document->rig(), "Clip");
        clip.duration = 1.f;  // room to scrub and key before any key sets it
        const int index = static_cast<int>(document->rig().clips.size());
        document->undoStack()->push(new cmd::AddClipCommand(document, std::move(clip), index));
        selection->setActiveClip(index);
    });
    QObject::connect(c.duplicateClip, &QAction::triggered, window, [document, selection] {
        const anim::Clip* source = activeClip(*document, *selection);
        if (!source)
            return;
        anim::Clip copy = *source;
        copy.name = model::uniqueClipName(document->rig(), source->name);
        const int index = selection->activeClip() + 1;
        auto* command = new cmd::AddClipCommand(document, std::move(copy), index);
        command->setText(QObject::tr("Duplicate Clip"));
        document->undoStack()->push(command);
        selection->setActiveClip(index);
    });
    QObject::connect(c.renameClip, &QAction::triggered, window, [window, document, selection] {
        const anim::Clip* clip = activeClip(*document, *selection);
        if (!clip)
            return;
        bool ok = false;
        const QString name = QInputDialog::getText(window, QObject::tr("Rename Clip"), QObject::tr("Name:"),
                                                   QLineEdit::Normal, QString::fromStdString(clip->name), &ok)
                                 .trimmed();
        if (ok && !name.isEmpty())
            document->undoStack()->push(
                cmd::makeRenameClipCommand(document, selection->activeClip(), name.toStdString()).release());
    });
    QObject::connect(c.setRange, &QAction::triggered, window, [window, document, selection, playback] {
        const anim::Clip* clip = activeClip(*document, *selection);
        if (!clip)
            return;
        ClipRangeDialog dialog(*clip, playback ? playback->fps() : 30.0, window);
        if (dialog.exec() != QDialog::Accepted)
            return;
        if (auto command = cmd::makeSetClipRangeCommand(document, selection->activeClip(), dialog.range()))
            document->undoStack()->push(command.release());
    });
    QObject::connect(c.newFromRange, &QAction::triggered, window, [window, document, selection, playback] {
        if (document->rig().clips.empty())
            return;
        ClipFromRangeDialog dialog(document->rig(), selection->activeClip(), playback ? playback->fps() : 30.0, window);
        if (dialog.exec() != QDialog::Accepted)
            return;
        QString why;
        auto command = cmd::makeClipFromRangeCommand(document, dialog.sourceClip(), dialog.startSeconds(),
                                                     dialog.endSeconds(), dialog.name(), &why);
        if (!command) {
            QMessageBox::warning(window, QObject::tr("New Clip from Range"), why);
            return;
        }
        const int index = command->index();
        document->undoStack()->push(command.release());
        selection->setActiveClip(index);
    });
    QObject::connect(c.deleteClip, &QAction::triggered, window, [document, selection] {
        if (activeClip(*document, *selection))
            document->undoStack()->push(new cmd::RemoveClipCommand(document, selection->activeClip()));
    });

    // Duplicate, rename and delete need a clip; a clip a transition uses
    // cannot go (the menu says which transition holds it).
    const auto sync = [c, document, selection] {
        const bool has = activeClip(*document, *selection) != nullptr;
        for (QAction* a : {c.duplicateClip, c.renameClip, c.setRange, c.deleteClip})
            a->setEnabled(has);
        c.newFromRange->setEnabled(!document->rig().clips.empty());
        QString usedBy;
        for (const model::Transition& t : document->rig().transitions)
            if (t.clipA == selection->activeClip() || t.clipB == selection->activeClip())
                usedBy = QString::fromStdString(t.name);
        c.deleteClip->setText(usedBy.isEmpty() ? QObject::tr("De&lete Clip")
                                               : QObject::tr("De&lete Clip (used by %1)").arg(usedBy));
        if (!usedBy.isEmpty())
            c.deleteClip->setEnabled(false);
    };
    QObject::connect(document, &doc::Document::transitionsChanged, window, sync);
    QObject::connect(selection, &ws::Selection::activeClipChanged, window, sync);
    QObject::connect(document, &doc::Document::clipsChanged, window, sync);
    QObject::connect(document, &doc::Document::rigReplaced, window, sync);
    sync();
    timeline->addClipMenu(c.menu);
    QComboBox* chooser = timeline->clipChooser();
    chooser->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(chooser, &QWidget::customContextMenuRequested, chooser, [c, chooser, document, selection](QPoint pos) {
        popupClipContextMenu(c, chooser, chooser->mapToGlobal(pos), *document, selection);
    });
    return c;
}

} // namespace marrow::app
