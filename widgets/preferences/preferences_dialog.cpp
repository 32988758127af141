// SPDX-License-Identifier: MIT
#include "widgets/preferences/preferences_dialog.h"
#include "widgets/viewport/viewport_keymap.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace marrow::ui {
namespace {

// Shows 30 as "30 fps" and 23.976 as "23.976 fps": the spin box keeps three
// decimals for NTSC rates without padding whole rates with zeros.
class FpsSpinBox : public QDoubleSpinBox {
public:
    using QDoubleSpinBox::QDoubleSpinBox;

protected:
    QString textFromValue(double value) const override
    {
        QString text = locale().toString(value, 'f', decimals());
        const QString point = locale().decimalPoint();
        if (text.contains(point)) {
            while (text.endsWith(u'0'))
                text.chop(1);
            if (text.endsWith(point))
                text.chop(point.size());
        }
        return text;
    }
};

QFormLayout* makeForm(QWidget* parent)
{
    auto* form = new QFormLayout(parent);
    // Right-aligned labels next to left-aligned fields, the same in every
    // style (Fusion would left-align them and leave ragged gaps).
    form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    form->setFormAlignment(Qt::AlignLeft | Qt::AlignTop);
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->setHorizontalSpacing(12);
    form->setVerticalSpacing(8);
    return form;
}

// A row of widgets for one form field, without margins of its own.
template <class Layout>
Layout* fieldLayout(QFormLayout* form, QLabel* label)
{
    auto* field = new QWidget;
    auto* layout = new Layout(field);
    layout->setContentsMargins(0, 0, 0, 0);
    form->addRow(label, field);
    return layout;
}

} // namespace

PreferencesDialog::PreferencesDialog(const EditorSettings& settings, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Preferences"));

    auto* layout = new QVBoxLayout(this);
    layout->setSpacing(12);
    layout->addWidget(buildViewportGroup());
    layout->addWidget(buildTimelineGroup());
    layout->addWidget(buildFilesGroup());
    layout->addStretch(1);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel |
                                     QDialogButtonBox::RestoreDefaults, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons, &QDialogButtonBox::clicked, this, &PreferencesDialog::onButtonClicked);
    layout->addWidget(m_buttons);

    int labelWidth = 0;
    for (QLabel* label : std::as_const(m_formLabels))
        labelWidth = std::max(labelWidth, label->sizeHint().width());
    for (QLabel* label : std::as_const(m_formLabels))
        label->setMinimumWidth(labelWidth);

    setSettings(settings);
}

QLabel* PreferencesDialog::formLabel(const QString& text)
{
    auto* label = new QLabel(text);
    label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_formLabels.append(label);
    return label;
}

// A dim one-line explanation under a radio button, indented to its text.
QLabel* PreferencesDialog::hintLabel(const QString& text, int indent)
{
    auto* hint = new QLabel(text);
    hint->setForegroundRole(QPalette::PlaceholderText);
    hint->setContentsMargins(indent, 0, 0, 0);
    QFont font = hint->font();
    font.setPointSizeF(font.pointSizeF() * 0.92);
    hint->setFont(font);
    return hint;
}

QWidget* PreferencesDialog::buildViewportGroup()
{
    auto* group = new QGroupBox(tr("Viewport"));
    QFormLayout* form = makeForm(group);

    // Navigation: both schemes stay visible with their mappings, so the user
    // chooses by what the buttons do rather than by an application name.
    auto* navigation = fieldLayout<QVBoxLayout>(form, formLabel(tr("Navigation:")));
    navigation->setSpacing(2);
    const int indent = style()->pixelMetric(QStyle::PM_ExclusiveIndicatorWidth) +
                       style()->pixelMetric(QStyle::PM_RadioButtonLabelSpacing);
    m_blender = new QRadioButton(tr("Blender"));
    m_blender->setObjectName(QStringLiteral("navigationBlender"));
    m_maya = new QRadioButton(tr("Maya"));
    m_maya->setObjectName(QStringLiteral("navigationMaya"));
    navigation->addWidget(m_blender);
    navigation->addWidget(hintLabel(navigationSummary(NavigationScheme::Blender), indent));
    navigation->addSpacing(4);
    navigation->addWidget(m_maya);
    navigation->addWidget(hintLabel(navigationSummary(NavigationScheme::Maya), indent));
    // Radio buttons with one parent are auto-exclusive all together; the
    // groups keep navigation and skinning independent.
    m_navigationGroup = new QButtonGroup(this);
    m_navigationGroup->addButton(m_blender);
    m_navigationGroup->addButton(m_maya);

    auto* skinning = fieldLayout<QHBoxLayout>(form, formLabel(tr("Skinning:")));
    skinning->setSpacing(16);
    m_lbs = new QRadioButton(tr("Linear blend (LBS)"));
    m_lbs->setObjectName(QStringLiteral("skinningLbs"));
    m_lbs->setToolTip(tr("Fast and standard; joints that twist or bend far lose volume."));
    m_dqs = new QRadioButton(tr("Dual quaternion (DQS)"));
    m_dqs->setObjectName(QStringLiteral("skinningDqs"));
    m_dqs->setToolTip(tr("Keeps volume at twisting and bending joints; may bulge slightly."));
    skinning->addWidget(m_lbs);
    skinning->addWidget(m_dqs);
    m_skinningGroup = new QButtonGroup(this);
    m_skinningGroup->addButton(m_lbs);
    m_skinningGroup->addButton(m_dqs);

    auto* show = fieldLayout<QHBoxLayout>(form, formLabel(tr("Show:")));
    show->setSpacing(16);
    m_showGrid = new QCheckBox(tr("Grid"));
    m_showGrid->setObjectName(QStringLiteral("showGrid"));
    m_showBones = new QCheckBox(tr("Bones"));
    m_showBones->setObjectName(QStringLiteral("showBones"));
    m_showWireframe = new QCheckBox(tr("Wireframe"));
    m_showWireframe->setObjectName(QStringLiteral("showWireframe"));
    show->addWidget(m_showGrid);
    show->addWidget(m_showBones);
    show->addWidget(m_showWireframe);
    return group;
}

