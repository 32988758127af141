// SPDX-License-Identifier: MIT
#include "widgets/timeline/key_drag_status.h"

#include "widgets/timeline/key_drag_controller.h"

#include <QCoreApplication>

#include <cmath>

namespace marrow::ui {

namespace {

QString trDragStatus(const char* text) { return QCoreApplication::translate("KeyDragStatus", text); }

// Frames with a sign, whole frames without decimals.
QString signedFrames(double frames)
{
    const double rounded = std::round(frames * 100.0) / 100.0;
    const QString number = QString::number(std::abs(rounded), 'f', rounded == std::round(rounded) ? 0 : 2);
    return (rounded < 0.0 ? QStringLiteral("-") : QStringLiteral("+")) + number;
}

QString stopped(bool clamped) { return clamped ? trDragStatus(" (stops at frame 0)") : QString(); }

} // namespace

QString keyMoveText(double frames, bool clamped)
{
    return trDragStatus("Move %1 frames").arg(signedFrames(frames)) + stopped(clamped);
}

QString keyDragText(const KeyDragController& drag)
{
    if (!drag.isActive())
        return {};
    const bool typing = drag.typed().active();
    const QString typed = QString::fromStdString(drag.typed().text());
    QString value;
    if (drag.mode() == KeyDragController::Mode::Scale) {
        value = trDragStatus("Scale ×%1").arg(typing ? typed : QString::number(drag.factor(), 'f', 3));
    } else {
        const QString what = drag.isDuplicate() ? trDragStatus("Duplicate, move %1 frames") : trDragStatus("Move %1 frames");
        value = what.arg(typing ? typed : signedFrames(drag.delta() * drag.fps()));
    }
    return value + stopped(drag.isClamped()) +
           trDragStatus(" · type a number · Enter or click keeps · Esc or right-click cancels");
}

QString keyDragRichText(const QString& text, int wouldMerge)
{
    QString out = text.toHtmlEscaped();
    if (wouldMerge > 0) {
        const QString merges = wouldMerge == 1 ? trDragStatus("1 key would merge") : trDragStatus("%1 keys would merge").arg(wouldMerge);
        out += QStringLiteral(" · <span style=\"color:#ff4040; font-weight:bold\">%1</span>").arg(merges);
    }
    return out;
}

KeyDragStatusLabel::KeyDragStatusLabel(QWidget* parent)
    : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    setObjectName(QStringLiteral("keyDragStatus"));
    hide();
}

void KeyDragStatusLabel::showStatus(const QString& text, int wouldMerge)
{
    if (text.isEmpty()) {
        clear();
        hide();
        return;
    }
    setText(keyDragRichText(text, wouldMerge));
    show();
}

} // namespace marrow::ui
