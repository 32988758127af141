// SPDX-License-Identifier: MIT
#include "core/document/document_io.h"
#include "core/document/document.h"
#include "core/io/atomic_write.h"
#include "core/io/file_bytes.h"
#include "core/io/model_import.h"

#include <QFile>

#include <array>
#include <cstring>

namespace marrow::doc {

namespace {

std::string errorFor(const QString& path, const std::string& problem)
{
    std::string message = path.toStdString();
    message.append(": ");
    message.append(problem);
    return message;
}

} // namespace

std::string encodeDocument(const Document& document)
{
    DocumentExtras extras{document.poseOverrides(), document.lockedJoints(), document.fps(),
                          document.gltfSource(), document.deformFlags(), document.exportProfile()};
    extras.exportSettings = document.exportSettings();
    extras.exportPath = document.exportPath().toStdString();
    extras.view = document.viewState();
    extras.boneMaps = document.boneMaps();
    return encodeDocument(document.rig(), extras);
}

bool isNativePath(const QString& path)
{
    return isNativeFileName(path.toStdString());
}

std::optional<std::string> readRigFile(const QString& path, model::Rig& out, std::vector<std::string>* warnings,
                                       DocumentExtras* extras)
{
    if (!isNativePath(path)) {
        io::ImportResult result = io::importModel(path.toStdString());
        if (!result.ok)
            return result.error;
        if (warnings)
            *warnings = std::move(result.warnings);
        if (extras) {
            extras->fps = result.frameRate.value_or(0.0);  // the rate its keys lie on; 0: the preference
            extras->source = result.gltfSource;
            extras->importChanges = std::move(result.importChanges);
        }
        out = std::move(result.rig);
        return std::nullopt;
    }
    const std::optional<std::string> read = io::readFileBytes(QFile::encodeName(path).toStdString());
    if (!read)
        return errorFor(path, "cannot open the file for reading");
    const std::string& bytes = *read;
    std::string error;
    if (!decodeDocument(bytes, out, error, extras))
        return errorFor(path, error);
    return std::nullopt;
}

std::optional<std::string> openDocument(Document& doc, const QString& path, std::vector<std::string>* warnings)
{
    // Build the whole rig first; the document changes only once it is known good.
    model::Rig rig;
    DocumentExtras extras;
    if (auto err = readRigFile(path, rig, warnings, &extras))
        return err;
    return adoptRigFile(doc, path, std::move(rig), std::move(extras));
}

std::optional<std::string> adoptRigFile(Document& doc, const QString& path, model::Rig rig, DocumentExtras extras)
{
    if (auto err = doc.replaceRig(std::move(rig), std::move(extras)))
        return errorFor(path, *err);
    doc.setFilePath(isNativePath(path) ? path : QString());
    return std::nullopt;
}

std::optional<std::string> saveDocument(Document& doc, const QString& path)
{
    if (auto err = io::writeFileAtomically(QFile::encodeName(path).toStdString(), encodeDocument(doc)))
        return err;
    doc.undoStack()->setClean();
    doc.setFilePath(path);
    return std::nullopt;
}

} // namespace marrow::doc
