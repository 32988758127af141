// SPDX-License-Identifier: MIT
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace marrow::io {

// Replaces `path` with `bytes` so that readers see either the old file or the
// complete new one, never a torn write: the bytes go to a temporary file in the
// same folder (a rename is only atomic within one file system), are flushed to
// disk, and the temporary is renamed over the target. On failure the target is
// untouched and the temporary removed. Returns nullopt, or "<path>: <problem>".
std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view bytes);

} // namespace marrow::io
