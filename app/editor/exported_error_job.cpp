// SPDX-License-Identifier: MIT
#include "app/editor/exported_error_job.h"

namespace marrow::app {

ExportedErrorJob::ExportedErrorJob(model::Rig rig, model::ExportProfile profile, int clip, double fps, QObject* parent)
    : QObject(parent)
{
    m_thread = std::thread([this, rig = std::move(rig), profile, clip, fps] {
        const int clips[] = {clip};
        m_result = model::profileDisplacementOverClips(rig, profile, clips, fps, [this](float f) {
            m_progress = f;
            return !m_cancel.load();
        });
        m_done = true;
    });
    // Polled on the owner's thread: the result is read only once m_done says
    // the worker has written it.
    m_poll.setInterval(40);
    connect(&m_poll, &QTimer::timeout, this, [this] {
        emit progressed(m_progress.load());
        if (!m_done.load())
            return;
        m_poll.stop();
        if (m_thread.joinable())
            m_thread.join();
        emit finished(m_cancel.load() ? std::nullopt : m_result);
    });
    m_poll.start();
}

ExportedErrorJob::~ExportedErrorJob()
{
    m_cancel = true;
    if (m_thread.joinable())
        m_thread.join();
}

} // namespace marrow::app
