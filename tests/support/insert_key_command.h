// SPDX-License-Identifier: MIT
#pragma once
// One key inserted the way the editor inserts keys (an AnimationEdit changed
// by anim::insertKey), as one undo command, for tests that need a single
// key edit in the document.
#include "core/anim/key_ops.h"
#include "core/commands/animation_edit.h"
#include "core/document/document.h"
#include "core/document/key_id.h"

#include <QString>
#include <QUndoCommand>

#include <glm/gtc/quaternion.hpp>

#include <memory>
#include <optional>
#include <type_traits>

namespace marrow::test {

// A key's slopes (per second), stored as given with a Free tangent mode.
struct KeySlopes {
    glm::vec4 in{0.f};
    glm::vec4 out{0.f};
};

// `value` is (x, y, z) for translation and scale, (x, y, z, w) for a
// rotation. nullptr when the clip or joint is out of range or nothing changed.
inline std::unique_ptr<QUndoCommand> insertKeyCommand(doc::Document& document, model::ClipId clip,
                                                      model::JointIndex joint, doc::ChannelKind kind, float time,
                                                      glm::vec4 value, anim::Interpolation mode,
                                                      std::optional<KeySlopes> slopes = std::nullopt)
{
    cmd::AnimationEdit edit(document, clip);
    anim::JointTrack* track = edit.track(joint);
    if (!track)
        return nullptr;
    doc::visitChannel(*track, kind, [&](auto& channel) {
        using T = std::decay_t<decltype(channel.values[0])>;
        const auto cast = [](glm::vec4 v) {
            if constexpr (std::is_same_v<T, glm::quat>)
                return glm::quat(v.w, v.x, v.y, v.z);
            else
                return glm::vec3(v);
        };
        const std::size_t at = anim::insertKey(channel, time, cast(value), mode);
        if (slopes)
            anim::setKeyTangents(channel, at, cast(slopes->in), cast(slopes->out), anim::TangentMode::Free);
    });
    return edit.command(&document, QStringLiteral("Insert Key"));
}

} // namespace marrow::test
