// SPDX-License-Identifier: MIT
#pragma once
// Shared by the widget tests: a document opened from a shared model, and a
// collector that turns QAbstractItemModelTester's warnings into failures.
#include "core/document/document.h"
#include "core/io/model_import.h"
#include "shared_models.h"

#include <QAbstractItemModel>
#include <QAbstractItemModelTester>
#include <QMutex>
#include <QStringList>

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace marrow::test {

inline model::Rig importRig(const std::string& relative)
{
    io::ImportResult result = io::importModel(model(relative));
    EXPECT_TRUE(result.ok) << relative << ": " << result.error;
    return std::move(result.rig);
}

inline std::unique_ptr<doc::Document> openDocument(const std::string& relative)
{
    auto d = std::make_unique<doc::Document>();
    const auto err = d->replaceRig(importRig(relative));
    EXPECT_FALSE(err.has_value()) << relative << ": " << *err;
    return d;
}

// Installs a message handler for its lifetime that records every message of
// the "qt.modeltest" category (the tester's Warning mode reports through it),
// so a test can assert that none arrived instead of aborting the binary as
// Fatal mode would.
class ModelTestMessages {
public:
    ModelTestMessages()
    {
        s_current = this;
        m_previous = qInstallMessageHandler(&ModelTestMessages::handle);
    }
    ~ModelTestMessages()
    {
        qInstallMessageHandler(m_previous);
        s_current = nullptr;
    }
    ModelTestMessages(const ModelTestMessages&) = delete;
    ModelTestMessages& operator=(const ModelTestMessages&) = delete;

    QStringList messages() const
    {
        QMutexLocker lock(&m_mutex);
        return m_messages;
    }

private:
    static void handle(QtMsgType type, const QMessageLogContext& context, const QString& message)
    {
        ModelTestMessages* self = s_current;
        if (self && context.category && QByteArrayView(context.category) == "qt.modeltest") {
            if (type == QtWarningMsg || type == QtCriticalMsg || type == QtFatalMsg) {
                QMutexLocker lock(&self->m_mutex);
                self->m_messages.append(message);
            }
            return;
        }
        if (self && self->m_previous)
            self->m_previous(type, context, message);
    }

    static inline ModelTestMessages* s_current = nullptr;
    QtMessageHandler m_previous = nullptr;
    mutable QMutex m_mutex;
    QStringList m_messages;
};

} // namespace marrow::test
