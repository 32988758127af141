// SPDX-License-Identifier: MIT
#include "core/workspace/retarget_preview.h"

#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/document/document.h"
#include "core/model/bone_map_json.h"
#include "core/model/clip_names.h"
#include "core/workspace/playback.h"

#include <algorithm>

namespace marrow::ws {

RetargetPreview::RetargetPreview(doc::Document* document, Playback* playback, QObject* parent)
    : QObject(parent), m_document(document), m_playback(playback)
{
    // A new document (or a reshaped skeleton) invalidates the map's target side.
    connect(document, &doc::Document::rigReplaced, this, [this] {
        if (m_source)
            proposeMap();
    });
    // A rest pose edited in Edit Skeleton: the turns are measured from it.
    connect(document, &doc::Document::restPoseChanged, this, [this] {
        if (m_source)
            remake();
    });
}

void RetargetPreview::setSource(model::Rig source, const QString& name)
{
    m_source = std::move(source);
    m_sourceName = name;
    m_clip = 0;
    m_savedMap = false;
    // The map this document keeps for that source (the last bake's), when it still fits.
    if (m_document)
        if (const auto saved = m_document->boneMaps().find(name.toStdString()); saved != m_document->boneMaps().end()) {
            std::string why;
            if (auto file = model::boneMapFromJson(saved->second, m_source->skeleton, m_document->rig().skeleton, why)) {
                m_savedMap = true;
                return setMap(std::move(file->map), file->options);
            }
        }
    proposeMap();
}

void RetargetPreview::proposeMap()
{
    m_savedMap = false;
    if (m_source && m_document)
        m_map = model::proposeBoneMap(m_source->skeleton, m_document->rig().skeleton);
    remake();
}

void RetargetPreview::setMap(model::BoneMap map, const model::RetargetOptions& options)
{
    m_map = std::move(map);
    m_options = options;
    remake();
}

bool RetargetPreview::setPair(anim::JointIndex target, anim::JointIndex source)
{
    if (!m_source || !m_document)
        return false;
    const std::size_t targets = m_document->rig().skeleton.size(), sources = m_source->skeleton.size();
    if (target < 0 || static_cast<std::size_t>(target) >= targets ||
        (source != anim::kNoParent && (source < 0 || static_cast<std::size_t>(source) >= sources)))
        return false;
    std::erase_if(m_map.pairs, [&](const model::BoneMap::Pair& p) { return p.target == target || (source != anim::kNoParent && p.source == source); });
    if (source != anim::kNoParent) {
        const model::BoneMap::Pair pair{source, target};
        m_map.pairs.insert(std::upper_bound(m_map.pairs.begin(), m_map.pairs.end(), pair,
                                            [](const auto& a, const auto& b) { return a.target < b.target; }),
                           pair);
    }
    remake();
    return true;
}

void RetargetPreview::setOptions(const model::RetargetOptions& options)
{
    if (options == m_options)
        return;
    m_options = options;
    remake();
}

void RetargetPreview::setSourceClip(int clip)
{
    if (clip == m_clip || !m_source || clip < 0 || static_cast<std::size_t>(clip) >= m_source->clips.size())
        return;
    m_clip = clip;
    remake();
}

void RetargetPreview::setActive(bool on)
{
    if (on == m_active)
        return;
    m_active = on;
    syncPlayback();
    emit activeChanged(on);
}

std::vector<std::string> RetargetPreview::missingParts() const
{
    std::vector<std::string> out;
    if (!m_source || !m_document)
        return out;
    const auto lacks = [&out](const std::string& who, const std::vector<std::string>& parts) {
        if (parts.empty())
            return;
        std::string line = who + " has no ";
        for (std::size_t i = 0; i < parts.size(); ++i)
            line += (i ? ", " : "") + parts[i];
        out.push_back(line);
    };
    lacks(m_sourceName.toStdString(), model::missingBipedParts(m_source->skeleton));
    lacks("this character", model::missingBipedParts(m_document->rig().skeleton));
    return out;
}

void RetargetPreview::remake()
{
    m_figureOffset = restOffset();  // once per change, not per frame drawn
    m_result.reset();
    m_error.clear();
    if (!m_source || !m_document) {
        m_error = tr("Open a file to retarget from.");
    } else if (const std::vector<std::string> missing = missingParts(); !missing.empty()) {
        QStringList words;
        for (const std::string& m : missing)
            words << QString::fromStdString(m);
        m_error = tr("Not a biped to retarget: %1.").arg(words.join(QStringLiteral("; ")));
    } else if (m_source->clips.empty()) {
        m_error = tr("%1 has no clip.").arg(m_sourceName);
    } else {
        const double fps = m_document->fps() > 0.0 ? m_document->fps() : (m_playback ? m_playback->fps() : 30.0);
        std::string error;
        m_result = model::retargetClip({&m_source->skeleton, &m_source->clips[static_cast<std::size_t>(m_clip)],
                                        &m_document->rig().skeleton, m_map, fps, m_options},
                                       error);
        if (!m_result)
            m_error = QString::fromStdString(error);
    }
    syncPlayback();
    emit changed();
}

void RetargetPreview::syncPlayback()
{
    if (isActive() && m_playback)
        m_playback->setRange(0.0, static_cast<double>(m_result->clip.duration), false);
}

bool RetargetPreview::pose(double t, std::span<math::Transform> out) const
{
    if (!isActive() || !m_document)
        return false;
    const anim::Skeleton& s = m_document->rig().skeleton;
    if (out.size() != s.size())
        return false;
    return anim::SampleClipJob{&m_result->clip, t, s.rest, {}, out, {}}.run();
}

std::vector<glm::vec3> RetargetPreview::sourceFigure(double t) const
{
    std::vector<glm::vec3> lines;
    if (!isActive() || !m_source)
        return lines;
    const anim::Skeleton& s = m_source->skeleton;
    std::vector<math::Transform> locals(s.size());
    std::vector<glm::mat4> worlds(s.size());
    const anim::Clip& clip = m_source->clips[static_cast<std::size_t>(m_clip)];
    if (!anim::SampleClipJob{&clip, t, s.rest, {}, locals, {}}.run() ||
        !anim::LocalToWorldJob{s.parents, locals, glm::mat4(1.f), worlds}.run())
        return lines;
    // The mapped bones only (no cameras or helpers), at the character's size, beside it.
    std::vector<bool> mapped(s.size(), false);
    for (const model::BoneMap::Pair& p : m_map.pairs)
        mapped[static_cast<std::size_t>(p.source)] = true;
    const glm::vec3 beside = figureOffset();
    for (std::size_t j = 0; j < s.size(); ++j)
        if (const anim::JointIndex p = s.parents[j]; p != anim::kNoParent && mapped[j] && mapped[static_cast<std::size_t>(p)]) {
            lines.push_back(glm::vec3(worlds[static_cast<std::size_t>(p)][3]) * m_result->legRatio + beside);
            lines.push_back(glm::vec3(worlds[j][3]) * m_result->legRatio + beside);
        }
    return lines;
}

glm::vec3 RetargetPreview::restOffset() const
{
    if (!m_document)
        return glm::vec3(0.f);
    // The character's rest height sets the gap (its joints' highest point).
    const anim::Skeleton& t = m_document->rig().skeleton;
    std::vector<glm::mat4> rest(t.size());
    anim::LocalToWorldJob{t.parents, t.rest, glm::mat4(1.f), rest}.run();
    float height = 0.f;
    for (const glm::mat4& w : rest)
        height = std::max(height, w[3].y);
    return glm::vec3(-0.75f * std::max(height, 1e-3f), 0.f, 0.f);
}

std::optional<anim::Clip> RetargetPreview::bake() const
{
    if (!m_result || !m_document || !m_source)
        return std::nullopt;
    anim::Clip clip = m_result->clip;
    const std::string base = m_source->clips[static_cast<std::size_t>(m_clip)].name;
    clip.name = model::uniqueClipName(m_document->rig(), (base.empty() ? std::string("clip") : base) + " (retargeted)");
    return clip;
}

} // namespace marrow::ws
