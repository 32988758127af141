// SPDX-License-Identifier: MIT
// The FBX node tree (issue 38): binary records with 32- and 64-bit offsets
// and zlib-deflated arrays, ASCII with arrays and bare words, the same
// values from both; and hostile input (truncated, a node ending past the
// file, an array that does not inflate to its size, nesting too deep)
// refused with a reason instead of a crash.
#include "core/io/fbx_tree.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstring>

using namespace marrow::io::fbx;

namespace {

// Builds binary FBX records the way the format lays them out.
class Writer {
public:
    explicit Writer(std::uint32_t version) : wide_(version >= 7500)
    {
        append("Kaydara FBX Binary  ", 20);
        bytes.push_back(0);
        bytes.push_back(0x1A);
        bytes.push_back(0);
        put(version);
    }
    void append(const void* data, std::size_t n)
    {
        const std::size_t at = bytes.size();
        bytes.resize(at + n);
        if (n > 0)
            std::memcpy(bytes.data() + at, data, n);
    }
    template <class T>
    void put(T v)
    {
        append(&v, sizeof(T));
    }
    // Opens a node; values and children follow, then close().
    std::size_t open(const std::string& name, std::uint64_t valueCount, std::uint64_t valueBytes)
    {
        const std::size_t at = bytes.size();
        header(0, valueCount, valueBytes);
        bytes.push_back(static_cast<unsigned char>(name.size()));
        append(name.data(), name.size());
        return at;
    }
    void close(std::size_t at, bool withChildren)
    {
        if (withChildren)
            nullRecord();
        const std::uint64_t end = bytes.size();
        if (wide_)
            std::memcpy(&bytes[at], &end, 8);
        else {
            const auto e = static_cast<std::uint32_t>(end);
            std::memcpy(&bytes[at], &e, 4);
        }
    }
    void nullRecord()
    {
        header(0, 0, 0);
        bytes.push_back(0);
    }
    std::vector<unsigned char> bytes;

private:
    void header(std::uint64_t end, std::uint64_t count, std::uint64_t length)
    {
        if (wide_) {
            put(end), put(count), put(length);
        } else {
            put(static_cast<std::uint32_t>(end)), put(static_cast<std::uint32_t>(count)),
                put(static_cast<std::uint32_t>(length));
        }
    }
    bool wide_;
};

std::vector<unsigned char> deflated(const std::vector<double>& values)
{
    uLongf size = compressBound(values.size() * 8);
    std::vector<unsigned char> out(size);
    compress(out.data(), &size, reinterpret_cast<const Bytef*>(values.data()), values.size() * 8);
    out.resize(size);
    return out;
}

// Objects { Curve: 7, "K" { Keys: d-array (deflated) } }
std::vector<unsigned char> sample(std::uint32_t version, const std::vector<double>& keys)
{
    Writer w(version);
    const std::size_t objects = w.open("Objects", 0, 0);
    const std::vector<unsigned char> packed = deflated(keys);
    const std::size_t curve = w.open("Curve", 2, 9 + 6);
    w.bytes.push_back('L');
    w.put<std::int64_t>(7);
    w.bytes.push_back('S');
    w.put<std::uint32_t>(1);
    w.bytes.push_back('K');
    const std::size_t arr = w.open("Keys", 1, 13 + packed.size());
    w.bytes.push_back('d');
    w.put<std::uint32_t>(static_cast<std::uint32_t>(keys.size()));
    w.put<std::uint32_t>(1);
    w.put<std::uint32_t>(static_cast<std::uint32_t>(packed.size()));
    w.append(packed.data(), packed.size());
    w.close(arr, false);
    w.close(curve, true);
    w.close(objects, true);
    w.nullRecord();
    return w.bytes;
}

std::span<const unsigned char> span(const std::string& s)
{
    return {reinterpret_cast<const unsigned char*>(s.data()), s.size()};
}

} // namespace

TEST(FbxTree, BinaryRecordsOfBothOffsetWidthsReadWithTheirInflatedArrays)
{
    for (std::uint32_t version : {7400u, 7500u}) {
        const std::vector<double> keys{0.0, 1.5, -2.25, 1e9};
        std::string error;
        const std::optional<Node> root = readTree(sample(version, keys), error);
        ASSERT_TRUE(root) << version << ": " << error;
        const Node* curve = root->child("Objects") ? root->child("Objects")->child("Curve") : nullptr;
        ASSERT_NE(curve, nullptr);
        ASSERT_EQ(curve->values.size(), 2u);
        EXPECT_EQ(curve->values[0].integer, 7);
        EXPECT_EQ(curve->values[1].text, "K");
        const Node* arr = curve->child("Keys");
        ASSERT_NE(arr, nullptr);
        ASSERT_EQ(arr->values[0].kind, Value::Kind::Reals);
        EXPECT_EQ(arr->values[0].reals, keys);
    }
}

