// SPDX-License-Identifier: MIT
// Textured shading (View > Texture Colour): a lit mesh takes its material's
// base colour x vertex colour x texture, in glTF's UV orientation, and the
// heat map and the plain clay colour ignore it. Renders rigid quads facing
// the light's z into an FBO and reads pixels back.
#include "gl_test_context.h"
#include "widgets/viewport/renderer/renderer.h"

#include <QBuffer>
#include <QImage>
#include <QOpenGLFramebufferObject>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

namespace marrow {
namespace {

constexpr int kSize = 96;
const float kShade = 0.35f + 0.65f * glm::normalize(glm::vec3(0.3f, 0.8f, 0.52f)).z;

// A 64 x 64 PNG in solid quarters (so filtering keeps each quarter's middle
// pure): top left red, top right green, bottom left blue, bottom right white.
std::shared_ptr<const std::vector<std::uint8_t>> quadrantPng()
{
    QImage image(64, 64, QImage::Format_RGB32);
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x)
            image.setPixel(x, y, y < 32 ? (x < 32 ? qRgb(255, 0, 0) : qRgb(0, 255, 0))
                                        : (x < 32 ? qRgb(0, 0, 255) : qRgb(255, 255, 255)));
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return std::make_shared<const std::vector<std::uint8_t>>(bytes.begin(), bytes.end());
}

// A rigid quad over x in [x0, x1], y in [-1, 1], UVs with glTF's origin at
// the image's top left (v = 0 at y = 1).
mesh::Mesh quad(float x0, float x1, int material)
{
    mesh::Mesh m;
    m.name = "quad";
    m.node = 0;
    m.positions = {{x0, -1.f, 0.f}, {x1, -1.f, 0.f}, {x1, 1.f, 0.f}, {x0, 1.f, 0.f}};
    m.normals.assign(4, glm::vec3(0.f, 0.f, 1.f));
    m.uvs = {{0.f, 1.f}, {1.f, 1.f}, {1.f, 0.f}, {0.f, 0.f}};
    m.indices = {0, 1, 2, 0, 2, 3};
    m.material = material;
    return m;
}

class GpuTextured : public ::testing::Test {
protected:
    void SetUp() override
    {
        const std::string error = context.create();
        ASSERT_TRUE(error.empty()) << error;
        model::Rig rig;
        rig.skeleton.names = {"root"};
        rig.skeleton.parents = {anim::kNoParent};
        rig.skeleton.rest = {math::Transform{}};
        rig.textures.push_back({"quadrants", "image/png", quadrantPng()});
        rig.materials.resize(2);
        rig.materials[0].name = "textured";
        rig.materials[0].baseColourMap.texture = 0;
        rig.materials[1].name = "half grey";
        rig.materials[1].baseColour = glm::vec4(0.5f, 0.5f, 0.5f, 1.f);
        rig.meshes.push_back(quad(-3.f, -0.2f, 0));     // left: the texture
        mesh::Mesh tinted = quad(0.2f, 3.f, 1);           // right: factor x vertex colour
        tinted.colours.assign(4, glm::vec4(1.f, 0.f, 0.f, 1.f));
        rig.meshes.push_back(tinted);
        rig.meshes.push_back(quad(-1.f, 1.f, -1));  // middle, in front of nothing: no material
        rig.meshes.back().positions = {{-0.1f, -3.f, 0.f}, {0.1f, -3.f, 0.f}, {0.1f, -1.2f, 0.f}, {-0.1f, -1.2f, 0.f}};
        ASSERT_FALSE(rig.validate()) << *rig.validate();
        ASSERT_TRUE(renderer.initialize()) << renderer.lastError().toStdString();
        renderer.setRig(rig);
        renderer.setShowGrid(false);
        renderer.setShowBones(false);
        const glm::mat4 identity(1.f);
        renderer.setNodeWorlds(std::span<const glm::mat4>(&identity, 1));
    }
    void TearDown() override { renderer.cleanup(); }

    QImage render()
    {
        QOpenGLFramebufferObject fbo(kSize, kSize, QOpenGLFramebufferObject::Depth);
        EXPECT_TRUE(fbo.bind());
        renderer.resize(kSize, kSize);
        renderer.paint(glm::ortho(-3.2f, 3.2f, -3.2f, 3.2f, -10.f, 10.f));
        QImage image = fbo.toImage();
        fbo.release();
        return image;
    }
    static QRgb at(const QImage& image, float x, float y)
    {
        return image.pixel(static_cast<int>((x + 3.2f) / 6.4f * kSize), static_cast<int>((3.2f - y) / 6.4f * kSize));
    }

    test::GlTestContext context;
    gl::Renderer renderer;
};

void expectColour(QRgb p, glm::vec3 expected, const char* what)
{
    expected *= kShade * 255.f;
    EXPECT_LE(std::abs(qRed(p) - static_cast<int>(std::lround(expected.x))), 3) << what << " red " << qRed(p);
    EXPECT_LE(std::abs(qGreen(p) - static_cast<int>(std::lround(expected.y))), 3) << what << " green " << qGreen(p);
    EXPECT_LE(std::abs(qBlue(p) - static_cast<int>(std::lround(expected.z))), 3) << what << " blue " << qBlue(p);
}

TEST_F(GpuTextured, TheTextureShowsTheRightWayUpAndTheFactorTintsTheVertexColour)
{
    renderer.setTexturedShading(true);
    const QImage image = render();
    // The left quad's quarters: the image's top left (red) at the top left.
    expectColour(at(image, -2.3f, 0.5f), {1.f, 0.f, 0.f}, "top left");
    expectColour(at(image, -0.9f, 0.5f), {0.f, 1.f, 0.f}, "top right");
    expectColour(at(image, -2.3f, -0.5f), {0.f, 0.f, 1.f}, "bottom left");
    expectColour(at(image, -0.9f, -0.5f), {1.f, 1.f, 1.f}, "bottom right");
    // The right quad: 0.5 x red, both linear, shown through the 2.2 gamma.
    const float half = std::pow(0.5f, 1.f / 2.2f);
    expectColour(at(image, 1.6f, 0.f), {half, 0.f, 0.f}, "factor x vertex colour");
    // A mesh without a material stays clay, as Blender draws one grey.
    expectColour(at(image, 0.f, -2.f), {0.78f, 0.74f, 0.68f}, "no material");
}

TEST_F(GpuTextured, OffItIsPlainClayAndTheHeatMapIgnoresIt)
{
    renderer.setTexturedShading(false);
    QImage image = render();
    expectColour(at(image, -2.3f, 0.5f), {0.78f, 0.74f, 0.68f}, "clay, textured quad");
    expectColour(at(image, 1.6f, 0.f), {0.78f, 0.74f, 0.68f}, "clay, tinted quad");
    renderer.setTexturedShading(true);
    renderer.setHeatMapJoint(0);  // the rigid quads follow joint 0: weight 1, red
    image = render();
    expectColour(at(image, -2.3f, 0.5f), {1.f, 0.f, 0.f}, "heat map");
    expectColour(at(image, -0.9f, -0.5f), {1.f, 0.f, 0.f}, "heat map, not the texture's white");
}

} // namespace
} // namespace marrow
