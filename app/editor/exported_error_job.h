// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/export_profile.h"

#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>
#include <optional>
#include <thread>

namespace marrow::app {

// As Exported's worst case over a clip, measured on a worker thread
// (model::profileDisplacementOverClips on a copy of the rig: the rest pose
// and every frame), so the editor stays live; progress() rises from 0 to 1
// and cancel() stops it between frames. finished() comes back on the
// owner's thread with the result (nullopt when cancelled).
class ExportedErrorJob : public QObject {
    Q_OBJECT
public:
    ExportedErrorJob(model::Rig rig, model::ExportProfile profile, int clip, double fps, QObject* parent = nullptr);
    ~ExportedErrorJob() override;

    float progress() const { return m_progress.load(); }
    void cancel() { m_cancel = true; }
    bool running() const { return !m_done.load(); }

signals:
    void progressed(float fraction);
    void finished(std::optional<marrow::model::ProfileDisplacement> result);

private:
    std::atomic<float> m_progress{0.f};
    std::atomic<bool> m_cancel{false}, m_done{false};
    std::optional<model::ProfileDisplacement> m_result;
    std::thread m_thread;
    QTimer m_poll;
};

} // namespace marrow::app
