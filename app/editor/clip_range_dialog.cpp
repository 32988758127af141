// SPDX-License-Identifier: MIT
#include "app/editor/clip_range_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace marrow::app {

namespace {

int frameOf(float seconds, double fps)
{
    return static_cast<int>(std::lround(static_cast<double>(seconds) * fps));
}

} // namespace

ClipRangeDialog::ClipRangeDialog(const anim::Clip& clip, double fps, QWidget* parent)
    : QDialog(parent)
    , m_fps(fps > 0.0 ? fps : 30.0)
{
    setWindowTitle(tr("Set Range"));
    const int most = static_cast<int>(std::min(anim::kMaxClipSeconds * m_fps, 1e7));
    m_start = new QSpinBox(this);
    m_start->setObjectName(QStringLiteral("rangeStart"));
    m_start->setRange(0, most - 1);
    m_end = new QSpinBox(this);
    m_end->setObjectName(QStringLiteral("rangeEnd"));
    m_end->setRange(1, most);
    // Typed numbers count once typed (Enter, Tab): "60" must not pass
    // through 6, which would push the start back before the end.
    m_start->setKeyboardTracking(false);
    m_end->setKeyboardTracking(false);
    m_follow = new QCheckBox(tr("&Follow the keys"), this);
    m_follow->setObjectName(QStringLiteral("followKeys"));
    m_follow->setToolTip(tr("No manual range: the clip is as long as its last key, and grows with keys past its end"));
    m_seconds = new QLabel(this);
    m_seconds->setObjectName(QStringLiteral("rangeSeconds"));

    const int lastKey = frameOf(clip.lastKeyTime(), m_fps);
    if (clip.range) {
        m_start->setValue(frameOf(clip.range->start, m_fps));
        m_end->setValue(std::max(frameOf(clip.range->end, m_fps), m_start->value() + 1));
    } else {
        m_end->setValue(std::max(frameOf(clip.duration, m_fps), 1));
        m_follow->setChecked(true);
    }

    auto* form = new QFormLayout;
    form->addRow(tr("&Start frame:"), m_start);
    form->addRow(tr("&End frame:"), m_end);
    auto* keys = new QLabel(clip.lastKeyTime() > 0.f ? tr("The keys end at frame %1.").arg(lastKey)
                                                     : tr("The clip has no keys after frame 0."),
                            this);
    keys->setEnabled(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_follow);
    layout->addLayout(form);
    layout->addWidget(m_seconds);
    layout->addWidget(keys);
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
    connect(m_follow, &QCheckBox::toggled, this, &ClipRangeDialog::sync);
    sync();
}

void ClipRangeDialog::sync()
{
    const bool manual = !m_follow->isChecked();
    m_start->setEnabled(manual);
    m_end->setEnabled(manual);
    m_seconds->setText(tr("%1 to %2 s at %3 fps")
                           .arg(m_start->value() / m_fps, 0, 'f', 3)
                           .arg(m_end->value() / m_fps, 0, 'f', 3)
                           .arg(m_fps));
    m_seconds->setEnabled(manual);
}

std::optional<anim::ClipRange> ClipRangeDialog::range() const
{
    if (m_follow->isChecked())
        return std::nullopt;
    return anim::ClipRange{static_cast<float>(m_start->value() / m_fps), static_cast<float>(m_end->value() / m_fps)};
}

} // namespace marrow::app
