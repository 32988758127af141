// SPDX-License-Identifier: MIT
// Fuzz target: the text Marrow reads itself beside Assimp (Collada's node
// graph, animation clips and curves through its XML reader; MD5 mesh, anim
// and camera; X), each on the same bytes. They must answer, never crash.
#include "core/io/assimp_collada_check.h"
#include "core/io/assimp_collada_clips.h"
#include "core/io/assimp_collada_document.h"
#include "core/io/assimp_md5_check.h"
#include "core/io/assimp_x_check.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    namespace a = marrow::io::assimp;
    (void)a::checkColladaNodeGraph(text);
    (void)a::readColladaClips(text);
    if (const auto doc = a::readColladaDocument(text))
        for (const auto& channel : doc->channels) {
            float value[16] = {};
            if (channel.curve.dimension <= 16)
                channel.curve.evaluate(0.5 * (channel.curve.times.front() + channel.curve.times.back()), value);
        }
    (void)a::checkMd5Mesh(text);
    (void)a::checkMd5Anim(text);
    (void)a::checkMd5Camera(text);
    (void)a::checkXText(text);
    return 0;
}
