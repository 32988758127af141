// SPDX-License-Identifier: MIT
#pragma once
#include <QString>
#include <QUndoStack>

namespace marrow::cmd {

// Groups every command pushed during its lifetime into one undo entry named
// `text`: beginMacro when it starts, endMacro in the destructor, so an early
// return or an exception cannot leave the stack inside an open macro.
//   { UndoMacro macro(doc.undoStack(), tr("Mirror Pose")); push(...); push(...); }
// Started Late, it begins the macro only at the first push() through it (or
// an explicit start()), so an action that ends up changing nothing leaves no
// empty entry behind (Glaxnimate's undo_macro_guard). Invariant: the stack
// is inside this macro exactly while started() and the guard lives.
class UndoMacro {
public:
    enum class Start { Now, Late };

    UndoMacro(QUndoStack* stack, const QString& text, Start when = Start::Now)
        : m_stack(stack)
        , m_text(text)
    {
        if (when == Start::Now)
            start();
    }
    ~UndoMacro()
    {
        if (m_started)
            m_stack->endMacro();
    }

    // Opens the macro if it is not open yet.
    void start()
    {
        if (m_started)
            return;
        m_started = true;
        m_stack->beginMacro(m_text);
    }
    // Starts the macro (when late) and pushes into it.
    void push(QUndoCommand* command)
    {
        start();
        m_stack->push(command);
    }
    bool started() const { return m_started; }

    UndoMacro(const UndoMacro&) = delete;
    UndoMacro& operator=(const UndoMacro&) = delete;

private:
    QUndoStack* m_stack;
    QString m_text;
    bool m_started = false;
};

} // namespace marrow::cmd
