// SPDX-License-Identifier: MIT
// A rotation key goes into the previous key's hemisphere (q and -q are one
// rotation), so a segment takes the short way; undo restores the channel.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "insert_key_command.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

using namespace marrow;

TEST(KeyHemisphere, ARotationKeyTakesThePreviousKeysSign)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    // "bend" animates the elbow's rotation from identity at 0 to 90 degrees at 1.
    const glm::quat q = test::axisAngle({0.f, 0.f, 1.f}, 120.f);
    const glm::vec4 far(-q.x, -q.y, -q.z, -q.w);  // the far sign of the same rotation
    test::expectDoUndoRedo(*d, test::insertKeyCommand(*d, 0, 1, doc::ChannelKind::Rotation, 2.f, far,
                                                      anim::Interpolation::Linear).release());
    const anim::QuatChannel& ch = d->rig().clips[0].findTrack(1)->rotation;
    ASSERT_EQ(ch.size(), 3u);
    EXPECT_GT(glm::dot(ch.values[1], ch.values[2]), 0.f) << "stored in the previous key's hemisphere";
    EXPECT_FLOAT_EQ(ch.values[2].w, q.w);
    // A translation key is stored as given.
    test::expectDoUndoRedo(*d, test::insertKeyCommand(*d, 0, 1, doc::ChannelKind::Translation, .5f,
                                                      {-1.f, -2.f, -3.f, 0.f}, anim::Interpolation::Linear)
                                   .release());
    EXPECT_EQ(d->rig().clips[0].findTrack(1)->translation.values[0], glm::vec3(-1.f, -2.f, -3.f));
}
