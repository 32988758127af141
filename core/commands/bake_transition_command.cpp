// SPDX-License-Identifier: MIT
#include "core/commands/bake_transition_command.h"
#include "core/model/clip_names.h"
#include "core/model/baked_transition.h"

namespace marrow::cmd {

std::unique_ptr<AddClipCommand> makeBakeTransitionCommand(doc::Document* document, int transition, anim::BakeRange range,
                                                          double fps, QString* error)
{
    const model::Rig& rig = document->rig();
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return std::unique_ptr<AddClipCommand>();
    };
    if (transition < 0 || static_cast<std::size_t>(transition) >= rig.transitions.size())
        return fail(QObject::tr("no transition %1").arg(transition));
    const model::Transition& t = rig.transitions[static_cast<std::size_t>(transition)];
    std::string why;
    auto clip = model::bakedTransitionClip(rig, t, fps, range, model::uniqueClipName(rig, t.name + "_baked"), why);
    if (!clip)
        return fail(QString::fromStdString(why));
    auto command = std::make_unique<AddClipCommand>(document, std::move(*clip));
    command->setText(QObject::tr("Bake Transition"));
    return command;
}

} // namespace marrow::cmd
