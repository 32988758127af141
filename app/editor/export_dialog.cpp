// SPDX-License-Identifier: MIT
#include "app/editor/export_dialog.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QPushButton>
#include <QRadioButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace marrow::app {

namespace {

bool hasSuffix(const QString& path, const char* suffix)
{
    return path.endsWith(QLatin1String(suffix), Qt::CaseInsensitive);
}

} // namespace

ExportDialog::ExportDialog(const ExportDialogContext& context, const model::ExportSettings& settings,
                           const model::ExportProfile& profile, const QString& path, QWidget* parent)
    : QDialog(parent)
    , m_context(context)
{
    setWindowTitle(tr("Export glTF 2.0"));
    auto* layout = new QVBoxLayout(this);

    auto* where = new QFormLayout;
    auto* pathRow = new QHBoxLayout;
    m_path = new QLineEdit(path.isEmpty() ? context.suggestedPath : path);
    m_path->setObjectName(QStringLiteral("exportPath"));
    m_path->setMinimumWidth(360);
    auto* browseButton = new QToolButton;
    browseButton->setText(tr("…"));
    browseButton->setToolTip(tr("Choose the file"));
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);
    where->addRow(tr("File:"), pathRow);
    m_format = new QComboBox;
    m_format->addItem(tr("glTF Binary (.glb): one file"), static_cast<int>(model::ExportFormat::Glb));
    m_format->addItem(tr("glTF Separate (.gltf): images as files beside it"), static_cast<int>(model::ExportFormat::Gltf));
    m_format->setCurrentIndex(settings.format == model::ExportFormat::Gltf ? 1 : 0);
    where->addRow(tr("Format:"), m_format);
    layout->addLayout(where);

    auto* clipsBox = new QGroupBox(tr("Clips"));
    auto* clips = new QVBoxLayout(clipsBox);
    m_clipGroup = new QButtonGroup(this);
    const struct {
        model::ExportClips which;
        QString text;
    } choices[] = {{model::ExportClips::All, tr("All (%n)", nullptr, int(context.clips.size()))},
                   {model::ExportClips::Active, context.activeClip.isEmpty()
                                                    ? tr("The active clip (none)")
                                                    : tr("The active clip (%1)").arg(context.activeClip)},
                   {model::ExportClips::Chosen, tr("These:")}};
    for (const auto& c : choices) {
        auto* button = new QRadioButton(c.text);
        m_clipGroup->addButton(button, static_cast<int>(c.which));
        button->setChecked(c.which == settings.clips);
        clips->addWidget(button);
    }
    // One check box per clip in a scrolling column (item-view check marks
    // vanish in the dark palette; a QCheckBox is drawn as the others are).
    m_clipList = new QScrollArea;
    m_clipList->setWidgetResizable(true);
    m_clipList->setMaximumHeight(110);
    auto* column = new QWidget;
    auto* boxes = new QVBoxLayout(column);
    boxes->setContentsMargins(6, 4, 6, 4);
    boxes->setSpacing(2);
    for (const QString& name : context.clips) {
        auto* box = new QCheckBox(name);
        box->setChecked(std::find(settings.chosenClips.begin(), settings.chosenClips.end(), name.toStdString()) !=
                        settings.chosenClips.end());
        connect(box, &QCheckBox::toggled, this, &ExportDialog::refresh);
        boxes->addWidget(box);
        m_clipBoxes << box;
    }
    boxes->addStretch(1);
    m_clipList->setWidget(column);
    clips->addWidget(m_clipList);
    m_bake = new QCheckBox(context.transitions > 0
                               ? tr("Bake each transition as a clip (%n) at %1 fps", nullptr, context.transitions)
                                     .arg(context.fps, 0, 'g', 4)
                               : tr("Bake each transition as a clip (the document has none)"));
    m_bake->setChecked(settings.bakeTransitions);
    m_bake->setEnabled(context.transitions > 0);
    m_bake->setToolTip(tr("Each transition sampled, as Bake does, into a clip named after it"));
    clips->addWidget(m_bake);
    auto* sampling = new QHBoxLayout;
    m_resample = new QCheckBox(tr("Resample every channel at"));
    m_resample->setToolTip(tr("Off: the curves as authored (cubic keys stay cubic). On: LINEAR keys at every frame, "
                              "for engines that ignore tangents"));
    m_resample->setChecked(settings.resampleFps > 0.0);
    m_rate = new QDoubleSpinBox;
    m_rate->setRange(1.0, 1000.0);
    m_rate->setDecimals(2);
    m_rate->setSuffix(tr(" fps"));
    m_rate->setValue(settings.resampleFps > 0.0 ? settings.resampleFps : context.fps);
    sampling->addWidget(m_resample);
    sampling->addWidget(m_rate);
    sampling->addStretch(1);
    clips->addLayout(sampling);
    layout->addWidget(clipsBox);

    auto* meshBox = new QGroupBox(tr("Meshes and weights"));
    auto* meshForm = new QFormLayout(meshBox);
    m_meshes = new QComboBox;
    m_meshes->addItem(tr("All (%n)", nullptr, context.meshes), static_cast<int>(model::ExportMeshes::All));
    m_meshes->addItem(tr("Visible (%n)", nullptr, context.visibleMeshes), static_cast<int>(model::ExportMeshes::Visible));
    m_meshes->addItem(tr("Selected (%n)", nullptr, context.selectedMeshes),
                      static_cast<int>(model::ExportMeshes::Selected));
    m_meshes->setCurrentIndex(static_cast<int>(settings.meshes));
    meshForm->addRow(tr("Meshes:"), m_meshes);
    m_influences = new QComboBox;
    m_influences->addItem(tr("8 per vertex (two sets)"), 8);
    m_influences->addItem(tr("4 per vertex"), 4);
    m_influences->setCurrentIndex(profile.maxInfluences == 4 ? 1 : 0);
    meshForm->addRow(tr("Influences:"), m_influences);
    m_storage = new QComboBox;
    m_storage->addItem(tr("Float"), static_cast<int>(model::WeightStorage::Float));
    m_storage->addItem(tr("16-bit"), static_cast<int>(model::WeightStorage::U16));
    m_storage->addItem(tr("8-bit"), static_cast<int>(model::WeightStorage::U8));
    m_storage->setCurrentIndex(static_cast<int>(profile.weights));
    meshForm->addRow(tr("Weights:"), m_storage);
    meshBox->setToolTip(tr("The document's export profile (Weights › Export Profile): one setting for both"));
    layout->addWidget(meshBox);

    m_notCarried = new QLabel;
    m_notCarried->setObjectName(QStringLiteral("exportNotCarried"));
    m_notCarried->setWordWrap(true);
    m_notCarried->setTextFormat(Qt::PlainText);
    m_notCarried->setText(tr("Checking what the file will carry…"));
    layout->addWidget(m_notCarried);
    m_problem = new QLabel;
    m_problem->setStyleSheet(QStringLiteral("color: #e07060"));
    layout->addWidget(m_problem);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    QPushButton* go = m_buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    layout->addWidget(m_buttons);
    // Enter exports (set once the button is in the dialog, or Cancel stays the default).
    m_buttons->button(QDialogButtonBox::Cancel)->setAutoDefault(false);
    go->setDefault(true);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (problem().isEmpty())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browseButton, &QToolButton::clicked, this, &ExportDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChosen);
    connect(m_path, &QLineEdit::textChanged, this, &ExportDialog::refresh);
    connect(m_clipGroup, &QButtonGroup::idClicked, this, &ExportDialog::refresh);
    connect(m_resample, &QCheckBox::toggled, this, &ExportDialog::refresh);
    refresh();
    m_path->setFocus();
}

