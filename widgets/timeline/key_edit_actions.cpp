// SPDX-License-Identifier: MIT
#include "widgets/timeline/key_edit_actions.h"

#include "core/commands/key_landing_edit.h"
#include "core/document/document.h"
#include "core/workspace/key_selection.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/key_context_menu.h"

#include <QCoreApplication>
#include <QMenu>
#include <QUndoCommand>

#include <utility>

namespace marrow::ui {

namespace {

QString undoText(const char* text) { return QCoreApplication::translate("Undo Commands", text); }

} // namespace

KeyEditActions::KeyEditActions(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
                               QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_selection(selection)
    , m_playback(playback)
{
}

void KeyEditActions::setKeySelection(ws::KeySelection* keys)
{
    m_keys = keys;
}

ws::KeySelection* KeyEditActions::keySelection() const
{
    return m_keys;
}

const anim::Clip* KeyEditActions::activeClip() const
{
    if (!m_document || !m_selection)
        return nullptr;
    return m_document->rig().clipAt(m_selection->activeClip());
}

bool KeyEditActions::push(const cmd::AnimationEdit& edit, const QString& text, const std::set<doc::KeyId>* reselect)
{
    auto command = edit.command(m_document, text);
    if (!command)
        return false;
    m_document->undoStack()->push(command.release());
    if (reselect && m_keys)
        m_keys->setKeys(*reselect);
    return true;
}

bool KeyEditActions::retime(const std::function<float(float)>& map, double fps, const QString& text)
{
    if (!activeClip() || !m_keys || m_keys->isEmpty())
        return false;
    cmd::AnimationEdit edit(*m_document, m_selection->activeClip());
    const std::set<doc::KeyId> moved = cmd::landSelectedKeys(edit, m_keys->keys(), map, fps);
    return push(edit, text, &moved);
}

bool KeyEditActions::duplicate(const std::function<float(float)>& map)
{
    if (!activeClip() || !m_keys || m_keys->isEmpty())
        return false;
    cmd::AnimationEdit edit(*m_document, m_selection->activeClip());
    const std::set<doc::KeyId> copies = cmd::duplicateKeys(edit, m_keys->keys(), map);
    return push(edit, undoText("Duplicate Keys"), &copies);
}

bool KeyEditActions::deleteSelected()
{
    if (!activeClip() || !m_keys || m_keys->isEmpty())
        return false;
    cmd::AnimationEdit edit(*m_document, m_selection->activeClip());
    cmd::deleteKeys(edit, m_keys->keys());
    const std::set<doc::KeyId> none;
    return push(edit, undoText("Delete Keys"), &none);
}

bool KeyEditActions::copy()
{
    const anim::Clip* clip = activeClip();
    if (!clip || !m_keys || m_keys->isEmpty())
        return false;
    cmd::KeyClipboard copied = cmd::copyKeys(*clip, m_keys->keys());
    if (copied.empty())
        return false;
    m_clipboard = std::move(copied);
    return true;
}

bool KeyEditActions::paste()
{
    if (!activeClip() || m_clipboard.empty())
        return false;
    const float at = m_playback ? static_cast<float>(m_playback->time()) : 0.f;
    cmd::AnimationEdit edit(*m_document, m_selection->activeClip());
    const std::set<doc::KeyId> pasted = cmd::pasteKeys(edit, m_clipboard, at);
    return push(edit, undoText("Paste Keys"), &pasted);
}

bool KeyEditActions::setInterpolation(anim::Interpolation mode)
{
    if (!activeClip() || !m_keys || m_keys->isEmpty())
        return false;
    cmd::AnimationEdit edit(*m_document, m_selection->activeClip());
    cmd::setKeysInterpolation(edit, m_keys->keys(), mode);
    return push(edit, undoText("Set Interpolation"), nullptr);
}

bool KeyEditActions::setTangentMode(anim::TangentMode mode)
{
    if (!activeClip() || !m_keys || m_keys->isEmpty())
        return false;
    cmd::AnimationEdit edit(*m_document, m_selection->activeClip());
    cmd::setKeysTangentMode(edit, m_keys->keys(), mode);
    return push(edit, undoText("Set Tangent Mode"), nullptr);
}

QMenu* KeyEditActions::popupInterpolationMenu(QWidget* parent, QPoint globalPos)
{
    auto* menu = new QMenu(tr("Interpolation"), parent);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addSection(tr("Interpolation"));
    addInterpolationActions(menu, [this](anim::Interpolation mode) { setInterpolation(mode); });
    menu->popup(globalPos);
    return menu;
}

QMenu* KeyEditActions::popupTangentMenu(QWidget* parent, QPoint globalPos)
{
    auto* menu = new QMenu(tr("Tangents"), parent);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addSection(tr("Tangent Mode"));
    const std::pair<QString, anim::TangentMode> modes[] = {{tr("Auto Clamped"), anim::TangentMode::AutoClamped},
                                                           {tr("Flat"), anim::TangentMode::Flat},
                                                           {tr("Free"), anim::TangentMode::Free},
                                                           {tr("Aligned"), anim::TangentMode::Aligned},
                                                           {tr("Vector"), anim::TangentMode::Vector}};
    for (const auto& [name, mode] : modes)
        connect(menu->addAction(name), &QAction::triggered, this, [this, m = mode] { setTangentMode(m); });
    menu->popup(globalPos);
    return menu;
}

} // namespace marrow::ui
