// SPDX-License-Identifier: MIT
// Sanitizer builds only. Mesa's software driver (swrast_dri.so) leaks a few
// small objects per X display and is unloaded (dlclose) when the display
// closes, before LeakSanitizer runs at exit, so its frames print as
// "<unknown module>" and cannot be suppressed by name. Loading it here with
// RTLD_NODELETE keeps it mapped to the end: the report then names
// swrast_dri.so, which tools/lsan.supp suppresses. Nothing of ours is hidden.
#include <dlfcn.h>

#include <initializer_list>

namespace {

[[gnu::constructor]] void keepGlDriverLoaded()
{
    for (const char* path : {"/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so", "swrast_dri.so"}) {
        if (dlopen(path, RTLD_NOW | RTLD_NODELETE | RTLD_GLOBAL))
            return;
    }
}

} // namespace
