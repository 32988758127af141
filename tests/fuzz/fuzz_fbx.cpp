// SPDX-License-Identifier: MIT
// Fuzz target: the FBX Marrow reads itself beside Assimp (issue 38): the
// node tree, binary or ASCII (every array decoded), then the animation
// document and its curves and local transforms at a few times. They must
// answer, never crash; a document read must give finite transforms for
// finite curves.
#include "core/io/fbx_animation.h"

#include <cstdint>
#include <span>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    namespace fbx = marrow::io::fbx;
    std::string error;
    const std::optional<fbx::Node> tree = fbx::readTree(std::span(data, size), error);
    if (!tree)
        return 0;
    const std::optional<fbx::AnimationDocument> doc = fbx::readAnimation(*tree, error);
    if (!doc)
        return 0;
    for (const fbx::Stack& stack : doc->stacks)
        for (const auto& [target, curves] : stack.animated) {
            for (double t : {stack.clipStart(), 0.5 * (stack.clipStart() + stack.clipStop()), stack.clipStop()}) {
                (void)doc->local(target.first, stack, t);
                (void)doc->local(target.first, stack, t, true);
            }
            (void)doc->stepsAt(target.first, stack, stack.clipStart(), stack.clipStop());
            (void)doc->keyTimes(target.first, stack);
        }
    return 0;
}
