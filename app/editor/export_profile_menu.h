// SPDX-License-Identifier: MIT
#pragma once

class QAction;
class QMenu;

namespace marrow::doc {
class Document;
}

namespace marrow::app {

// Weights › Export Profile: how an exported glTF stores the weights (at most
// 4 or 8 influences; float, 16-bit or 8-bit normalised), the document's
// setting (saved in .marrow, one undo entry per change; marrow-cli convert
// applies it). The checks follow the document, undo included.
struct ExportProfileMenu {
    QMenu* menu = nullptr;
    QAction* four = nullptr;
    QAction* eight = nullptr;
    QAction* asFloat = nullptr;
    QAction* as16 = nullptr;
    QAction* as8 = nullptr;
};
ExportProfileMenu installExportProfileMenu(QMenu* weightsMenu, doc::Document* document);

} // namespace marrow::app
