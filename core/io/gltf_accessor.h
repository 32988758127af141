// SPDX-License-Identifier: MIT
#pragma once
// Bounds-checked reads of glTF accessors. Only core/io/gltf_* include this.
#include <tiny_gltf.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace marrow::io::gltf {

// Reads accessors of a loaded (but untrusted) tinygltf model. Every index,
// offset, stride and count is checked against what it refers to before a
// byte is read, sparse substitutions included; floats must be finite.
// Failures throw GltfError with a message naming the accessor and `what`
// (e.g. "POSITION of mesh 0 primitive 1").
class AccessorReader {
public:
    explicit AccessorReader(const tinygltf::Model& model) : m_model(model) {}

    // Values as floats, `components` per element (1, 2, 3, 4 or 16).
    // Normalised integers map to [0, 1] or [-1, 1]; plain integers convert.
    std::vector<float> floats(int accessor, int components, const std::string& what) const;
    // Values as unsigned integers (UNSIGNED_BYTE, UNSIGNED_SHORT, UNSIGNED_INT).
    std::vector<std::uint32_t> uints(int accessor, int components, const std::string& what) const;
    // The accessor's element count, after checking the index.
    std::size_t count(int accessor, const std::string& what) const;

private:
    struct Layout {
        const unsigned char* data = nullptr;  // first element; nullptr when the accessor has no bufferView
        std::size_t stride = 0;
        std::size_t count = 0;
        int componentType = 0;
        int components = 0;
        bool normalized = false;
    };
    const tinygltf::Accessor& accessorAt(int accessor, const std::string& what) const;
    Layout layout(const tinygltf::Accessor& a, int bufferView, std::size_t byteOffset, std::size_t count,
                  int componentType, int components, const std::string& what) const;
    template <class T, class Convert>
    std::vector<T> read(int accessor, int components, const std::string& what, Convert convert, bool integerOnly) const;

    const tinygltf::Model& m_model;
};

// The error every glTF reading step throws; caught at the importer's boundary.
struct GltfError {
    std::string message;
};

[[noreturn]] inline void fail(std::string message) { throw GltfError{std::move(message)}; }

int componentSize(int componentType);

} // namespace marrow::io::gltf
