// SPDX-License-Identifier: MIT
#pragma once

namespace marrow::app {

class DocumentController;
struct EditorDocks;

// Fills the Log dock from the file operations: opens (with their warnings
// and notes), failures, imported clips and saves; warnings bring the Log
// forward. The connections live as long as `files`.
void wireLog(DocumentController* files, const EditorDocks& docks);

} // namespace marrow::app
