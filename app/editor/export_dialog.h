// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/export_profile.h"
#include "core/model/export_settings.h"

#include <QDialog>
#include <QList>
#include <QStringList>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QPushButton;
class QRadioButton;

namespace marrow::app {

// What the export dialog shows besides the options it edits.
struct ExportDialogContext {
    QStringList clips;           // every clip's name, in order
    QString activeClip;          // the clip being edited ("" none)
    int transitions = 0;         // how many transitions a bake would add
    int meshes = 0, visibleMeshes = 0, selectedMeshes = 0;
    double fps = 30.0;           // the document's frame rate (transitions bake at it)
    QString suggestedPath;       // where the file goes when the document never exported
};

// File › Export › glTF 2.0: where, the container, which clips (all, the
// active one, chosen ones; transitions baked or not), the sampling, the
// weights (the document's export profile, the same as Weights › Export
// Profile) and which meshes. The options are the document's: the caller
// stores them (one undo entry) when the user presses Export. Below them it
// names what the file cannot carry.
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(const ExportDialogContext& context, const model::ExportSettings& settings,
                 const model::ExportProfile& profile, const QString& path, QWidget* parent = nullptr);

    model::ExportSettings settings() const;
    model::ExportProfile profile() const;
    QString path() const;
    // Why Export is refused ("" when it is not): no path, no clip chosen, a
    // path that is not .glb or .gltf.
    QString problem() const;

    // What the file will not carry, item by item (io::encodeExport's
    // warnings, worked out on a worker thread while the dialog is open).
    void setNotCarried(const QStringList& items);

    // For tests and the shortcut-free hands: the widgets by role.
    QLineEdit* pathEdit() const { return m_path; }
    QComboBox* formatBox() const { return m_format; }
    QRadioButton* clipChoice(model::ExportClips which) const;
    QScrollArea* clipList() const { return m_clipList; }
    const QList<QCheckBox*>& clipBoxes() const { return m_clipBoxes; }
    QCheckBox* bakeBox() const { return m_bake; }
    QCheckBox* resampleBox() const { return m_resample; }
    QDoubleSpinBox* resampleRate() const { return m_rate; }
    QComboBox* influencesBox() const { return m_influences; }
    QComboBox* storageBox() const { return m_storage; }
    QComboBox* meshesBox() const { return m_meshes; }
    QLabel* notCarriedLabel() const { return m_notCarried; }
    QPushButton* exportButton() const;

private:
    void browse();
    void formatChosen();
    void refresh();

    ExportDialogContext m_context;
    QLineEdit* m_path = nullptr;
    QComboBox* m_format = nullptr;
    QButtonGroup* m_clipGroup = nullptr;
    QScrollArea* m_clipList = nullptr;
    QList<QCheckBox*> m_clipBoxes;
    QCheckBox* m_bake = nullptr;
    QCheckBox* m_resample = nullptr;
    QDoubleSpinBox* m_rate = nullptr;
    QComboBox* m_influences = nullptr;
    QComboBox* m_storage = nullptr;
    QComboBox* m_meshes = nullptr;
    QLabel* m_notCarried = nullptr;
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace marrow::app