QWidget* PreferencesDialog::buildTimelineGroup()
{
    auto* group = new QGroupBox(tr("Timeline"));
    QFormLayout* form = makeForm(group);

    m_fps = new FpsSpinBox;
    m_fps->setObjectName(QStringLiteral("fps"));
    m_fps->setRange(EditorSettings::kMinFps, EditorSettings::kMaxFps);
    m_fps->setDecimals(EditorSettings::kFpsDecimals);
    m_fps->setSingleStep(1.0);
    m_fps->setSuffix(tr(" fps"));
    m_fps->setAlignment(Qt::AlignRight);
    m_fps->setMinimumWidth(110);
    form->addRow(formLabel(tr("Frame rate:")), m_fps);

    m_loop = new QCheckBox(tr("Loop playback"));
    m_loop->setObjectName(QStringLiteral("loopPlayback"));
    form->addRow(formLabel(QString()), m_loop);
    return group;
}

QWidget* PreferencesDialog::buildFilesGroup()
{
    auto* group = new QGroupBox(tr("Files"));
    QFormLayout* form = makeForm(group);

    m_autosave = new QSpinBox;
    m_autosave->setObjectName(QStringLiteral("autosaveInterval"));
    m_autosave->setRange(0, EditorSettings::kMaxAutosaveIntervalSeconds);
    m_autosave->setSingleStep(10);
    m_autosave->setSuffix(tr(" s"));
    m_autosave->setSpecialValueText(tr("Off"));  // shown for the minimum, 0
    m_autosave->setAlignment(Qt::AlignRight);
    m_autosave->setMinimumWidth(110);
    m_autosave->setToolTip(tr("Seconds between automatic saves of a modified document; Off disables autosave."));
    form->addRow(formLabel(tr("Autosave every:")), m_autosave);

    m_maxRecent = new QSpinBox;
    m_maxRecent->setObjectName(QStringLiteral("maxRecentFiles"));
    m_maxRecent->setRange(EditorSettings::kMinRecentFiles, EditorSettings::kMaxRecentFiles);
    m_maxRecent->setAlignment(Qt::AlignRight);
    m_maxRecent->setMinimumWidth(110);
    m_maxRecent->setToolTip(tr("How many files File > Open Recent lists."));
    form->addRow(formLabel(tr("Recent files:")), m_maxRecent);
    return group;
}

void PreferencesDialog::onButtonClicked(QAbstractButton* button)
{
    // Restores the controls only; nothing is saved until OK.
    if (m_buttons->buttonRole(button) == QDialogButtonBox::ResetRole)
        setSettings(EditorSettings{});
}

EditorSettings PreferencesDialog::settings() const
{
    EditorSettings s;
    s.navigation = m_maya->isChecked() ? EditorSettings::Navigation::Maya : EditorSettings::Navigation::Blender;
    s.dualQuaternionSkinning = m_dqs->isChecked();
    s.showGrid = m_showGrid->isChecked();
    s.showBones = m_showBones->isChecked();
    s.showWireframe = m_showWireframe->isChecked();
    s.fps = m_fps->value();
    s.loopPlayback = m_loop->isChecked();
    s.autosaveIntervalSeconds = m_autosave->value();
    s.maxRecentFiles = m_maxRecent->value();
    return s;
}

void PreferencesDialog::setSettings(const EditorSettings& settings)
{
    (settings.navigation == EditorSettings::Navigation::Maya ? m_maya : m_blender)->setChecked(true);
    (settings.dualQuaternionSkinning ? m_dqs : m_lbs)->setChecked(true);
    m_showGrid->setChecked(settings.showGrid);
    m_showBones->setChecked(settings.showBones);
    m_showWireframe->setChecked(settings.showWireframe);
    m_fps->setValue(settings.fps);
    m_loop->setChecked(settings.loopPlayback);
    m_autosave->setValue(settings.autosaveIntervalSeconds);
    m_maxRecent->setValue(settings.maxRecentFiles);
}

} // namespace marrow::ui
