// SPDX-License-Identifier: MIT
#include "app/editor/editor_docks.h"

#include "app/editor/editor_actions.h"
#include "core/document/document.h"
#include "widgets/bone_tree/bone_filter_proxy_model.h"
#include "widgets/bone_tree/bone_tree_model.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/bone_tree/hidden_selection_label.h"
#include "widgets/inspector/inspector_panel.h"
#include "widgets/log/log_panel.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/weight_paint/weight_paint_panel.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QLineEdit>
#include <QMainWindow>
#include <QScrollArea>
#include <QTabBar>
#include <QTimer>
#include <QUndoView>
#include <QVBoxLayout>

#include <memory>

namespace marrow::app {

namespace {

// A dock's scroll area that asks for a modest width: QScrollArea's own hint
// is its content's (the paint panel's sliders are wide), and a wide hint in
// a tabbed right-hand group takes the room the bone tree was given.
class DockScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;
    QSize sizeHint() const override { return {290, 360}; }
};

QDockWidget* makeDock(QMainWindow* window, const QString& title, const QString& objectName, QWidget* content)
{
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(objectName);  // saveState() needs it
    dock->setWidget(content);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    return dock;
}

QWidget* buildSkeletonPanel(QMainWindow* window, EditorDocks& d, doc::Document* document, ws::Selection* selection)
{
    auto* panel = new QWidget(window);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    d.boneFilterEdit = new QLineEdit(panel);
    d.boneFilterEdit->setPlaceholderText(QObject::tr("Filter joints…"));
    d.boneFilterEdit->setClearButtonEnabled(true);
    d.boneModel = new ui::BoneTreeModel(document, selection, window);
    d.boneFilter = new ui::BoneFilterProxyModel(window);
    d.boneFilter->setBoneModel(d.boneModel);
    d.boneTree = new ui::BoneTreeView(panel);
    d.boneTree->setModel(d.boneFilter);
    d.boneTree->setJointSelection(selection);
    // Deep skeletons: narrow indentation (the view sizes its columns).
    d.boneTree->setIndentation(12);
    d.boneTree->setMinimumSize(80, 60);
    auto* hidden = new ui::HiddenSelectionLabel(d.boneTree, panel);
    layout->addWidget(d.boneFilterEdit);
    layout->addWidget(hidden);
    layout->addWidget(d.boneTree);
    QLineEdit* filter = d.boneFilterEdit;
    ui::BoneTreeView* tree = d.boneTree;
    QObject::connect(hidden, &ui::HiddenSelectionLabel::clearFilterRequested, filter, &QLineEdit::clear);
    // The view applies the filter, so it can keep the user's expanded branches.
    QObject::connect(filter, &QLineEdit::textChanged, tree, &ui::BoneTreeView::setNameFilter);
    // Enter commits the filter: Ctrl+Z then means the editor's undo again.
    QObject::connect(filter, &QLineEdit::editingFinished, filter, [filter] { filter->setModified(false); });
    // A filter belongs to the file it was typed for.
    QObject::connect(document, &doc::Document::rigReplaced, filter, &QLineEdit::clear);
    return panel;
}

} // namespace

