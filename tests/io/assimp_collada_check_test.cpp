// SPDX-License-Identifier: MIT
// COLLADA node graphs whose <instance_node> references form a cycle crash
// Assimp 5.2; the precheck must reject them with a message naming the cycle.
#include "core/io/assimp_collada_check.h"
#include "core/io/model_import.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace marrow::io {
namespace {

std::string scene(const std::string& libraryNodes, const std::string& sceneNodes)
{
    return R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="meter" meter="1"/><up_axis>Y_UP</up_axis></asset>
  <library_nodes>)" + libraryNodes + R"(</library_nodes>
  <library_visual_scenes><visual_scene id="Scene">)" + sceneNodes + R"(</visual_scene></library_visual_scenes>
  <scene><instance_visual_scene url="#Scene"/></scene>
</COLLADA>)";
}

TEST(ColladaNodeGraph, InstanceCycleIsFound)
{
    const std::string text = scene(R"(<node id="A"><instance_node url="#B"/></node><node id="B"><instance_node url="#A"/></node>)",
                                   R"(<node id="root"><instance_node url="#A"/></node>)");
    const auto err = assimp::checkColladaNodeGraph(text);
    ASSERT_TRUE(err);
    EXPECT_NE(err->find("cycle"), std::string::npos) << *err;
}

TEST(ColladaNodeGraph, InstancingThroughANestedChildIsACycleToo)
{
    // A holds child C, and C instances A.
    const std::string text = scene(R"(<node id="A"><node id="C"><instance_node url="#A"/></node></node>)",
                                   R"(<node id="root"><instance_node url="#A"/></node>)");
    EXPECT_TRUE(assimp::checkColladaNodeGraph(text));
}

TEST(ColladaNodeGraph, SharedInstancesWithoutACycleAreFine)
{
    // Two nodes instancing the same leaf is a diamond, not a cycle.
    const std::string text = scene(R"(<node id="leaf"/><node id="A"><instance_node url="#leaf"/></node>
                                      <!-- <node id="X"><instance_node url="#X"/></node> in a comment is ignored -->)",
                                   R"(<node id="r1"><instance_node url="#A"/><instance_node url="#leaf"/></node>
                                      <node id="r2"><instance_node url="#missing"/></node>)");
    EXPECT_FALSE(assimp::checkColladaNodeGraph(text));
}

TEST(ColladaNodeGraph, ImportRejectsTheCycleInsteadOfCrashing)
{
    const auto dir = std::filesystem::temp_directory_path() / std::string("marrow_dae_").append(std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "cycle.dae").string();
    std::ofstream(path) << scene(R"(<node id="A"><instance_node url="#B"/></node><node id="B"><instance_node url="#A"/></node>)",
                                 R"(<node id="root"><instance_node url="#A"/></node>)");
    const ImportResult r = importModel(path);
    std::filesystem::remove_all(dir);
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.error.rfind(path + ": ", 0), 0u) << r.error;
    EXPECT_NE(r.error.find("cycle"), std::string::npos) << r.error;
    EXPECT_EQ(r.error.find("crashed"), std::string::npos) << r.error;
}

} // namespace
} // namespace marrow::io
