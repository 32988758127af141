// SPDX-License-Identifier: MIT
#include "widgets/transitions/foot_slide_box.h"
#include "widgets/transitions/wheel_guard.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>

namespace marrow::ui {

namespace {

// What a viewer would see go wrong in the blend, one warning a line; empty when nothing.
QStringList faultLines(const anim::BlendFaults& f)
{
    QStringList lines;
    if (f.skipStep)
        lines << QObject::tr("A foot lands twice in a row (a skip step)");
    if (f.airborneOver > 0)
        lines << QObject::tr("A foot stays up %n frame(s) longer than either clip keeps it", nullptr, f.airborneOver);
    if (f.speedOutside > 0.005)
        lines << QObject::tr("The hips leave the clips' speeds by %1 % on average (a lunge or a stall)")
                     .arg(100.0 * f.speedOutside, 0, 'f', 0);
    if (f.rootJumpAllowed > 0.0 && f.rootJump > f.rootJumpAllowed)
        lines << QObject::tr("The hips' speed jumps %1× as much in one frame as the clips' ever does (a pop)")
                     .arg(f.rootJump / f.rootJumpAllowed, 0, 'f', 1);
    if (f.footJumpAllowed > 0.0 && f.footJump > f.footJumpAllowed)
        lines << QObject::tr("A planted foot's speed jumps %1× as much in one frame as the clips' ever does")
                     .arg(f.footJump / f.footJumpAllowed, 0, 'f', 1);
    return lines;
}

QString perFoot(const anim::GaitReport& r)
{
    QStringList parts;
    for (const auto& leg : r.legs)
        parts << QStringLiteral("%1 %2 (%3 steps)")
                     .arg(QString::fromStdString(leg.label))
                     .arg(leg.slide, 0, 'f', 3)
                     .arg(leg.contacts.size());
    return parts.join(QStringLiteral(", "));
}

// The warnings as rich text under the figures (Find best leaves such blends out).
QString faults(const anim::BlendFaults& f)
{
    const QStringList lines = faultLines(f);
    if (lines.isEmpty())
        return QObject::tr("<br><small>The feet keep their gait through the blend.</small>");
    return QStringLiteral("<br><span style=\"color:#e8a33d\">⚠ %1</span>").arg(lines.join(QStringLiteral("<br>⚠ ")));
}

} // namespace

FootSlideBox::FootSlideBox(ws::TransitionPreview* preview, const anim::Skeleton* skeleton, QWidget* parent)
    : QGroupBox(tr("Foot slide"), parent)
    , m_preview(preview)
    , m_skeleton(skeleton)
{
    auto* form = new QFormLayout(this);
    m_figures = new QLabel(this);
    m_figures->setTextFormat(Qt::RichText);
    m_figures->setWordWrap(true);
    m_feet = new QLineEdit(this);
    m_feet->setToolTip(tr("The joints measured, by name, comma separated (default: those named like feet or toes)"));
    m_contact = new QDoubleSpinBox(this);
    m_contact->setDecimals(3);
    m_contact->setRange(0.0, 100.0);
    m_contact->setSingleStep(0.005);
    m_contact->setKeyboardTracking(false);
    m_contact->setSpecialValueText(tr("by leg (3 %)"));
    m_contact->setToolTip(tr("A foot is planted while it is within this height of its own clip's ground and slow; "
                             "0: 3 % of its leg's length"));
    takeWheelOnlyWhenFocused(m_contact);
    form->addRow(m_figures);
    form->addRow(tr("Feet"), m_feet);
    form->addRow(tr("Contact"), m_contact);
    connect(m_feet, &QLineEdit::editingFinished, this, &FootSlideBox::applyFeet);
    connect(m_contact, &QDoubleSpinBox::valueChanged, m_preview,
            [this](double h) { m_preview->setContactHeight(static_cast<float>(h)); });
    // Measuring poses the whole preview three times: once per change, and
    // only while someone can see the numbers.
    connect(m_preview, &ws::TransitionPreview::footSlideChanged, this, [this] {
        m_stale = true;
        if (isVisible())
            QTimer::singleShot(0, this, &FootSlideBox::refresh);
    });
    connect(m_preview, &ws::TransitionPreview::activeChanged, this, [this] {
        m_stale = true;
        if (isVisible())
            refresh();
    });
}

void FootSlideBox::setSkeleton(const anim::Skeleton* skeleton)
{
    m_skeleton = skeleton;
    m_stale = true;
    if (isVisible())
        refresh();
}

void FootSlideBox::showEvent(QShowEvent* event)
{
    QGroupBox::showEvent(event);
    if (m_stale)
        refresh();
}

void FootSlideBox::refresh()
{
    if (!m_stale)
        return;
    m_stale = false;
    QStringList names;
    for (anim::JointIndex j : m_preview->footJoints())
        if (m_skeleton && j >= 0 && static_cast<std::size_t>(j) < m_skeleton->size())
            names << QString::fromStdString(m_skeleton->names[static_cast<std::size_t>(j)]);
    if (!m_feet->hasFocus())
        m_feet->setText(names.join(QStringLiteral(", ")));
    const QSignalBlocker block(m_contact);
    m_contact->setValue(static_cast<double>(m_preview->contactHeight()));
    if (!m_preview->isActive()) {
        m_figures->setText(tr("<i>Select a transition to measure it.</i>"));
        return;
    }
    if (names.isEmpty()) {
        m_figures->setText(tr("<i>No feet: name the joints to measure below.</i>"));
        return;
    }
    const ws::TransitionPreview::FootSlide& s = m_preview->footSlide();
    m_figures->setText(tr("A alone <b>%1</b> &nbsp; B alone <b>%2</b> &nbsp; blend <b>%3</b> cm per metre of leg"
                          "<br>%4")
                           .arg(100.0 * s.a.perLegLength, 0, 'f', 1)
                           .arg(100.0 * s.b.perLegLength, 0, 'f', 1)
                           .arg(100.0 * s.blendPerLegLength, 0, 'f', 1)
                           .arg((s.inPlace ? tr("<small>In place: measured against each clip's treadmill</small>")
                                           : tr("<small>Travelling: measured against the world</small>")) +
                                faults(s.faults)));
    m_figures->setToolTip(tr("Slide while planted, per leg (file units): A and B over one cycle of their own, "
                             "the transition over its whole preview (blend %4)\nA: %1\nB: %2\ntransition: %3")
                              .arg(perFoot(s.a), perFoot(s.b), perFoot(s.blended))
                              .arg(s.blend, 0, 'f', 3));
}

void FootSlideBox::applyFeet()
{
    if (!m_skeleton)
        return;
    std::vector<anim::JointIndex> feet;
    const QStringList names = m_feet->text().split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString& raw : names) {
        const std::string name = raw.trimmed().toStdString();
        for (std::size_t j = 0; j < m_skeleton->size(); ++j)
            if (m_skeleton->names[j] == name)
                feet.push_back(static_cast<anim::JointIndex>(j));
    }
    m_preview->setFootJoints(std::move(feet));
    m_stale = true;
    refresh();
}

} // namespace marrow::ui
