// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/preferences/editor_settings.h"

#include <QDialog>

class QAbstractButton;
class QButtonGroup;
class QCheckBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QRadioButton;
class QSpinBox;

namespace marrow::ui {

// Edit > Preferences: a modal form over an EditorSettings, in three groups
// (Viewport, Timeline, Files) with OK, Cancel and Restore Defaults. It holds
// no copy of the settings: settings() reads the controls, so the caller takes
// the result after exec() returns Accepted, saves it and applies it. Nothing
// is applied live, so Cancel needs no undo.
//
// Every control has an objectName (navigationBlender, navigationMaya,
// skinningLbs, skinningDqs, showGrid, showBones, showWireframe, fps,
// loopPlayback, autosaveInterval, maxRecentFiles) for tests and style sheets.
class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(const EditorSettings& settings = {}, QWidget* parent = nullptr);

    EditorSettings settings() const;
    void setSettings(const EditorSettings& settings);

private:
    QWidget* buildViewportGroup();
    QWidget* buildTimelineGroup();
    QWidget* buildFilesGroup();
    QLabel* formLabel(const QString& text);
    QLabel* hintLabel(const QString& text, int indent);
    void onButtonClicked(QAbstractButton* button);

    QButtonGroup* m_navigationGroup = nullptr;
    QRadioButton* m_blender = nullptr;
    QRadioButton* m_maya = nullptr;
    QButtonGroup* m_skinningGroup = nullptr;
    QRadioButton* m_lbs = nullptr;
    QRadioButton* m_dqs = nullptr;
    QCheckBox* m_showGrid = nullptr;
    QCheckBox* m_showBones = nullptr;
    QCheckBox* m_showWireframe = nullptr;
    QDoubleSpinBox* m_fps = nullptr;
    QCheckBox* m_loop = nullptr;
    QSpinBox* m_autosave = nullptr;
    QSpinBox* m_maxRecent = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QList<QLabel*> m_formLabels;  // one width for all, so the three groups' fields line up
};

} // namespace marrow::ui
