// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <QDialog>

#include <string>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace marrow::app {

// Clip › New from Range…: a new clip cut from frames of another (a long
// take's walk out of idle, walk and run). The source clip, the new clip's
// name, and the start and end in frames at the document's rate (seconds
// shown beside them). Find Cycle (model::findCycle) searches between the
// start and end shown for the range that loops best and puts it there,
// saying its cost; a second press searches inside the first answer.
class ClipFromRangeDialog : public QDialog {
    Q_OBJECT
public:
    ClipFromRangeDialog(const model::Rig& rig, model::ClipId active, double fps, QWidget* parent = nullptr);

    model::ClipId sourceClip() const;
    std::string name() const;
    double startSeconds() const;
    double endSeconds() const;

    QComboBox* sourceBox() const { return m_source; }
    QLineEdit* nameEdit() const { return m_name; }
    QSpinBox* startBox() const { return m_start; }
    QSpinBox* endBox() const { return m_end; }
    QPushButton* findCycleButton() const { return m_findCycle; }
    QLabel* cycleLabel() const { return m_cycle; }

    // Find Cycle's work, as the button does it.
    void findCycle();

private:
    void sourceChosen();
    void sync();

    const model::Rig& m_rig;
    double m_fps;
    QComboBox* m_source = nullptr;
    QLineEdit* m_name = nullptr;
    QSpinBox* m_start = nullptr;
    QSpinBox* m_end = nullptr;
    QLabel* m_seconds = nullptr;
    QPushButton* m_findCycle = nullptr;
    QLabel* m_cycle = nullptr;
    QPushButton* m_ok = nullptr;
};

} // namespace marrow::app