TEST(FbxTree, AnArrayFilterSkipsTheArraysNobodyReads)
{
    std::string error;
    const std::optional<Node> root =
        readTree(sample(7400, {1.0, 2.0}), error, [](std::string_view name) { return name != "Keys"; });
    ASSERT_TRUE(root) << error;
    EXPECT_EQ(root->child("Objects")->child("Curve")->child("Keys")->values[0].kind, Value::Kind::Skipped);
}

TEST(FbxTree, HostileBinaryIsRefusedWithAReason)
{
    const std::vector<unsigned char> good = sample(7400, {1.0, 2.0, 3.0});
    std::string error;
    for (std::size_t cut : {10ul, 30ul, 40ul, good.size() / 2, good.size() - 20}) {
        const std::vector<unsigned char> truncated(good.begin(), good.begin() + static_cast<long>(cut));
        error.clear();
        EXPECT_FALSE(readTree(truncated, error)) << "cut at " << cut;
        EXPECT_FALSE(error.empty());
    }
    // The array claims more values than its deflated bytes hold.
    std::vector<unsigned char> lying = good;
    const std::size_t keysAt = std::search(lying.begin(), lying.end(), std::begin("Keys"), std::end("Keys") - 1) - lying.begin();
    const std::uint32_t many = 1000;
    std::memcpy(&lying[keysAt + 4 + 1], &many, 4);
    EXPECT_FALSE(readTree(lying, error));
    EXPECT_NE(error.find("inflate"), std::string::npos) << error;
    // A node whose end lies past the file.
    std::vector<unsigned char> past = good;
    const std::uint32_t far = 1u << 30;
    std::memcpy(&past[27], &far, 4);
    EXPECT_FALSE(readTree(past, error));
    EXPECT_NE(error.find("outside the file"), std::string::npos) << error;
}

TEST(FbxTree, AsciiNodesArraysAndWordsReadAsTheBinaryOnes)
{
    const std::string text = "; FBX 7.4.0 project file\n"
                             "GlobalSettings:  {\n\tVersion: 1000\n\tProperties70:  {\n"
                             "\t\tP: \"TimeMode\", \"enum\", \"\", \"\",11\n\t}\n}\n"
                             "Objects:  {\n\tModel: 42, \"Model::Hips\", \"LimbNode\" {\n\t\tShading: Y\n\t}\n"
                             "\tAnimationCurve: 7, \"AnimCurve::\", \"\" {\n\t\tKeyTime: *3 {\n\t\t\ta: 0,"
                             "46186158000,\n92372316000\n\t\t}\n\t\tKeyValueFloat: *3 {\n\t\t\ta: 1,2.5,-3e2\n\t\t}\n\t}\n}\n"
                             "Connections:  {\n\t;Model::Hips, Model::RootNode\n\tC: \"OO\",42,0\n}\n";
    std::string error;
    const std::optional<Node> root = readTree(span(text), error);
    ASSERT_TRUE(root) << error;
    const Node* objects = root->child("Objects");
    ASSERT_NE(objects, nullptr);
    const Node* model = objects->child("Model");
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(model->values[0].integer, 42);
    EXPECT_EQ(objectName(model->values[1].text), "Hips");
    EXPECT_EQ(model->child("Shading")->values[0].text, "Y");
    const Node* curve = objects->child("AnimationCurve");
    EXPECT_EQ(curve->child("KeyTime")->values[0].integers, (std::vector<std::int64_t>{0, 46186158000, 92372316000}));
    EXPECT_EQ(curve->child("KeyValueFloat")->values[0].reals, (std::vector<double>{1.0, 2.5, -300.0}));
    const Node* c = root->child("Connections")->child("C");
    ASSERT_EQ(c->values.size(), 3u);
    EXPECT_EQ(c->values[0].text, "OO");
    EXPECT_EQ(c->values[1].integer, 42);
    const Node* p = root->child("GlobalSettings")->child("Properties70")->child("P");
    EXPECT_EQ(p->values.back().integer, 11);
}

TEST(FbxTree, HostileAsciiIsRefusedWithTheLine)
{
    std::string error;
    EXPECT_FALSE(readTree(span("Objects: {\n Model: 1, \"Model::A\" {\n"), error));
    EXPECT_NE(error.find("not closed"), std::string::npos) << error;
    EXPECT_NE(error.find("line"), std::string::npos) << error;
    EXPECT_FALSE(readTree(span("Curve: {\n KeyTime: *2 {\n a: 1,nan?,x\n }\n}\n"), error));
    std::string deep;
    for (int i = 0; i < kMaxDepth + 5; ++i)
        deep += "N: {\n";
    EXPECT_FALSE(readTree(span(deep), error));
    EXPECT_NE(error.find("deeper"), std::string::npos) << error;
}

TEST(FbxTree, ObjectNamesDropTheirClassInBothEncodings)
{
    EXPECT_EQ(objectName(std::string("Hips\0\x01Model", 11)), "Hips");
    EXPECT_EQ(objectName("Model::mixamorig:Hips"), "mixamorig:Hips");
    EXPECT_EQ(objectName("plain"), "plain");
}
