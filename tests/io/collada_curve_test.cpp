// SPDX-License-Identifier: MIT
// COLLADA curves as the specification evaluates them (issue 38): a 2D
// Bézier in time and value is solved for its parameter at t (not evaluated
// at the segment's fraction), Hermite tangents are a third of the control
// points' offsets, STEP holds; and the small XML reader refuses what is
// not XML with a reason instead of crashing.
#include "core/io/assimp_collada_curve.h"
#include "core/io/xml_tree.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace marrow::io;
using Curve = assimp::ColladaCurve;

namespace {

double bezier(double p0, double c0, double c1, double p1, double s)
{
    const double u = 1.0 - s;
    return u * u * u * p0 + 3 * u * u * s * c0 + 3 * u * s * s * c1 + s * s * s * p1;
}

Curve oneSegment(Curve::Kind kind, float outX, float outY, float inX, float inY)
{
    Curve c;
    c.times = {0.f, 2.f};
    c.values = {0.f, 10.f};
    c.kinds = {kind, kind};
    c.tangentStride = 2;
    c.outTangents = {outX, outY, 0.f, 0.f};
    c.inTangents = {0.f, 0.f, inX, inY};
    return c;
}

} // namespace

TEST(ColladaCurve, ABezierIsSolvedForTheTimeBeforeItsValueIsRead)
{
    // Control times bunched at the start: the curve's parameter at t = 1 s
    // is far from a half, so reading the value at s = t / 2 would be wrong.
    const Curve c = oneSegment(Curve::Kind::Bezier, 0.1f, 8.f, 0.2f, 10.f);
    ASSERT_FALSE(c.validate());
    for (const double s : {0.1, 0.37, 0.5, 0.81}) {
        const double t = bezier(0, 0.1, 0.2, 2, s);
        float v = 0.f;
        c.evaluate(t, &v);
        EXPECT_NEAR(v, bezier(0, 8, 10, 10, s), 1e-4) << "s " << s;
    }
    float mid = 0.f;
    c.evaluate(1.0, &mid);
    EXPECT_GT(std::fabs(mid - bezier(0, 8, 10, 10, 0.5)), 0.1) << "not the value at half the parameter";
}

TEST(ColladaCurve, HermiteTangentsAreAThirdOfTheBezierHandlesAndStepHolds)
{
    // Hermite tangents (3, 24) and (3, 0) are the Bézier handles (1, 8) and (1, 10).
    const Curve h = oneSegment(Curve::Kind::Hermite, 3.f, 24.f, 3.f, 0.f);
    const Curve b = oneSegment(Curve::Kind::Bezier, 1.f, 8.f, 1.f, 10.f);
    for (const double t : {0.25, 0.9, 1.6}) {
        float vh = 0.f, vb = 0.f;
        h.evaluate(t, &vh);
        b.evaluate(t, &vb);
        EXPECT_NEAR(vh, vb, 1e-5) << t;
    }
    Curve step = oneSegment(Curve::Kind::Step, 0.f, 0.f, 0.f, 0.f);
    float v = -1.f;
    step.evaluate(1.99, &v);
    EXPECT_EQ(v, 0.f);
    step.evaluate(2.5, &v);
    EXPECT_EQ(v, 10.f) << "after the last key the value holds";
}

TEST(ColladaCurve, CountsThatDoNotAddUpAreRefused)
{
    Curve c = oneSegment(Curve::Kind::Bezier, 0.5f, 0.f, 1.5f, 10.f);
    c.outTangents.pop_back();
    EXPECT_TRUE(c.validate());
    c = oneSegment(Curve::Kind::Linear, 0.f, 0.f, 0.f, 0.f);
    c.times = {1.f, 1.f};
    EXPECT_TRUE(c.validate()) << "times must increase";
}

TEST(XmlTree, ReadsElementsAttributesAndTextAndRefusesWhatIsNotXml)
{
    std::string error;
    const auto doc = xml::parse(R"(<?xml version="1.0"?><!-- c --><a x="1" y='two &amp; three'>)"
                                R"(<b>1 2 <![CDATA[3]]></b><c/></a>)",
                                error);
    ASSERT_TRUE(doc) << error;
    EXPECT_EQ(doc->name, "a");
    ASSERT_NE(doc->attribute("y"), nullptr);
    EXPECT_EQ(*doc->attribute("y"), "two & three");
    ASSERT_NE(doc->child("b"), nullptr);
    EXPECT_EQ(doc->child("b")->text, "1 2 3");
    EXPECT_NE(doc->child("c"), nullptr);

    for (const char* bad : {"<a><b></a>", "<a>", "<a x=1></a>", "<a></a><b/>", "text", "<a><!-- never"}) {
        EXPECT_FALSE(xml::parse(bad, error)) << bad;
        EXPECT_FALSE(error.empty()) << bad;
    }
    std::string deep;
    for (int i = 0; i < xml::kMaxDepth + 1; ++i)
        deep += "<n>";
    EXPECT_FALSE(xml::parse(deep, error));
    EXPECT_NE(error.find("deeper"), std::string::npos) << error;
}
