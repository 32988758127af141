// SPDX-License-Identifier: MIT
#include "core/commands/clip_from_range_command.h"

#include "core/model/clip_from_range.h"

namespace marrow::cmd {

std::unique_ptr<AddClipCommand> makeClipFromRangeCommand(doc::Document* document, model::ClipId source, double start,
                                                         double end, const std::string& name, QString* error)
{
    std::string why;
    auto clip = model::clipFromRange(document->rig(), source, start, end, name, &why);
    if (!clip) {
        if (error)
            *error = QString::fromStdString(why);
        return nullptr;
    }
    auto command = std::make_unique<AddClipCommand>(document, std::move(*clip));
    command->setText(QObject::tr("New Clip from Range"));
    return command;
}

} // namespace marrow::cmd
