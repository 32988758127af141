// SPDX-License-Identifier: MIT
#include "core/commands/rename_clip_command.h"

namespace marrow::cmd {

std::unique_ptr<ChangeValueCommand<std::string>> makeRenameClipCommand(doc::Document* document, model::ClipId clip,
                                                                       std::string name,
                                                                       model::InteractionId interaction)
{
    auto get = [clip](const doc::Document& d) {
        const auto& clips = d.rig().clips;
        return clip >= 0 && static_cast<std::size_t>(clip) < clips.size() ? clips[static_cast<std::size_t>(clip)].name
                                                                           : std::string();
    };
    auto set = [clip](doc::Document& d, const std::string& value) { d.setClipName(clip, value); };
    return std::make_unique<ChangeValueCommand<std::string>>(document, ValueKey{kClipNameProperty, clip}, interaction,
                                                             get, set, std::move(name),
                                                             QObject::tr("Rename Clip"));
}

} // namespace marrow::cmd
