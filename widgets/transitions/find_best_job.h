// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"
#include "core/model/transition_search.h"

#include <QObject>
#include <QTimer>

#include <atomic>
#include <optional>
#include <string>
#include <thread>

namespace marrow::ui {

// One Find best search (model::findBestTransition) on a worker thread, over
// copies of the rig and the transition taken when it starts, so edits made
// meanwhile cannot race with it. progress() rises from 0 to 1; cancel()
// stops it at the search's next progress check. finished() comes back on
// the owner's thread (a timer polls the worker) with the result, or nullopt
// and the reason ("cancelled" once cancel() was called, whatever the worker
// got to). Destroying the job cancels the search and waits for the worker.
class FindBestJob : public QObject {
    Q_OBJECT
public:
    FindBestJob(model::Rig rig, model::Transition transition, model::TransitionSearchOptions options,
                QObject* parent = nullptr);
    ~FindBestJob() override;

    double progress() const { return m_progress.load(); }
    void cancel() { m_cancel = true; }
    bool running() const { return !m_reported; }
    // How long the search took, once finished.
    qint64 milliseconds() const { return m_ms; }

signals:
    void progressed(double fraction);
    void finished(std::optional<marrow::model::TransitionSearchResult> result, const QString& error);

private:
    void poll();

    std::atomic<double> m_progress{0.0};
    std::atomic<bool> m_cancel{false}, m_done{false};
    bool m_reported = false;
    qint64 m_ms = 0;
    // Written by the worker before m_done, read here only after it.
    std::optional<model::TransitionSearchResult> m_result;
    std::string m_error;
    std::thread m_thread;
    QTimer m_poll;
};

} // namespace marrow::ui