void ExportDialog::setNotCarried(const QStringList& items)
{
    m_notCarried->setText(items.isEmpty() ? tr("The file carries everything the document holds.")
                                          : tr("Not carried:\n") + QStringLiteral("• ") +
                                                items.join(QStringLiteral("\n• ")));
}

QRadioButton* ExportDialog::clipChoice(model::ExportClips which) const
{
    return qobject_cast<QRadioButton*>(m_clipGroup->button(static_cast<int>(which)));
}

QPushButton* ExportDialog::exportButton() const
{
    for (QAbstractButton* b : m_buttons->buttons())
        if (m_buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
            return qobject_cast<QPushButton*>(b);
    return nullptr;
}

model::ExportSettings ExportDialog::settings() const
{
    model::ExportSettings s;
    s.format = static_cast<model::ExportFormat>(m_format->currentData().toInt());
    s.clips = static_cast<model::ExportClips>(m_clipGroup->checkedId() < 0 ? 0 : m_clipGroup->checkedId());
    for (const QCheckBox* box : m_clipBoxes)
        if (box->isChecked())
            s.chosenClips.push_back(box->text().toStdString());
    s.bakeTransitions = m_bake->isChecked();
    s.resampleFps = m_resample->isChecked() ? m_rate->value() : 0.0;
    s.meshes = static_cast<model::ExportMeshes>(m_meshes->currentData().toInt());
    return s;
}

model::ExportProfile ExportDialog::profile() const
{
    return {m_influences->currentData().toInt(), static_cast<model::WeightStorage>(m_storage->currentData().toInt())};
}

QString ExportDialog::path() const
{
    return m_path->text().trimmed();
}

QString ExportDialog::problem() const
{
    const QString p = path();
    if (p.isEmpty())
        return tr("Choose where the file goes");
    if (!hasSuffix(p, ".glb") && !hasSuffix(p, ".gltf"))
        return tr("The file must end in .glb or .gltf");
    const model::ExportSettings s = settings();
    if (s.clips == model::ExportClips::Chosen && s.chosenClips.empty() && !s.bakeTransitions)
        return tr("Tick the clips to export");
    if (s.clips == model::ExportClips::Active && m_context.activeClip.isEmpty() && !m_context.clips.isEmpty())
        return tr("No clip is active: choose All or tick the clips");
    return {};
}

void ExportDialog::browse()
{
    const bool text = m_format->currentData().toInt() == static_cast<int>(model::ExportFormat::Gltf);
    const QString filter = text ? tr("glTF 2.0 (*.gltf)") : tr("glTF 2.0 binary (*.glb)");
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export to"), path(), filter, nullptr,
                                                        QFileDialog::DontConfirmOverwrite);
    if (!chosen.isEmpty())
        m_path->setText(chosen);
}

