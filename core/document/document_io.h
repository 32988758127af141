// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/document_codec.h"
#include "core/io/document_extras.h"
#include "core/model/rig.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace marrow::doc {

class Document;

// The native format's codec is in document_codec.h.

// The document's rig, pose and locks: what Save writes.
std::string encodeDocument(const Document& document);

// True when the path ends in ".marrow" (any case).
bool isNativePath(const QString& path);

// Reads a rig from a native file, or from any model io::importModel reads.
// Touches no document. Errors read "<path>: <problem>".
// A native file's pose, locks and frame rate go to `extras` when given; an
// import has no pose or locks, and the frame rate its keys lie on
// (io::ImportResult::frameRate; 0 when none fits).
std::optional<std::string> readRigFile(const QString& path, model::Rig& out, std::vector<std::string>* warnings = nullptr,
                                       DocumentExtras* extras = nullptr);

// Opens `path` into `doc` (Document::replaceRig). On any failure the document
// is untouched. A native file becomes the document's file path; an imported
// model leaves the path empty, so Save asks where to write the native file.
std::optional<std::string> openDocument(Document& doc, const QString& path, std::vector<std::string>* warnings = nullptr);

// openDocument's second half: puts what readRigFile read from `path` into
// `doc`. For a caller that reads a file once and opens it many times.
std::optional<std::string> adoptRigFile(Document& doc, const QString& path, model::Rig rig, DocumentExtras extras);

// Writes the document atomically (temp file, fsync, rename), then marks the
// undo stack clean and adopts the path.
std::optional<std::string> saveDocument(Document& doc, const QString& path);

} // namespace marrow::doc
