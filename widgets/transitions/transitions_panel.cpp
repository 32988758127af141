// SPDX-License-Identifier: MIT
#include "widgets/transitions/transitions_panel.h"
#include "core/commands/bake_transition_command.h"
#include "core/commands/edit_transitions_command.h"
#include "core/document/document.h"
#include "core/model/clip_names.h"
#include "core/model/transition_defaults.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "core/workspace/transition_preview.h"
#include "widgets/common/collapsible_section.h"
#include "widgets/transitions/blend_profile_editor.h"
#include "widgets/transitions/find_best_box.h"
#include "widgets/transitions/foot_slide_box.h"
#include "widgets/transitions/transition_fields.h"
#include "widgets/transitions/wheel_guard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace marrow::ui {

namespace {

QToolButton* toolButton(QWidget* parent, const QString& text, const QString& tip)
{
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setAutoRaise(true);
    return b;
}

} // namespace

TransitionsPanel::TransitionsPanel(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
                                   ws::TransitionPreview* preview, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_selection(selection)
    , m_playback(playback)
    , m_preview(preview)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* buttons = new QHBoxLayout;
    m_new = toolButton(this, tr("New"), tr("New transition from the active clip to the next one"));
    m_duplicate = toolButton(this, tr("Duplicate"), tr("Duplicate the selected transition"));
    m_rename = toolButton(this, tr("Rename"), tr("Rename the selected transition (or double-click it)"));
    m_delete = toolButton(this, tr("Delete"), tr("Delete the selected transition"));
    for (QToolButton* b : {m_new, m_duplicate, m_rename, m_delete})
        buttons->addWidget(b);
    buttons->addStretch();
    m_list = new QListWidget(this);
    m_list->setMaximumHeight(56);  // three rows; it scrolls past them
    m_list->setToolTip(tr("Choose a transition to preview it in the viewport and timeline"));
    m_fields = new TransitionFields(this);
    m_ghosts = new QCheckBox(tr("Ghosts"), this);
    m_ghosts->setToolTip(tr("Ghosts: draw clip A (blue) and clip B (orange) alone, translucent, beside the blended pose"));
    m_profile = new BlendProfileEditor(this);
    m_footSlide = new FootSlideBox(m_preview, &m_document->rig().skeleton, this);
    m_findBest = new FindBestBox(m_document, m_preview, this);
    auto* bakeRow = new QHBoxLayout;
    m_bakeRange = new QComboBox(this);
    m_bakeRange->addItems({tr("Whole preview"), tr("Blend only")});
    m_bakeRange->setToolTip(tr("Bake [0, T], or only the blend (from the exit until its slowest joint finishes) moved to "
                                 "start at 0"));
    m_bake = new QPushButton(tr("Bake to Clip"), this);
    m_bake->setToolTip(tr("Sample the transition at the document's frame rate into a new clip (one undo step)"));
    takeWheelOnlyWhenFocused(m_bakeRange);
    bakeRow->addWidget(m_ghosts);
    bakeRow->addStretch();
    bakeRow->addWidget(m_bakeRange);
    bakeRow->addWidget(m_bake, 1);

    buildLayout(layout, buttons, bakeRow);

    connect(m_new, &QToolButton::clicked, this, &TransitionsPanel::newTransition);
    connect(m_duplicate, &QToolButton::clicked, this, &TransitionsPanel::duplicateTransition);
    connect(m_rename, &QToolButton::clicked, this, &TransitionsPanel::renameTransition);
    connect(m_delete, &QToolButton::clicked, this, &TransitionsPanel::deleteTransition);
    connect(m_bake, &QPushButton::clicked, this, &TransitionsPanel::bake);
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_list, &QWidget::customContextMenuRequested, this, &TransitionsPanel::popupListMenu);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!m_refreshing)
            m_preview->setActive(row);
    });
    connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (m_refreshing)
            return;  // filling the list, not a rename
        const int row = m_list->row(item);
        auto list = m_document->rig().transitions;
        const std::string name = item->text().trimmed().toStdString();
        if (row < 0 || static_cast<std::size_t>(row) >= list.size() || name.empty() ||
            name == list[static_cast<std::size_t>(row)].name) {
            refresh();
            return;
        }
        list[static_cast<std::size_t>(row)].name = model::uniqueTransitionName(m_document->rig(), name);
        push(std::move(list), tr("Rename Transition"));
    });
    connect(m_fields, &TransitionFields::edited, this, &TransitionsPanel::editActive);
    connect(m_findBest, &FindBestBox::found, this, [this](double exit, double offset) {
        if (const model::Transition* t = m_preview->transition()) {
            model::Transition changed = *t;
            changed.exit = exit;
            changed.offset = offset;
            editActive(changed, tr("Find Best Transition"));
        }
    });
    connect(m_fields, &TransitionFields::dragStarted, this, [this] { m_drag = m_document->beginInteraction(); });
    connect(m_fields, &TransitionFields::dragFinished, this, [this] { m_drag = {}; });
    connect(m_profile, &BlendProfileEditor::profileEdited, this, [this](const std::vector<float>& profile, const QString& text) {
        if (const model::Transition* t = m_preview->transition()) {
            model::Transition changed = *t;
            changed.profile = profile;
            editActive(changed, text);
        }
    });
    connect(m_ghosts, &QCheckBox::toggled, m_preview, &ws::TransitionPreview::setGhostsVisible);
    connect(m_preview, &ws::TransitionPreview::ghostsVisibleChanged, m_ghosts, &QCheckBox::setChecked);
    connect(m_preview, &ws::TransitionPreview::activeChanged, this, &TransitionsPanel::refresh);
    connect(m_document, &doc::Document::transitionsChanged, this, &TransitionsPanel::refresh);
    connect(m_document, &doc::Document::clipsChanged, this, &TransitionsPanel::refresh);
    connect(m_document, &doc::Document::rigReplaced, this, [this] {
        m_footSlide->setSkeleton(&m_document->rig().skeleton);
        refresh();
    });
    connect(m_playback, &ws::Playback::fpsChanged, this, &TransitionsPanel::refresh);
    connect(m_selection, &ws::Selection::jointsChanged, this, &TransitionsPanel::syncSelectedJoints);
    syncSelectedJoints();
    refresh();
}

