// SPDX-License-Identifier: MIT
// FBX animation curves as the FBX SDK evaluates them (issue 38), each case
// against values worked out by hand: user tangents make a Hermite segment,
// auto tangents take the neighbours' slopes, weighted tangents bend time,
// constant holds (or takes the next value), linear is straight, TCB with
// zero parameters is Catmull-Rom; and a model's local transform composes
// pivots, pre- and post-rotation and the Euler order as the SDK does.
#include "core/io/fbx_animation.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <glm/gtc/matrix_transform.hpp>

using namespace marrow::io::fbx;
using namespace marrow::io::fbx::key_flags;

namespace {

constexpr std::int64_t kSecond = 46186158000;

Value integers(std::vector<std::int64_t> v)
{
    Value out;
    out.kind = Value::Kind::Integers;
    out.integers = std::move(v);
    return out;
}

Value reals(std::vector<double> v)
{
    Value out;
    out.kind = Value::Kind::Reals;
    out.reals = std::move(v);
    return out;
}

// A curve of keys at the given seconds, one flag and attribute block per key.
Curve curve(std::vector<double> seconds, std::vector<double> values, std::vector<std::uint32_t> flags,
            std::vector<double> data)
{
    Node n{"AnimationCurve", {}, {}};
    std::vector<std::int64_t> ticks, f, refs;
    for (double s : seconds)
        ticks.push_back(static_cast<std::int64_t>(s * kSecond));
    for (std::uint32_t x : flags) {
        f.push_back(x);
        refs.push_back(1);
    }
    n.children.push_back({"KeyTime", {integers(ticks)}, {}});
    n.children.push_back({"KeyValueFloat", {reals(values)}, {}});
    n.children.push_back({"KeyAttrFlags", {integers(f)}, {}});
    n.children.push_back({"KeyAttrDataFloat", {reals(data)}, {}});
    n.children.push_back({"KeyAttrRefCount", {integers(refs)}, {}});
    std::string error;
    std::optional<Curve> c = Curve::fromNode(n, error);
    EXPECT_TRUE(c) << error;
    return c.value_or(Curve{});
}

double hermite(double p0, double m0, double p1, double m1, double dt, double s)
{
    const double s2 = s * s, s3 = s2 * s;
    return (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * dt * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * dt * m1;
}

} // namespace

TEST(FbxCurve, UserTangentsMakeAHermiteSegmentWithTheStoredSlopes)
{
    // Right slope 4 at the first key, left slope -2 at the second (stored as the first's "next left").
    const Curve c = curve({0.0, 2.0}, {1.0, 3.0}, {kCubic | kUser, kCubic | kUser}, {4, -2, 0, 0, 0, 0, 0, 0});
    for (double t : {0.3, 1.0, 1.7})
        EXPECT_NEAR(c.at(t), hermite(1.0, 4.0, 3.0, -2.0, 2.0, t / 2.0), 1e-9) << t;
    EXPECT_DOUBLE_EQ(c.at(-1.0), 1.0);
    EXPECT_DOUBLE_EQ(c.at(5.0), 3.0);
}

TEST(FbxCurve, AutoTangentsTakeTheNeighboursSlopes)
{
    // Evenly spaced keys: the middle key's slope is the one across its neighbours, (4 - 0) / 2;
    // the ends take the slope to their one neighbour.
    const std::uint32_t a = kCubic | kAuto;
    const Curve c = curve({0.0, 1.0, 2.0}, {0.0, 1.0, 4.0}, {a, a, a}, std::vector<double>(12, 0.0));
    EXPECT_NEAR(c.at(0.5), hermite(0.0, 1.0, 1.0, 2.0, 1.0, 0.5), 1e-9);
    EXPECT_NEAR(c.at(1.25), hermite(1.0, 2.0, 4.0, 3.0, 1.0, 0.25), 1e-9);
    // Uneven spacing: half the slope across, half the one-sided slopes weighted by where the key lies.
    const Curve u = curve({0.0, 1.0, 4.0}, {0.0, 1.0, 4.0}, {a, a, a}, std::vector<double>(12, 0.0));
    const double slope = 0.5 * 1.0 + 0.5 * (1.0 * 0.75 + 1.0 * 0.25);
    EXPECT_NEAR(u.at(2.0), hermite(1.0, slope, 4.0, 1.0, 3.0, 1.0 / 3.0), 1e-9);
    EXPECT_TRUE(c.curved());
}

TEST(FbxCurve, WeightedTangentsAreSolvedForTheTime)
{
    // Weights 0.1 and 0.9 packed as two 16-bit fixed-point numbers in the third float.
    const std::uint32_t packed = (9000u << 16) | 1000u;
    const double bits = static_cast<double>(std::bit_cast<float>(packed));
    const std::uint32_t f = kCubic | kUser | kWeightedRight | kWeightedNextLeft;
    const Curve c = curve({0.0, 1.0}, {0.0, 1.0}, {f, kCubic | kUser}, {0, 0, bits, 0, 0, 0, 0, 0});
    // Flat tangents: the value is the Bézier of (0, 0, 1, 1) at the parameter whose time is t,
    // time being the Bézier of (0, 0.1, 0.1, 1).
    for (double s : {0.2, 0.5, 0.8}) {
        const double r = 1 - s;
        const double time = 3 * r * r * s * 0.1 + 3 * r * s * s * 0.1 + s * s * s;
        const double value = 3 * r * s * s + s * s * s;
        EXPECT_NEAR(c.at(time), value, 1e-9) << s;
    }
}

TEST(FbxCurve, ConstantHoldsOrTakesTheNextValueAndLinearIsStraight)
{
    const Curve hold = curve({0.0, 1.0}, {2.0, 5.0}, {kConstant, kConstant}, std::vector<double>(8, 0.0));
    EXPECT_DOUBLE_EQ(hold.at(0.99), 2.0);
    EXPECT_TRUE(hold.steps(0));
    const Curve next = curve({0.0, 1.0}, {2.0, 5.0}, {kConstant | kConstantNext, kConstant}, std::vector<double>(8, 0.0));
    EXPECT_DOUBLE_EQ(next.at(0.01), 5.0);
    const Curve line = curve({0.0, 1.0}, {2.0, 5.0}, {kLinear, kLinear}, std::vector<double>(8, 0.0));
    EXPECT_DOUBLE_EQ(line.at(0.25), 2.75);
    EXPECT_FALSE(line.curved());
}

TEST(FbxCurve, TcbWithZeroParametersIsCatmullRom)
{
    const std::uint32_t t = kCubic | kTcb;
    const Curve c = curve({0.0, 1.0, 2.0, 3.0}, {0.0, 1.0, 0.0, 2.0}, {t, t, t, t}, std::vector<double>(16, 0.0));
    // Interior slopes (next - previous) / 2: key 1: 0, key 2: 0.5.
    EXPECT_NEAR(c.at(1.5), hermite(1.0, 0.0, 0.0, 0.5, 1.0, 0.5), 1e-9);
}

TEST(FbxCurve, AKeyThatIsNotANumberIsRefused)
{
    Node n{"AnimationCurve", {}, {}};
    n.children.push_back({"KeyTime", {integers({0, kSecond})}, {}});
    n.children.push_back({"KeyValueFloat", {reals({0.0, std::nan("")})}, {}});
    std::string error;
    EXPECT_FALSE(Curve::fromNode(n, error));
    EXPECT_FALSE(error.empty());
    n.children[1] = {"KeyValueFloat", {reals({0.0})}, {}};
    EXPECT_FALSE(Curve::fromNode(n, error));
}

TEST(FbxAnimation, ALocalTransformComposesPivotsPreRotationAndEulerOrderAsTheSdk)
{
    AnimationDocument doc;
    Model m;
    m.properties["Lcl Translation"] = {1, 2, 3};
    m.properties["Lcl Rotation"] = {30, 0, 90};
    m.properties["RotationOrder"] = {5};  // ZYX: Z applies first
    m.properties["PreRotation"] = {0, 45, 0};
    m.properties["RotationPivot"] = {0, 1, 0};
    m.properties["Lcl Scaling"] = {2, 2, 2};
    doc.models.push_back(m);
    const Stack stack;
    const glm::dmat4 got = doc.local(0, stack, 0.0);
    const glm::dmat4 id(1.0);
    const glm::dmat4 rx = glm::rotate(id, glm::radians(30.0), glm::dvec3(1, 0, 0));
    const glm::dmat4 rz = glm::rotate(id, glm::radians(90.0), glm::dvec3(0, 0, 1));
    const glm::dmat4 pre = glm::rotate(id, glm::radians(45.0), glm::dvec3(0, 1, 0));
    const glm::dmat4 want = glm::translate(id, glm::dvec3(1, 2, 3)) * glm::translate(id, glm::dvec3(0, 1, 0)) * pre *
                            (rx * rz) * glm::translate(id, glm::dvec3(0, -1, 0)) * glm::scale(id, glm::dvec3(2.0));
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            EXPECT_NEAR(got[c][r], want[c][r], 1e-12) << c << "," << r;
}

TEST(FbxAnimation, AnAsciiDocumentConnectsCurvesToTheirModelAndStack)
{
    std::string text;
    {
        const std::string path = std::string(MARROW_TEST_DATA_DIR) + "/../fuzz/corpus/fbx/one_joint_every_curve_kind.fbx";
        FILE* f = std::fopen(path.c_str(), "rb");
        ASSERT_NE(f, nullptr) << path;
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;)
            text.append(buffer, n);
        std::fclose(f);
    }
    std::string error;
    const std::optional<Node> tree = readTree({reinterpret_cast<const unsigned char*>(text.data()), text.size()}, error);
    ASSERT_TRUE(tree) << error;
    const std::optional<AnimationDocument> doc = readAnimation(*tree, error);
    ASSERT_TRUE(doc) << error;
    EXPECT_EQ(doc->frameRate, 30.0);
    ASSERT_EQ(doc->models.size(), 1u);
    EXPECT_EQ(doc->models[0].name, "Hips");
    EXPECT_EQ(doc->models[0].properties.at("Lcl Scaling"), (std::vector<double>{1, 1, 1}));  // from the template
    ASSERT_EQ(doc->stacks.size(), 1u);
    const Stack& walk = doc->stacks[0];
    EXPECT_EQ(walk.name, "walk");
    EXPECT_EQ(walk.layers, 1);
    EXPECT_DOUBLE_EQ(walk.clipStart(), 0.0);
    EXPECT_DOUBLE_EQ(walk.clipStop(), 1.0);
    ASSERT_EQ(walk.animated.size(), 1u);
    const auto& [target, curves] = *walk.animated.begin();
    EXPECT_EQ(target, (std::pair<std::size_t, std::string>{0, "Lcl Rotation"}));
    EXPECT_EQ(curves, (PropertyCurves{0, -1, -1}));
    const Curve& c = doc->curves[0];
    ASSERT_EQ(c.keys.size(), 4u);
    // 4.1e-31 is the float whose bits pack 3333 (high) and 3448 (low): the weights in ten-thousandths.
    EXPECT_NEAR(c.keys[2].rightWeight, 0.3448, 1e-9);
    EXPECT_NEAR(c.keys[3].leftWeight, 0.3333, 1e-9);
    EXPECT_DOUBLE_EQ(c.keys[1].rightSlope, 1.5);
    EXPECT_DOUBLE_EQ(c.keys[2].leftSlope, -2.0);
    EXPECT_TRUE(c.curved());
    // At the user key (1/3 s, 45 degrees): pre-rotation -90 about X, then 45 about X, about the pivot.
    const glm::dmat4 m = doc->local(0, walk, 1.0 / 3.0);
    const glm::dmat4 id(1.0);
    const glm::dmat4 want = glm::translate(id, glm::dvec3(0, 90, 0)) * glm::translate(id, glm::dvec3(0, 1, 0)) *
                            glm::rotate(id, glm::radians(-45.0), glm::dvec3(1, 0, 0)) *
                            glm::translate(id, glm::dvec3(0, -1, 0));
    for (int col = 0; col < 4; ++col)
        for (int row = 0; row < 4; ++row)
            EXPECT_NEAR(m[col][row], want[col][row], 1e-9) << col << "," << row;
    EXPECT_FALSE(doc->stepsAt(0, walk, 2.0 / 3.0 + 0.2, 1.0));
}
