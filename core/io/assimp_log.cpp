// SPDX-License-Identifier: MIT
#include "core/io/assimp_log.h"

#include <assimp/DefaultLogger.hpp>
#include <assimp/LogStream.hpp>

namespace marrow::io {

namespace {

// Far more lines than any real file logs; keeps a chatty importer bounded.
constexpr std::size_t kMaxLines = 1000;

// One Assimp stream per severity; the logger owns (and deletes) it.
class CollectingStream : public Assimp::LogStream {
public:
    CollectingStream(std::shared_ptr<AssimpLogCapture::Lines> lines, std::vector<std::string> AssimpLogCapture::Lines::*target)
        : m_lines(std::move(lines)), m_target(target) {}

    void write(const char* message) override
    {
        if (!message)
            return;
        auto& target = (*m_lines).*m_target;
        if (target.size() >= kMaxLines)
            return;
        std::string line(message);
        // Infos are mostly progress ("generating full transformation chain", one per node);
        // keep only those that say what Assimp left out.
        if (m_target == &AssimpLogCapture::Lines::infos && line.find("ignoring") == std::string::npos)
            return;
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
            line.pop_back();
        target.push_back(std::move(line));
    }

private:
    std::shared_ptr<AssimpLogCapture::Lines> m_lines;
    std::vector<std::string> AssimpLogCapture::Lines::*m_target;
};

} // namespace

AssimpLogCapture::AssimpLogCapture() : m_lines(std::make_shared<Lines>())
{
    if (!Assimp::DefaultLogger::isNullLogger())
        return;  // someone else installed a logger: leave it alone
    Assimp::Logger* logger = Assimp::DefaultLogger::create("", Assimp::Logger::NORMAL, 0);
    if (!logger)
        return;
    logger->attachStream(new CollectingStream(m_lines, &Lines::errors), Assimp::Logger::Err);
    logger->attachStream(new CollectingStream(m_lines, &Lines::warnings), Assimp::Logger::Warn);
    logger->attachStream(new CollectingStream(m_lines, &Lines::infos), Assimp::Logger::Info);
    m_installed = true;
}

AssimpLogCapture::~AssimpLogCapture()
{
    if (m_installed)
        Assimp::DefaultLogger::kill();
}

} // namespace marrow::io
