// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/export_profile.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>
#include <optional>

class QAction;
class QActionGroup;
class QComboBox;
class QMainWindow;
class QMenu;
class QLabel;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class Playback;
class PoseEvaluator;
class Selection;
}
namespace marrow::ui {
class ViewportWidget;
}

namespace marrow::app {

class ExportedErrorJob;

// View › Weights: what the heat map shows (issue 23's weight health views).
//  - Weight: the active bone's weights (Blender's weight paint).
//  - Influence Count: a colour per count, red above the export profile's limit.
//  - Normalisation: rows not summing to 1 red, weightless ones dark.
//  - Symmetry Error: each vertex's largest weight difference to its mirror
//    vertex on the mirror bone, red at 0.2 (model::symmetryErrors; dark: no twin).
//  - As Exported: how far the export profile's weights move each vertex from
//    the full weights in the pose on screen, red at the largest (the ramp
//    follows the square root of the fraction); the status bar names the
//    largest, in the file's units and against the mesh's size, and its
//    vertex. "Worst over the Active Clip…" measures every frame of the active clip on a worker thread (a progress
//    dialog, cancellable) and shows each vertex's largest; "Frame the
//    Largest" goes to that frame and frames that vertex. The largest also
//    shows as a link at the status bar's right; clicking it does the same.
//  - Changed on Import: the rows the import renormalised (green), trimmed to
//    8 influences (orange) or bound to their mesh's node (red)
//    (Document::importChanges); the status bar gives the counts.
// Choosing a view other than Weight turns the heat map on.
class WeightViewMenu : public QObject {
    Q_OBJECT
public:
    WeightViewMenu(QMainWindow* window, ui::ViewportWidget* viewport, doc::Document* document,
                   ws::PoseEvaluator* evaluator, ws::Selection* selection, ws::Playback* playback, QAction* heatMap);
    ~WeightViewMenu() override;

    enum class View { Weight, InfluenceCount, Normalisation, SymmetryError, AsExported, ChangedOnImport };

    QMenu* menu() const { return m_menu; }
    QAction* action(View view) const;
    View view() const { return m_view; }
    // The status bar's "largest" figure, a link (As Exported only; clicking frames it).
    QLabel* largestLink() const { return m_largestLink; }
    // A selector for a dock (the Weight Health dock's "Show"): the same views,
    // kept in step with the menu both ways.
    QComboBox* createSelector(QWidget* parent);
    QAction* worstOverClipAction() const { return m_worstOverClip; }
    QAction* frameLargestAction() const { return m_frameLargest; }
    // The over-clip measure shown (nullopt: none, or the pose's figure is shown).
    const std::optional<model::ProfileDisplacement>& worst() const { return m_worst; }
    bool measuring() const { return m_job != nullptr; }
    // The As Exported figure last shown: the largest displacement (0 when none).
    float largestExportedDisplacement() const { return m_largest; }
    // Where it is (mesh -1: none) and, for the worst over a clip, when.
    const model::ProfileDisplacement& shownLargest() const { return m_shown; }

signals:
    void viewChanged(marrow::app::WeightViewMenu::View view);

private:
    void choose(View view);
    void refresh();
    void showExported(const model::ProfileDisplacement& d);
    void showImportChanges();
    void scheduleRefresh(int ms);
    void measureOverClip();
    void showWorst(const model::ProfileDisplacement& worst);
    void frameLargest();

    QPointer<QMainWindow> m_window;
    QPointer<ui::ViewportWidget> m_viewport;
    QPointer<doc::Document> m_document;
    QPointer<ws::PoseEvaluator> m_evaluator;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::Playback> m_playback;
    QAction* m_worstOverClip = nullptr;
    QAction* m_frameLargest = nullptr;
    std::optional<model::ProfileDisplacement> m_worst;  // pinned: the pose no longer recomputes
    std::unique_ptr<ExportedErrorJob> m_job;
    QPointer<QAction> m_heatMap;
    QMenu* m_menu = nullptr;
    QAction *m_weight = nullptr, *m_count = nullptr, *m_normalisation = nullptr, *m_symmetry = nullptr,
            *m_exported = nullptr, *m_imported = nullptr;
    QLabel* m_largestLink = nullptr;
    View m_view = View::Weight;
    std::vector<QAction*> m_views;  // in View order
    model::ProfileDisplacement m_shown;  // the As Exported figure on screen (pose or worst)
    std::unique_ptr<model::Rig> m_profiled;  // the rig with the profile's weights, for As Exported
    QTimer m_refresh;
    float m_largest = 0.f;
};

} // namespace marrow::app