// The whole dock in one place: the list, then folding sections (Blender's
// panels), so at 1600x1000 every setting shows without scrolling.
void TransitionsPanel::buildLayout(QVBoxLayout* layout, QHBoxLayout* buttons, QHBoxLayout* bakeRow)
{
    const auto section = [this](const QString& title, const QString& key, QWidget* content) {
        auto* s = new CollapsibleSection(title, this);
        s->setObjectName(key);
        s->body()->addWidget(content);
        return s;
    };
    // The foot-slide box is a group box of its own; inside a section its
    // frame and title would say the same twice.
    m_footSlide->setTitle(QString());
    m_footSlide->setFlat(true);
    m_footSlide->setStyleSheet(QStringLiteral("QGroupBox { border: none; margin-top: 0; padding-top: 0; }"));
    layout->setSpacing(4);
    layout->addLayout(buttons);
    layout->addWidget(m_list);
    layout->addWidget(section(tr("Blend"), QStringLiteral("transitions.blend"), m_fields));
    layout->addLayout(bakeRow);  // the ghosts toggle, then Bake
    // Folded by default too: a search on demand, not a setting.
    auto* findBest = section(tr("Find best"), QStringLiteral("transitions.findBest"), m_findBest);
    findBest->setExpanded(false);
    layout->addWidget(findBest);
    // Folded by default: it measures (posing the preview three times per
    // change) only while shown, and it is a check, not a setting.
    auto* footSlide = section(tr("Foot slide"), QStringLiteral("transitions.footSlide"), m_footSlide);
    footSlide->setExpanded(false);
    layout->addWidget(footSlide);
    auto* profile = section(tr("Blend profile"), QStringLiteral("transitions.profile"), m_profile);
    profile->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    layout->addWidget(profile, 1);
}

void TransitionsPanel::refresh()
{
    if (m_refreshing)
        return;
    m_refreshing = true;
    const model::Rig& rig = m_document->rig();
    const int active = m_preview->active();
    m_list->clear();
    for (const model::Transition& t : rig.transitions) {
        auto* item = new QListWidgetItem(QString::fromStdString(t.name), m_list);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
        item->setToolTip(tr("%1 → %2").arg(QString::fromStdString(rig.clips[static_cast<std::size_t>(t.clipA)].name),
                                          QString::fromStdString(rig.clips[static_cast<std::size_t>(t.clipB)].name)));
    }
    m_list->setCurrentRow(active);
    const model::Transition* t = m_preview->transition();
    m_fields->setTransition(t, rig, m_playback->fps());
    m_profile->setProfile(rig.skeleton, t ? std::span<const float>(t->profile) : std::span<const float>());
    m_profile->setEnabled(t != nullptr);
    m_new->setEnabled(!rig.clips.empty());
    for (QWidget* w : std::initializer_list<QWidget*>{m_duplicate, m_rename, m_delete, m_bake, m_bakeRange, m_ghosts})
        w->setEnabled(t != nullptr);
    m_refreshing = false;
}

