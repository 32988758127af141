// SPDX-License-Identifier: MIT
// The document's export options and last export path (File › Export, Ctrl+E).
#include "core/document/document.h"

namespace marrow::doc {

bool Document::setExportSettings(const model::ExportSettings& settings)
{
    if (settings.validate())
        return false;
    if (settings == m_exportSettings)
        return true;
    m_exportSettings = settings;
    notify([&] { emit exportSettingsChanged(); });
    return true;
}

void Document::setExportPath(const QString& path)
{
    m_exportPath = path;
}

} // namespace marrow::doc
