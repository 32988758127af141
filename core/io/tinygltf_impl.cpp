// SPDX-License-Identifier: MIT
// tinygltf's implementation, compiled here from Debian's header instead of
// linking Debian's libtinygltf.so: our own instantiations of tinygltf's inline
// types (e.g. ~Node from the exporter) interposed the .so's copies, whose
// layout differs from what this header gives under C++20, and the loader then
// freed memory it had not allocated. One translation unit, one layout.
// Images are never decoded or written, so stb is left out.
#define TINYGLTF_IMPLEMENTATION
#include <tiny_gltf.h>
