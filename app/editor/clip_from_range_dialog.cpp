// SPDX-License-Identifier: MIT
#include "app/editor/clip_from_range_dialog.h"

#include "core/model/clip_names.h"
#include "core/model/cycle_search.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace marrow::app {

ClipFromRangeDialog::ClipFromRangeDialog(const model::Rig& rig, model::ClipId active, double fps, QWidget* parent)
    : QDialog(parent)
    , m_rig(rig)
    , m_fps(fps > 0.0 ? fps : 30.0)
{
    setWindowTitle(tr("New Clip from Range"));
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("rangeSource"));
    for (const anim::Clip& clip : rig.clips)
        m_source->addItem(QString::fromStdString(clip.name));
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("rangeName"));
    m_start = new QSpinBox(this);
    m_start->setObjectName(QStringLiteral("rangeStart"));
    m_end = new QSpinBox(this);
    m_end->setObjectName(QStringLiteral("rangeEnd"));
    // Typed numbers count once typed (Enter, Tab), as in Set Range….
    m_start->setKeyboardTracking(false);
    m_end->setKeyboardTracking(false);
    m_seconds = new QLabel(this);
    m_seconds->setObjectName(QStringLiteral("rangeSeconds"));
    m_findCycle = new QPushButton(tr("Find &Cycle"), this);
    m_findCycle->setObjectName(QStringLiteral("findCycle"));
    m_findCycle->setToolTip(tr("The range between the start and end frames whose first and last poses, and their "
                               "motion, match best: a loop"));
    m_cycle = new QLabel(this);
    m_cycle->setObjectName(QStringLiteral("cycleCost"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Clip:"), m_source);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Start frame:"), m_start);
    form->addRow(tr("&End frame:"), m_end);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_seconds);
    layout->addWidget(m_findCycle);
    layout->addWidget(m_cycle);
    layout->addWidget(buttons);

    // The end stays after the start, whichever moves.
    connect(m_start, &QSpinBox::valueChanged, this, [this](int v) {
        if (m_end->value() <= v)
            m_end->setValue(v + 1);
        sync();
    });
    connect(m_end, &QSpinBox::valueChanged, this, [this](int v) {
        if (m_start->value() >= v)
            m_start->setValue(v - 1);
        sync();
    });
    connect(m_source, &QComboBox::currentIndexChanged, this, &ClipFromRangeDialog::sourceChosen);
    connect(m_name, &QLineEdit::textChanged, this, &ClipFromRangeDialog::sync);
    connect(m_findCycle, &QPushButton::clicked, this, &ClipFromRangeDialog::findCycle);
    m_source->setCurrentIndex(rig.clipAt(active) ? active : 0);
    sourceChosen();
}

void ClipFromRangeDialog::sourceChosen()
{
    const anim::Clip* clip = m_rig.clipAt(sourceClip());
    if (!clip)
        return;
    // Frames inside the clip: [its start, its end], on the document's grid.
    const int first = static_cast<int>(std::ceil(clip->start() * m_fps - 1e-6));
    const int last = std::max(first + 1, static_cast<int>(std::floor(clip->duration * m_fps + 1e-6)));
    const QSignalBlocker blockStart(m_start), blockEnd(m_end);
    m_start->setRange(first, last - 1);
    m_end->setRange(first + 1, last);
    m_start->setValue(first);
    m_end->setValue(last);
    m_name->setText(QString::fromStdString(model::uniqueClipName(m_rig, clip->name + "_range")));
    m_cycle->clear();
    sync();
}

void ClipFromRangeDialog::sync()
{
    m_seconds->setText(tr("%1 to %2 s (%3 s) at %4 fps")
                           .arg(startSeconds(), 0, 'f', 3)
                           .arg(endSeconds(), 0, 'f', 3)
                           .arg(endSeconds() - startSeconds(), 0, 'f', 3)
                           .arg(m_fps));
    const bool has = m_rig.clipAt(sourceClip()) != nullptr;
    m_findCycle->setEnabled(has);
    m_ok->setEnabled(has && !m_name->text().trimmed().isEmpty());
}

void ClipFromRangeDialog::findCycle()
{
    model::CycleSearchOptions options;
    options.fps = m_fps;
    options.from = startSeconds();
    options.to = endSeconds();
    std::string why;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const auto found = model::findCycle(m_rig, sourceClip(), options, &why);
    QApplication::restoreOverrideCursor();
    if (!found) {
        m_cycle->setText(tr("No cycle: %1").arg(QString::fromStdString(why)));
        return;
    }
    const QSignalBlocker blockStart(m_start), blockEnd(m_end);
    m_end->setValue(static_cast<int>(std::lround(found->end * m_fps)));
    m_start->setValue(static_cast<int>(std::lround(found->start * m_fps)));
    m_cycle->setText(tr("Best loop: frames %1 to %2, cost %3 (0 loops exactly)")
                         .arg(m_start->value())
                         .arg(m_end->value())
                         .arg(found->cost, 0, 'g', 3));
    sync();
}

model::ClipId ClipFromRangeDialog::sourceClip() const
{
    return m_source->currentIndex();
}

std::string ClipFromRangeDialog::name() const
{
    return m_name->text().trimmed().toStdString();
}

double ClipFromRangeDialog::startSeconds() const
{
    return m_start->value() / m_fps;
}

double ClipFromRangeDialog::endSeconds() const
{
    return m_end->value() / m_fps;
}

} // namespace marrow::app
