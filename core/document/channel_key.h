// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"
#include "core/anim/clip.h"
#include "core/model/ids.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace marrow::doc {

// Which channel of a joint track a key edit addresses.
enum class ChannelKind : std::uint8_t { Translation, Rotation, Scale };

constexpr anim::ChannelMask channelBit(ChannelKind kind)
{
    switch (kind) {
    case ChannelKind::Translation: return anim::kTranslationBit;
    case ChannelKind::Rotation: return anim::kRotationBit;
    case ChannelKind::Scale: return anim::kScaleBit;
    }
    return 0;
}

} // namespace marrow::doc