QMenu* TransitionsPanel::popupListMenu(QPoint viewportPos)
{
    // As Blender's lists: the row under the mouse becomes the one acted on.
    if (QListWidgetItem* item = m_list->itemAt(viewportPos))
        m_list->setCurrentItem(item);
    auto* menu = new QMenu(m_list);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addSection(tr("Transition"));
    // The buttons' slots and enabled states (refresh keeps those).
    const auto add = [this, menu](QWidget* button, const QString& text, void (TransitionsPanel::*slot)()) {
        QAction* action = menu->addAction(text);
        action->setEnabled(button->isEnabled());
        connect(action, &QAction::triggered, this, slot);
    };
    add(m_new, tr("New Transition"), &TransitionsPanel::newTransition);
    add(m_duplicate, tr("Duplicate Transition"), &TransitionsPanel::duplicateTransition);
    add(m_rename, tr("Rename Transition"), &TransitionsPanel::renameTransition);
    add(m_delete, tr("Delete Transition"), &TransitionsPanel::deleteTransition);
    menu->addSeparator();
    add(m_bake, tr("Bake to Clip"), &TransitionsPanel::bake);
    menu->popup(m_list->viewport()->mapToGlobal(viewportPos));
    return menu;
}

void TransitionsPanel::syncSelectedJoints()
{
    const auto& joints = m_selection->joints();
    m_profile->setSelectedJoints(std::vector<anim::JointIndex>(joints.begin(), joints.end()));
}

void TransitionsPanel::push(std::vector<model::Transition> list, const QString& text, model::InteractionId interaction)
{
    m_document->undoStack()->push(new cmd::EditTransitionsCommand(m_document, text, std::move(list), interaction));
}

void TransitionsPanel::editActive(const model::Transition& changed, const QString& text)
{
    const int active = m_preview->active();
    auto list = m_document->rig().transitions;
    if (active < 0 || static_cast<std::size_t>(active) >= list.size())
        return;
    // An automatic name follows the clips ("walk_to_run" becomes "walk_to_jog"),
    // and so do the exit, offset and cycling (one undo entry with the choice).
    auto& edited = list[static_cast<std::size_t>(active)];
    const model::Transition before = edited;
    edited = model::followedClips(m_document->rig(), before, changed);
    edited.name = model::followedTransitionName(m_document->rig(), before, changed);
    // An invalid value is refused by the command; show the document again.
    push(std::move(list), text, m_drag);
    refresh();
}

void TransitionsPanel::newTransition()
{
    const model::Rig& rig = m_document->rig();
    if (rig.clips.empty())
        return;
    const int clips = static_cast<int>(rig.clips.size());
    const int a = std::clamp(m_selection->activeClip(), 0, clips - 1);
    const int b = (a + 1) % clips;
    auto list = rig.transitions;
    list.push_back(model::defaultTransition(rig, a, b, m_playback->fps()));
    push(std::move(list), tr("New Transition"));
    m_preview->setActive(static_cast<int>(m_document->rig().transitions.size()) - 1);
}

void TransitionsPanel::duplicateTransition()
{
    const model::Transition* t = m_preview->transition();
    if (!t)
        return;
    model::Transition copy = *t;
    copy.name = model::uniqueTransitionName(m_document->rig(), t->name);
    auto list = m_document->rig().transitions;
    list.push_back(copy);
    push(std::move(list), tr("Duplicate Transition"));
    m_preview->setActive(static_cast<int>(m_document->rig().transitions.size()) - 1);
}

void TransitionsPanel::renameTransition()
{
    if (QListWidgetItem* item = m_list->currentItem())
        m_list->editItem(item);
}

void TransitionsPanel::deleteTransition()
{
    const int active = m_preview->active();
    auto list = m_document->rig().transitions;
    if (active < 0 || static_cast<std::size_t>(active) >= list.size())
        return;
    list.erase(list.begin() + active);
    push(std::move(list), tr("Delete Transition"));
}

void TransitionsPanel::bake()
{
    QString error;
    const auto range = m_bakeRange->currentIndex() == 1 ? anim::BakeRange::Blend : anim::BakeRange::Full;
    auto command = cmd::makeBakeTransitionCommand(m_document, m_preview->active(), range, m_playback->fps(), &error);
    if (!command) {
        emit message(tr("Bake failed: %1").arg(error));
        return;
    }
    m_document->undoStack()->push(command.release());
    const anim::Clip& baked = m_document->rig().clips.back();
    emit status(tr("Baked \"%1\": %2 frames, added to the clips").arg(QString::fromStdString(baked.name))
                    .arg(std::lround(static_cast<double>(baked.duration) * m_playback->fps()) + 1));
}

int TransitionsPanel::heightForWidth(int width) const
{
    return layout() ? layout()->totalMinimumHeightForWidth(width) : QWidget::heightForWidth(width);
}

} // namespace marrow::ui
