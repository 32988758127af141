// SPDX-License-Identifier: MIT
#pragma once
#include "core/workspace/weight_operations.h"

#include <QFrame>
#include <QPointer>

#include <functional>
#include <optional>

class QFormLayout;
class QLabel;
class QUndoStack;

namespace marrow::app {

// Blender's Adjust Last Operation (F9) for the Weights menu's numeric
// operations (Limit Total, Clean, Quantize, Smooth, Flood): they run at once
// with the values last used, and this panel, floating in the viewport's
// bottom-right corner, shows the values of the one that ran last. Changing
// one undoes that operation and runs it again with the new values, so the
// history ends with one entry. Anything else that moves the history (an
// undo, another edit) ends the adjusting and hides the panel.
class AdjustLastOperation : public QFrame {
    Q_OBJECT
public:
    // Runs an operation; true when it pushed an undo entry.
    using Runner = std::function<bool(const ws::WeightOperation&)>;

    AdjustLastOperation(QWidget* viewport, QUndoStack* stack, Runner run);

    static bool adjustable(ws::WeightOperation::Kind kind);
    // After the menu ran `op` (pushed: it made an entry): an adjustable
    // operation's values are shown, any other hides the panel.
    void ran(const ws::WeightOperation& op, bool pushed);
    // Undoes the last run and runs `op` instead (what the fields do).
    void adjust(const ws::WeightOperation& op);
    // The operation the panel adjusts (nullopt: none, or the history moved on).
    const std::optional<ws::WeightOperation>& operation() const { return m_op; }
    // F9: shows the panel again while there is an operation to adjust, else hides it.
    void toggle();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuildFields();
    void place();
    void onIndexChanged(int index);

    QPointer<QUndoStack> m_stack;
    Runner m_run;
    std::optional<ws::WeightOperation> m_op;
    bool m_pushed = false;   // the last run made the entry on top of the history
    int m_index = -1;        // the history's index after the last run
    bool m_adjusting = false;
    QLabel* m_title = nullptr;
    QWidget* m_fields = nullptr;
};

} // namespace marrow::app
