// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/bone_map.h"
#include "core/model/retarget.h"
#include "core/model/rig.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>
#include <span>
#include <vector>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

class Playback;

// Clip › Retarget From… as the editor previews it (issue 40): another
// file's rig (the source), the bone map between it and the document's
// skeleton (proposed, then edited pair by pair), the chains' options, the
// source clip, and the clip carried onto the document (model::retargetClip,
// remade on every change). While active, the PoseEvaluator poses the
// document through pose() and the Playback runs over the carried clip;
// sourceFigure() gives the source's bones at the same time, beside the
// character, for the viewport to draw. bake() returns the carried clip for
// one AddClipCommand: nothing here touches the document.
class RetargetPreview : public QObject {
    Q_OBJECT
public:
    RetargetPreview(doc::Document* document, Playback* playback, QObject* parent = nullptr);

    // A new source (its file name shown as `name`): the map this document
    // keeps for that name, or one proposed afresh; the first clip chosen. An error (no biped, no clip) is kept in
    // error() and the preview stays inactive until a source fits.
    void setSource(model::Rig source, const QString& name);
    bool hasSource() const { return m_source.has_value(); }
    const model::Rig* source() const { return m_source ? &*m_source : nullptr; }
    const QString& sourceName() const { return m_sourceName; }
    doc::Document* document() const { return m_document; }

    const model::BoneMap& map() const { return m_map; }
    // Whether the map came from the document (Document::boneMaps, under the
    // source's file name), not proposed afresh.
    bool mapFromDocument() const { return m_savedMap; }
    // Pairs `target` with `source` (kNoParent: the target keeps its rest),
    // dropping any other pair either had. False when out of range.
    bool setPair(anim::JointIndex target, anim::JointIndex source);
    void proposeMap();  // the automatic map again
    // A map and chain options read from a file (model::boneMapFromJson).
    void setMap(model::BoneMap map, const model::RetargetOptions& options);

    const model::RetargetOptions& options() const { return m_options; }
    void setOptions(const model::RetargetOptions& options);
    int sourceClip() const { return m_clip; }
    void setSourceClip(int clip);

    // Previewing: the document plays the carried clip (needs a source that fits).
    void setActive(bool on);
    bool isActive() const { return m_active && m_result.has_value(); }

    // The carried clip (nullopt with error() when it cannot be made).
    const std::optional<model::Retargeted>& result() const { return m_result; }
    const QString& error() const { return m_error; }
    // What keeps either skeleton from being a biped, a line per skeleton
    // ("this character has no left thigh, right thigh"); empty when none.
    std::vector<std::string> missingParts() const;

    // The document's pose at preview time t (false when not active).
    bool pose(double t, std::span<math::Transform> out) const;
    // The source's bones at time t as line pairs (joint, parent) in the
    // document's space: its mapped bones, scaled by the legs' ratio and set
    // beside the character, three quarters of its rest height to its right (-X).
    std::vector<glm::vec3> sourceFigure(double t) const;
    // Where the figure stands relative to the character (for framing).
    glm::vec3 figureOffset() const { return m_figureOffset; }

    // The carried clip for the document, named "<clip> (retargeted)".
    std::optional<anim::Clip> bake() const;

signals:
    void changed();         // the map, options, clip or source changed (the result is remade)
    void activeChanged(bool on);

private:
    void remake();
    void syncPlayback();
    glm::vec3 restOffset() const;

    QPointer<doc::Document> m_document;
    QPointer<Playback> m_playback;
    std::optional<model::Rig> m_source;
    QString m_sourceName;
    model::BoneMap m_map;
    model::RetargetOptions m_options;
    int m_clip = 0;
    bool m_active = false;
    bool m_savedMap = false;
    glm::vec3 m_figureOffset{0.f};
    std::optional<model::Retargeted> m_result;
    QString m_error;
};

} // namespace marrow::ws
