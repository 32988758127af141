// SPDX-License-Identifier: MIT
#pragma once
// A skeleton or a mesh in given local transforms, for tests that pose joints
// by hand: the same jobs the editor runs (LocalToWorldJob, PosePipeline).
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/pose_pipeline.h"

#include <gtest/gtest.h>

#include <span>
#include <vector>

namespace marrow::test {

// Every joint's world transform for `locals` (one per joint).
inline std::vector<glm::mat4> worldsOf(const anim::Skeleton& s, std::span<const math::Transform> locals)
{
    std::vector<glm::mat4> out(s.size());
    anim::LocalToWorldJob job;
    job.parents = s.parents;
    job.locals = locals;
    job.output = out;
    EXPECT_TRUE(job.run());
    return out;
}

// Every joint's world position in `clip` at `time` (unkeyed joints at rest).
inline std::vector<glm::vec3> jointPositionsAt(const anim::Skeleton& s, const anim::Clip& clip, double time)
{
    std::vector<math::Transform> locals(s.size());
    EXPECT_TRUE((anim::SampleClipJob{&clip, time, s.rest, {}, locals, {}}.run()));
    std::vector<glm::vec3> out;
    for (const glm::mat4& w : worldsOf(s, locals))
        out.emplace_back(w[3]);
    return out;
}

// Mesh `mesh` of `rig` skinned (linear blend) with the joints in `locals`.
inline std::vector<glm::vec3> skinnedWith(const model::Rig& rig, std::size_t mesh, std::span<const math::Transform> locals)
{
    model::PosePipeline pipeline(rig);
    model::PoseRequest request;
    request.locals = locals;
    EXPECT_TRUE(pipeline.evaluate(request));
    std::vector<glm::vec3> out(rig.meshes[mesh].vertexCount());
    EXPECT_TRUE(pipeline.skinMesh(mesh, mesh::SkinningMethod::Linear, out, {}));
    return out;
}

} // namespace marrow::test
