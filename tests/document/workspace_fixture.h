// SPDX-License-Identifier: MIT
#pragma once
// A document on the four-vertex skin rig with the workspace the editor puts
// around it: selection, playback and the pose evaluator.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

namespace marrow::test {

struct Workspace {
    std::unique_ptr<doc::Document> document = documentWith(fourVertexSkinRig());
    ws::Selection selection{document.get()};
    ws::Playback playback;
    ws::PoseEvaluator evaluator{document.get(), &playback, &selection};
};

} // namespace marrow::test
