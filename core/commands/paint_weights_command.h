// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/command_ids.h"
#include "core/commands/mergeable_command.h"
#include "core/skin/weight_delta.h"
#include "core/document/document.h"

#include <vector>

namespace marrow::cmd {

// "Paint Weights": one per brush stroke. Each dab pushes one with the rows it
// changed; QUndoStack merges dabs of the same mesh and interaction into the
// stroke's command (our before, their after, new vertices appended). A stroke
// that ends where it started is obsolete and leaves no entry. X-mirror rows go
// into the same delta. A stroke that paints a bone the mesh's skin lacks
// carries the joints it appends to the skin (first on redo, last on undo).
struct SkinJointAddition {
    int skin = -1;
    model::JointIndex joint = -1;
    glm::mat4 inverseBind{1.f};
};

class PaintWeightsCommand : public MergeableCommand<kPaintWeightsId, PaintWeightsCommand> {
public:
    PaintWeightsCommand(doc::Document* document, model::MeshId mesh, model::InteractionId interaction,
                        skin::WeightDelta delta, std::vector<SkinJointAddition> additions = {},
                        QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

    // MergeableCommand's hooks: the same mesh absorbs the newer delta.
    bool mergeFrom(const PaintWeightsCommand& newer);
    bool isNoOp() const { return m_additions.empty() && m_delta.isNoOp(); }

    const skin::WeightDelta& delta() const { return m_delta; }

private:
    doc::Document* m_document;
    model::MeshId m_mesh;
    skin::WeightDelta m_delta;
    std::vector<SkinJointAddition> m_additions;
};

} // namespace marrow::cmd
