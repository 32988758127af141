// SPDX-License-Identifier: MIT
// Robustness of the glTF reader beyond the shared hostile files: thousands of
// mutated copies of small valid models (bytes flipped, files cut, JSON numbers
// replaced by out-of-range, negative, huge or fractional values). Each import
// must end in a clean error or a rig that validates and poses to finite
// numbers: never a crash, a hang or an unbounded allocation. CI also runs this
// under AddressSanitizer and UndefinedBehaviorSanitizer.
#include "core/io/gltf_import.h"
#include "core/model/pose_pipeline.h"
#include "shared_models.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

namespace marrow {
namespace {

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

class MutationDir : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_dir = std::filesystem::temp_directory_path() / ("marrow_mutation_" + std::to_string(::getpid()));
        std::filesystem::create_directories(m_dir);
    }
    void TearDown() override { std::filesystem::remove_all(m_dir); }

    // Imports `bytes` as a file with extension `ext` and checks the contract.
    void importAndCheck(const std::string& bytes, const std::string& ext, const std::string& what)
    {
        const std::string path = (m_dir / ("m" + ext)).string();
        {
            std::ofstream out(path, std::ios::binary | std::ios::trunc);
            out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        }
        const io::ImportResult r = io::importGltf(path);
        if (!r.ok) {
            EXPECT_EQ(r.error.rfind(path + ": ", 0), 0u) << what << ": the error must name the file: " << r.error;
            EXPECT_EQ(r.error.find('\n'), std::string::npos) << what << ": one line: " << r.error;
            ++m_rejected;
            return;
        }
        ++m_loaded;
        ASSERT_FALSE(r.rig.validate()) << what << ": " << *r.rig.validate();
        model::PosePipeline pipeline(r.rig);
        for (int clip = -1; clip < static_cast<int>(std::min<std::size_t>(r.rig.clips.size(), 2)); ++clip) {
            ASSERT_TRUE(pipeline.evaluate({clip, 0.37}));
            for (std::size_t m = 0; m < r.rig.meshes.size(); ++m) {
                std::vector<glm::vec3> p(r.rig.meshes[m].positions.size());
                ASSERT_TRUE(pipeline.skinMesh(m, mesh::SkinningMethod::Linear, p, {}));
            }
        }
    }

    std::filesystem::path m_dir;
    int m_rejected = 0, m_loaded = 0;
};

const char* kSources[] = {"assimp/models/glTF2/simple_skin/simple_skin.gltf", "ozz-animation/gltf/khronos/rigged_simple.gltf",
                          "assimp/models/glTF2/simple_skin/quad_skin.glb"};

TEST_F(MutationDir, FlippedBytesAndCutFilesNeverCrash)
{
    std::mt19937 rng(20261122u);
    for (const char* source : kSources) {
        const std::string original = readAll(test::model(source));
        ASSERT_FALSE(original.empty()) << source;
        const std::string ext = std::filesystem::path(source).extension().string();
        for (int i = 0; i < 150; ++i) {
            std::string bytes = original;
            if (i % 3 == 0) {
                bytes.resize(std::uniform_int_distribution<std::size_t>(0, bytes.size() - 1)(rng));
            } else {
                const int flips = 1 + i % 8;
                for (int f = 0; f < flips; ++f)
                    bytes[std::uniform_int_distribution<std::size_t>(0, bytes.size() - 1)(rng)] =
                        static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng));
            }
            importAndCheck(bytes, ext, std::string(source) + " mutation " + std::to_string(i));
        }
    }
    EXPECT_GT(m_rejected, 0);
}

// Every number in the JSON, replaced by values a hostile file would use.
TEST_F(MutationDir, EveryJsonNumberReplacedByHostileValuesNeverCrashes)
{
    const double hostile[] = {-1, 1e9, 4294967295.0, 2147483648.0, 0.5, 3, 65536, -2147483649.0};
    for (const char* source : {kSources[0], kSources[1]}) {
        const nlohmann::json original = nlohmann::json::parse(readAll(test::model(source)));
        // Collect the JSON pointers of every number outside the buffers' data.
        std::vector<nlohmann::json::json_pointer> numbers;
        const nlohmann::json flat = original.flatten();
        for (auto it = flat.begin(); it != flat.end(); ++it)
            if (it->is_number())
                numbers.emplace_back(it.key());
        ASSERT_GT(numbers.size(), 20u) << source;
        int variant = 0;
        for (const auto& ptr : numbers) {
            nlohmann::json j = original;
            j[ptr] = hostile[variant++ % std::size(hostile)];
            importAndCheck(j.dump(), ".gltf", std::string(source) + " " + ptr.to_string());
        }
    }
    EXPECT_GT(m_rejected, 0);
    EXPECT_GT(m_loaded, 0) << "some replacements (e.g. a node's translation) are harmless";
}

} // namespace
} // namespace marrow
