// SPDX-License-Identifier: MIT
// The Weight Table with 10,000 of the bundled character's 12,614 vertices
// selected (issue 23: "stays responsive with 10,000 selected vertices"):
//   BM_WeightTableSelect10k  the selection changes: the model rebuilds its
//                            rows (a vertex list) and bone columns.
//   BM_WeightTableScreenful  what a view paints: 40 rows by every column, text.
//   BM_WeightTableEdit       a typed cell: the row renormalised, one
//                            PaintWeightsCommand, the table told; then undo.
#include "core/document/document.h"
#include "core/io/gltf_import.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/selection.h"
#include "widgets/weight_paint/weight_table_model.h"

#include <benchmark/benchmark.h>

namespace {

using namespace marrow;

struct Table {
    doc::Document document;
    ws::Selection selection{&document};
    ws::PaintSelection vertices{&document};
    std::unique_ptr<ui::WeightTableModel> model;
    std::vector<std::uint8_t> picked;
    bool ok = false;

    Table()
    {
        io::ImportResult in = io::importGltf(MARROW_SOURCE_DIR "/resources/samples/marrow_character.gltf");
        ok = in.ok && !document.replaceRig(std::move(in.rig));
        model = std::make_unique<ui::WeightTableModel>(&document, &selection, &vertices);
        const model::MeshId mesh = selection.activeMesh();
        picked.assign(document.rig().meshes[static_cast<std::size_t>(mesh)].vertexCount(), 0);
        for (std::size_t v = 0; v < 10000 && v < picked.size(); ++v)
            picked[v] = 1;
    }
    void select(bool on)
    {
        std::vector<std::uint8_t> p = picked;
        if (!on)
            std::fill(p.begin(), p.end(), 0);
        vertices.setVertices(selection.activeMesh(), std::move(p));
    }
};

void BM_WeightTableSelect10k(benchmark::State& state)
{
    Table t;
    if (!t.ok)
        return state.SkipWithError("the bundled character did not load");
    int rows = 0;
    for (auto _ : state) {
        t.select(true);
        rows = t.model->rowCount();
        benchmark::DoNotOptimize(rows);
        state.PauseTiming();
        t.select(false);
        state.ResumeTiming();
    }
    state.counters["rows"] = rows;
}

void BM_WeightTableScreenful(benchmark::State& state)
{
    Table t;
    if (!t.ok)
        return state.SkipWithError("the bundled character did not load");
    t.select(true);
    int first = 0;
    for (auto _ : state) {
        first = (first + 97) % (t.model->rowCount() - 40);
        for (int r = first; r < first + 40; ++r)
            for (int c = 0; c < t.model->columnCount(); ++c)
                benchmark::DoNotOptimize(t.model->index(r, c).data(Qt::DisplayRole));
    }
    state.counters["columns"] = t.model->columnCount();
}

void BM_WeightTableEdit(benchmark::State& state)
{
    Table t;
    if (!t.ok)
        return state.SkipWithError("the bundled character did not load");
    t.select(true);
    // A cell with a weight, in a row with another bone to take the rest.
    QModelIndex cell;
    for (int r = 1; r < t.model->rowCount() && !cell.isValid(); ++r) {
        int weighted = 0;
        for (int c = 0; c < t.model->columnCount(); ++c)
            weighted += t.model->index(r, c).data(Qt::EditRole).toDouble() > 0.0;
        for (int c = 0; c < t.model->columnCount() && weighted >= 2; ++c)
            if (t.model->index(r, c).data(Qt::EditRole).toDouble() > 0.0) {
                cell = t.model->index(r, c);
                break;
            }
    }
    if (!cell.isValid())
        return state.SkipWithError("no two-bone row");
    for (auto _ : state) {
        t.model->setData(cell, QStringLiteral("0.37"));
        t.document.undoStack()->undo();
    }
}

BENCHMARK(BM_WeightTableSelect10k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WeightTableScreenful)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WeightTableEdit)->Unit(benchmark::kMicrosecond);

} // namespace
