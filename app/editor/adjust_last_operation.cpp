// SPDX-License-Identifier: MIT
#include "app/editor/adjust_last_operation.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

namespace marrow::app {

using Kind = ws::WeightOperation::Kind;

AdjustLastOperation::AdjustLastOperation(QWidget* viewport, QUndoStack* stack, Runner run)
    : QFrame(viewport)
    , m_stack(stack)
    , m_run(std::move(run))
    , m_title(new QLabel(this))
{
    setObjectName(QStringLiteral("AdjustLastOperation"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 8);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    layout->addWidget(m_title);
    hide();
    if (viewport)
        viewport->installEventFilter(this);
    if (m_stack)
        connect(m_stack, &QUndoStack::indexChanged, this, &AdjustLastOperation::onIndexChanged);
}

bool AdjustLastOperation::adjustable(Kind kind)
{
    return kind == Kind::Limit || kind == Kind::Clean || kind == Kind::Quantize || kind == Kind::Smooth ||
           kind == Kind::Flood;
}

void AdjustLastOperation::ran(const ws::WeightOperation& op, bool pushed)
{
    if (!adjustable(op.kind)) {
        m_op.reset();
        hide();
        return;
    }
    m_op = op;
    m_pushed = pushed;
    m_index = m_stack ? m_stack->index() : -1;
    rebuildFields();
    show();
    raise();
    place();
}

void AdjustLastOperation::adjust(const ws::WeightOperation& op)
{
    if (!m_op || !m_stack || m_stack->index() != m_index)
        return;
    m_adjusting = true;
    if (m_pushed)
        m_stack->undo();
    m_pushed = m_run(op);
    m_index = m_stack->index();
    m_adjusting = false;
    m_op = op;
    m_title->setText(ws::weightOperationName(op));
}

void AdjustLastOperation::toggle()
{
    if (isVisible() || !m_op) {
        hide();
        return;
    }
    show();
    raise();
    place();
}

void AdjustLastOperation::onIndexChanged(int index)
{
    if (m_adjusting || index == m_index)
        return;
    m_op.reset();  // the history moved on: there is no "last operation" to redo
    hide();
}

void AdjustLastOperation::rebuildFields()
{
    delete m_fields;
    m_fields = new QWidget(this);
    auto* form = new QFormLayout(m_fields);
    form->setContentsMargins(0, 0, 0, 0);
    layout()->addWidget(m_fields);
    m_title->setText(ws::weightOperationName(*m_op));
    const ws::WeightOperation base = *m_op;
    // Every field re-runs the operation with its new value (on Enter, an
    // arrow or leaving the field: no re-run per keystroke).
    const auto intField = [&](const QString& label, const QString& name, int value, int lo, int hi,
                              std::function<void(ws::WeightOperation&, int)> set) {
        auto* box = new QSpinBox(m_fields);
        box->setObjectName(name);
        box->setRange(lo, hi);
        box->setValue(value);
        box->setKeyboardTracking(false);
        connect(box, &QSpinBox::valueChanged, this, [this, set](int v) {
            if (!m_op)
                return;
            ws::WeightOperation op = *m_op;
            set(op, v);
            adjust(op);
        });
        form->addRow(label, box);
    };
    const auto realField = [&](const QString& label, const QString& name, double value, double lo, double hi,
                               int decimals, std::function<void(ws::WeightOperation&, float)> set) {
        auto* box = new QDoubleSpinBox(m_fields);
        box->setObjectName(name);
        box->setRange(lo, hi);
        box->setDecimals(decimals);
        box->setSingleStep(decimals >= 3 ? 0.005 : 0.05);
        box->setValue(value);
        box->setKeyboardTracking(false);
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, set](double v) {
            if (!m_op)
                return;
            ws::WeightOperation op = *m_op;
            set(op, static_cast<float>(v));
            adjust(op);
        });
        form->addRow(label, box);
    };
    switch (base.kind) {
    case Kind::Limit:
        intField(tr("Influences"), QStringLiteral("count"), base.count, 1, 8, [](auto& op, int v) { op.count = v; });
        break;
    case Kind::Clean:
        realField(tr("Remove below"), QStringLiteral("value"), base.value, 0.0, 0.99, 3,
                  [](auto& op, float v) { op.value = v; });
        break;
    case Kind::Quantize: {
        auto* bits = new QComboBox(m_fields);
        bits->setObjectName(QStringLiteral("count"));
        bits->addItems({tr("8-bit"), tr("16-bit")});
        bits->setCurrentIndex(base.count == 16 ? 1 : 0);
        connect(bits, &QComboBox::currentIndexChanged, this, [this](int i) {
            if (!m_op)
                return;
            ws::WeightOperation op = *m_op;
            op.count = i == 1 ? 16 : 8;
            adjust(op);
        });
        form->addRow(tr("Precision"), bits);
        break;
    }
    case Kind::Smooth:
        intField(tr("Iterations"), QStringLiteral("count"), base.count, 1, 1000, [](auto& op, int v) { op.count = v; });
        realField(tr("Factor"), QStringLiteral("value"), base.value, 0.0, 1.0, 2,
                  [](auto& op, float v) { op.value = v; });
        break;
    case Kind::Flood:
        realField(tr("Weight"), QStringLiteral("value"), base.value, 0.0, 1.0, 3,
                  [](auto& op, float v) { op.value = v; });
        break;
    default:
        break;
    }
    adjustSize();
}

void AdjustLastOperation::place()
{
    if (QWidget* view = parentWidget())
        move(view->width() - width() - 12, view->height() - height() - 12);
}

bool AdjustLastOperation::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize && isVisible())
        place();
    return QFrame::eventFilter(watched, event);
}

} // namespace marrow::app
