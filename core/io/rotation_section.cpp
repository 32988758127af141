// SPDX-License-Identifier: MIT
#include "core/io/rotation_section.h"

#include "core/io/channel_codec.h"

namespace marrow::doc {

std::string encodeRotationSection(const model::Rig& rig)
{
    io::codec::Writer w;
    w.count(rig.skeleton.size());
    for (std::size_t j = 0; j < rig.skeleton.size(); ++j)
        w.u8(static_cast<std::uint8_t>(rig.rotationModeOf(static_cast<anim::JointIndex>(j))));
    w.count(rig.clips.size());
    for (const anim::Clip& clip : rig.clips)
        for (const anim::JointTrack& t : clip.tracks)
            if (anim::isEuler(rig.rotationModeOf(t.joint)))
                io::codec::writeChannel(w, t.euler);
    return std::move(w.bytes());
}

bool decodeRotationSection(std::string_view bytes, model::Rig& rig, std::string& error)
{
    io::codec::Reader r(bytes);
    const std::size_t joints = r.count(1, "rotation mode");
    if (r.ok() && joints != rig.skeleton.size())
        r.fail(std::to_string(joints) + " rotation modes for " + std::to_string(rig.skeleton.size()) + " joints");
    rig.rotationModes.assign(r.ok() ? joints : 0, anim::RotationMode::Quaternion);
    for (std::size_t j = 0; j < rig.rotationModes.size() && r.ok(); ++j) {
        const std::uint8_t m = r.u8();
        if (m > static_cast<std::uint8_t>(anim::kLastRotationMode))
            r.fail("unknown rotation mode " + std::to_string(m));
        rig.rotationModes[j] = static_cast<anim::RotationMode>(m);
    }
    // No bytes per clip asked for: a clip without Euler tracks writes none,
    // and the count must equal the rig's (nothing is allocated from it).
    const std::size_t clips = r.count(0, "clip");
    if (r.ok() && clips != rig.clips.size())
        r.fail(std::to_string(clips) + " clips where the rig has " + std::to_string(rig.clips.size()));
    for (std::size_t c = 0; c < rig.clips.size() && r.ok(); ++c)
        for (anim::JointTrack& t : rig.clips[c].tracks) {
            t.rotationMode = rig.rotationModeOf(t.joint);
            if (anim::isEuler(t.rotationMode) && r.ok())
                io::codec::readChannel(r, t.euler);
        }
    if (r.ok() && r.remaining() != 0)
        r.fail(std::to_string(r.remaining()) + " unexpected trailing bytes");
    if (!r.ok()) {
        error = "rotation section: " + r.error();
        return false;
    }
    return true;
}

} // namespace marrow::doc