// The file name follows the container chosen (Blender's exporter does the same).
void ExportDialog::formatChosen()
{
    const auto format = static_cast<model::ExportFormat>(m_format->currentData().toInt());
    const QString p = path();
    if (!p.isEmpty()) {
        const QFileInfo info(p);
        const QString base = hasSuffix(p, ".glb") || hasSuffix(p, ".gltf")
                                 ? info.path() + QLatin1Char('/') + info.completeBaseName()
                                 : p;
        m_path->setText(QDir::cleanPath(base) + QLatin1String(model::exportSuffix(format)));
    }
    refresh();
}

void ExportDialog::refresh()
{
    m_clipList->setEnabled(m_clipGroup->checkedId() == static_cast<int>(model::ExportClips::Chosen));
    m_rate->setEnabled(m_resample->isChecked());
    // A typed name picks the container too.
    const QString p = path();
    const int wanted = hasSuffix(p, ".gltf") ? 1 : hasSuffix(p, ".glb") ? 0 : m_format->currentIndex();
    if (wanted != m_format->currentIndex()) {
        const QSignalBlocker block(m_format);
        m_format->setCurrentIndex(wanted);
    }
    const QString why = problem();
    m_problem->setText(why);
    if (QPushButton* b = exportButton())
        b->setEnabled(why.isEmpty());
}

} // namespace marrow::app
