// SPDX-License-Identifier: MIT
// The log's warning after a skeleton edit: which clips animate joints whose
// rest or parent changed. Clips keep their keys (local values), so those
// joints now play as authored from the new rest; the user should know.
#include "app/editor/skeleton_edit_mode.h"

#include "core/commands/rig_edit_command.h"
#include "core/document/document.h"
#include "core/io/gltf_export.h"
#include "core/io/gltf_source.h"
#include "core/model/skeleton_edit_tools.h"
#include "widgets/log/log_panel.h"
#include "widgets/viewport/pose_tool.h"

#include <QFileInfo>
#include <QMainWindow>
#include <QTimer>
#include <QUndoStack>

#include <map>
#include <memory>

namespace marrow::app {

namespace {

struct JointSnapshot {
    std::string parent;
    math::Transform rest;
};
using SkeletonSnapshot = std::map<std::string, JointSnapshot>;

SkeletonSnapshot snapshotOf(const anim::Skeleton& s)
{
    SkeletonSnapshot out;
    for (std::size_t j = 0; j < s.size(); ++j) {
        const anim::JointIndex p = s.parents[j];
        out[s.names[j]] = {p == anim::kNoParent ? std::string() : s.names[static_cast<std::size_t>(p)], s.rest[j]};
    }
    return out;
}

bool isRigEdit(const QUndoCommand* command)
{
    if (!command)
        return false;
    if (dynamic_cast<const cmd::RigEditCommand*>(command))
        return true;
    for (int k = 0; k < command->childCount(); ++k)
        if (isRigEdit(command->child(k)))
            return true;
    return false;
}

class SkeletonChangeLog : public QObject {
public:
    SkeletonChangeLog(const SkeletonEditContext& c)
        : QObject(c.window)
        , m_c(c)
    {
        m_snapshot = snapshotOf(c.document->rig().skeleton);
        QUndoStack* stack = c.document->undoStack();
        m_index = stack->index();
        m_report.setSingleShot(true);
        m_report.setInterval(150);
        connect(&m_report, &QTimer::timeout, this, &SkeletonChangeLog::report);
        connect(stack, &QUndoStack::indexChanged, this, [this, stack](int index) {
            const bool edit = index > m_index && isRigEdit(stack->command(index - 1));
            m_index = index;
            if (edit)
                m_report.start();
            else if (!m_report.isActive())
                m_snapshot = snapshotOf(m_c.document->rig().skeleton);  // undo, or another kind of edit
        });
        connect(c.document, &doc::Document::rigReplaced, this, [this] {
            if (!m_c.document->restructuring()) {
                m_lossesLogged = false;  // another document: its own first warning
                m_snapshot = snapshotOf(m_c.document->rig().skeleton);
                m_index = m_c.document->undoStack()->index();
            }
        });
    }

private:
    void report()
    {
        if (m_c.poseTool && m_c.poseTool->transforming()) {
            m_report.start();  // a grab still runs: report what it ends with
            return;
        }
        const model::Rig& rig = m_c.document->rig();
        const anim::Skeleton& s = rig.skeleton;
        std::vector<anim::JointIndex> changed;
        QStringList names;
        for (std::size_t j = 0; j < s.size(); ++j) {
            const auto before = m_snapshot.find(s.names[j]);
            if (before == m_snapshot.end())
                continue;  // a new joint: no clip animates it
            const anim::JointIndex p = s.parents[j];
            const std::string parent = p == anim::kNoParent ? std::string() : s.names[static_cast<std::size_t>(p)];
            if (before->second.parent != parent || !(before->second.rest == s.rest[j])) {
                changed.push_back(static_cast<anim::JointIndex>(j));
                names << QString::fromStdString(s.names[j]);
            }
        }
        m_snapshot = snapshotOf(s);
        logCarryLosses();
        const std::vector<std::string> clips = model::clipsAnimating(rig, changed);
        if (clips.empty() || !m_c.log)
            return;
        QStringList clipNames;
        for (const std::string& n : clips)
            clipNames << QStringLiteral("'%1'").arg(QString::fromStdString(n));
        if (names.size() > 6)
            names = names.mid(0, 6) << QObject::tr("and %n more", nullptr, int(names.size() - 6));
        m_c.log->addEntry(ui::LogPanel::Severity::Warning, QFileInfo(m_c.document->sourcePath()).fileName(),
                          QObject::tr("%1 animate joints whose rest or parent changed (%2): the clips keep their "
                                      "keys, so those joints play as authored from the new rest")
                              .arg(clipNames.join(QStringLiteral(", ")), names.join(QStringLiteral(", "))));
    }

    // Once per document: what a glTF export of the edited skeleton can no
    // longer carry from the file it came from (io::gltfCarryLosses), named
    // item by item at the edit that causes it; the export dialog says it again.
    void logCarryLosses()
    {
        const std::shared_ptr<const io::GltfSource>& source = m_c.document->gltfSource();
        if (m_lossesLogged || !source || !m_c.log)
            return;
        const std::vector<std::string> losses = io::gltfCarryLosses(m_c.document->rig(), *source);
        if (losses.empty())
            return;
        m_lossesLogged = true;
        QStringList items;
        for (const std::string& item : losses)
            items << QString::fromStdString(item);
        m_c.log->addEntry(ui::LogPanel::Severity::Warning, QFileInfo(m_c.document->sourcePath()).fileName(),
                          QObject::tr("After this skeleton edit a glTF export cannot carry from the file: %1")
                              .arg(items.join(QStringLiteral("; "))));
    }

    SkeletonEditContext m_c;
    bool m_lossesLogged = false;
    SkeletonSnapshot m_snapshot;
    QTimer m_report;
    int m_index = 0;
};

} // namespace

void installSkeletonChangeLog(const SkeletonEditContext& context)
{
    new SkeletonChangeLog(context);  // owned by the window
}

} // namespace marrow::app
