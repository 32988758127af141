// SPDX-License-Identifier: MIT
#include "core/commands/set_clip_range_command.h"

#include <QCoreApplication>

namespace marrow::cmd {

std::unique_ptr<ChangeValueCommand<ClipLength>> makeSetClipRangeCommand(doc::Document* document, model::ClipId clip,
                                                                        std::optional<anim::ClipRange> range)
{
    const anim::Clip* c = document ? document->rig().clipAt(clip) : nullptr;
    if (!c || (range && anim::validateRange(*range)))
        return nullptr;
    auto get = [clip](const doc::Document& d) {
        const anim::Clip* now = d.rig().clipAt(clip);
        return now ? ClipLength{now->range, now->duration} : ClipLength{};
    };
    auto set = [clip](doc::Document& d, const ClipLength& value) { d.setClipRange(clip, value.range, value.duration); };
    ClipLength after{range, anim::followedLength(range, c->lastKeyTime(), c->duration)};
    const QString text = range ? QCoreApplication::translate("SetClipRange", "Set Frame Range")
                               : QCoreApplication::translate("SetClipRange", "Clear Frame Range");
    return std::make_unique<ChangeValueCommand<ClipLength>>(document, ValueKey{kClipRangeProperty, clip},
                                                             model::InteractionId{}, get, set, std::move(after), text);
}

} // namespace marrow::cmd