EditorDocks buildEditorDocks(QMainWindow* window, doc::Document* document, ws::Selection* selection,
                             ws::Playback* playback, ws::PoseEvaluator* evaluator, ws::BrushState* brush)
{
    EditorDocks d;
    d.skeleton = makeDock(window, QObject::tr("Skeleton"), QStringLiteral("SkeletonDock"),
                          buildSkeletonPanel(window, d, document, selection));
    window->addDockWidget(Qt::LeftDockWidgetArea, d.skeleton);

    // The inspector's boxes have a natural height; a short dock scrolls them
    // instead of squeezing them (or painting past the dock).
    d.inspectorPanel = new ui::InspectorPanel(document, selection, evaluator, window);
    auto* inspectorScroll = new DockScrollArea(window);
    inspectorScroll->setWidget(d.inspectorPanel);
    inspectorScroll->setWidgetResizable(true);
    inspectorScroll->setFrameShape(QFrame::NoFrame);
    inspectorScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // Low minimum heights: the Inspector and Weight Paint tabs share one
    // group whose tab bar also needs room in a small window.
    inspectorScroll->setMinimumSize(120, 40);
    d.inspector = makeDock(window, QObject::tr("Inspector"), QStringLiteral("InspectorDock"), inspectorScroll);
    window->addDockWidget(Qt::RightDockWidgetArea, d.inspector);

    d.undoView = new QUndoView(document->undoStack(), window);
    d.undoView->setEmptyLabel(QObject::tr("<original>"));
    d.undoView->setCleanIcon(editorIcon("save"));
    d.undoView->setMinimumSize(80, 40);
    d.history = makeDock(window, QObject::tr("History"), QStringLiteral("HistoryDock"), d.undoView);
    window->addDockWidget(Qt::RightDockWidgetArea, d.history);
    window->splitDockWidget(d.inspector, d.history, Qt::Vertical);

    d.logPanel = new ui::LogPanel(window);
    d.log = makeDock(window, QObject::tr("Log"), QStringLiteral("LogDock"), d.logPanel);
    window->tabifyDockWidget(d.history, d.log);
    d.history->raise();

    d.timelineWidget = new ui::TimelineWidget(document, selection, playback, window);
    d.timelineWidget->setMinimumHeight(60);
    d.timeline = makeDock(window, QObject::tr("Timeline"), QStringLiteral("TimelineDock"), d.timelineWidget);
    window->addDockWidget(Qt::BottomDockWidgetArea, d.timeline);

    // The bottom dock spans the whole width, as in Blender and Maya.
    window->setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    window->setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    window->resizeDocks({d.timeline}, {190}, Qt::Vertical);
    window->resizeDocks({d.inspector, d.history}, {370, 160}, Qt::Vertical);

    // The paint panel is long (bones, brush, options): it scrolls like the inspector.
    d.weightPaintPanel = new ui::WeightPaintPanel(document, selection, brush, window);
    auto* paintScroll = new DockScrollArea(window);
    paintScroll->setWidget(d.weightPaintPanel);
    paintScroll->setWidgetResizable(true);
    paintScroll->setFrameShape(QFrame::NoFrame);
    paintScroll->setMinimumSize(120, 40);
    d.weightPaint = makeDock(window, QObject::tr("Weight Paint"), QStringLiteral("WeightPaintDock"), paintScroll);
    // Tabbed after the sizes are set, so the viewport keeps its size.
    window->tabifyDockWidget(d.inspector, d.weightPaint);
    d.inspector->raise();
    // Widths last: tabbing shares the width out again by size hints.
    // The right column fits the paint panel too, so entering Weight Paint does
    // not shrink the viewport (the panel is wider than the inspector needs).
    window->resizeDocks({d.skeleton, d.inspector}, {275, 380}, Qt::Horizontal);
    return d;
}

void giveColumnOnFirstShow(QMainWindow* window, QDockWidget* dock, QDockWidget* history)
{
    auto done = std::make_shared<bool>(false);
    QObject::connect(dock, &QDockWidget::visibilityChanged, window, [window, dock, history, done](bool visible) {
        if (!visible || *done || !history || !history->isVisible() || !window->isVisible())
            return;
        *done = true;
        // After this event: a tab switch lays the group out first.
        QTimer::singleShot(0, window, [window, dock, history] {
            const int column = dock->height() + history->height();
            const int rows = history->minimumSizeHint().height() + history->fontMetrics().lineSpacing();
            window->resizeDocks({dock, history}, {column - rows, rows}, Qt::Vertical);
        });
    });
}

void bringDockToFront(QMainWindow* window, QDockWidget* dock)
{
    dock->show();
    dock->raise();
    for (QTabBar* bar : window->findChildren<QTabBar*>())
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == dock->windowTitle() && bar->currentIndex() != i)
                bar->setCurrentIndex(i);
}

} // namespace marrow::app
