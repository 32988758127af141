// SPDX-License-Identifier: MIT
// The retarget bone maps a document keeps (issue 40), by source file name.
#include "core/document/document.h"

namespace marrow::doc {

void Document::setBoneMaps(const BoneMaps& maps)
{
    if (maps == m_boneMaps)
        return;
    m_boneMaps = maps;
    notify([&] { emit boneMapsChanged(); });
}

} // namespace marrow::doc
