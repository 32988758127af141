// SPDX-License-Identifier: MIT
#include "widgets/transitions/find_best_job.h"

#include <chrono>

namespace marrow::ui {

FindBestJob::FindBestJob(model::Rig rig, model::Transition transition, model::TransitionSearchOptions options,
                         QObject* parent)
    : QObject(parent)
{
    options.progress = [this](double f) {
        m_progress = f;
        return !m_cancel.load();
    };
    m_thread = std::thread([this, rig = std::move(rig), transition = std::move(transition),
                            options = std::move(options)] {
        const auto start = std::chrono::steady_clock::now();
        m_result = model::findBestTransition(rig, transition, options, &m_error);
        m_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
        m_done = true;
    });
    // A queued signal per progress call would flood the event loop; a
    // poll at 25 Hz is smooth enough for a bar.
    m_poll.setInterval(40);
    connect(&m_poll, &QTimer::timeout, this, &FindBestJob::poll);
    m_poll.start();
}

FindBestJob::~FindBestJob()
{
    m_cancel = true;
    if (m_thread.joinable())
        m_thread.join();
}

void FindBestJob::poll()
{
    emit progressed(m_progress.load());
    if (!m_done.load() || m_reported)
        return;
    m_poll.stop();
    m_thread.join();
    m_reported = true;
    // A Cancel pressed while the worker was finishing still cancels: what
    // the user asked for last wins.
    if (m_cancel.load())
        emit finished(std::nullopt, QStringLiteral("cancelled"));
    else
        emit finished(std::move(m_result), QString::fromStdString(m_error));
}

} // namespace marrow::ui
