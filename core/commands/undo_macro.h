// SPDX-License-Identifier: MIT
#pragma once
#include <QString>
#include <QUndoStack>

namespace marrow::cmd {

// Groups every command pushed during its lifetime into one undo entry named
// `text`: beginMacro in the constructor, endMacro in the destructor, so an
// early return or an exception cannot leave the stack inside an open macro.
//   { UndoMacro macro(doc.undoStack(), tr("Mirror Pose")); push(...); push(...); }
class UndoMacro {
public:
    UndoMacro(QUndoStack* stack, const QString& text)
        : m_stack(stack)
    {
        m_stack->beginMacro(text);
    }
    ~UndoMacro() { m_stack->endMacro(); }

    UndoMacro(const UndoMacro&) = delete;
    UndoMacro& operator=(const UndoMacro&) = delete;

private:
    QUndoStack* m_stack;
};

} // namespace marrow::cmd
