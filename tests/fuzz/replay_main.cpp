// SPDX-License-Identifier: MIT
// Replays files through a fuzz target once each, without libFuzzer: the
// ctests (label fuzz) run every corpus file and seed through every target
// under the sanitizer build. Arguments: files or folders (read whole,
// recursively). A missing path fails, so a moved corpus cannot pass empty.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool replay(const std::filesystem::path& file)
{
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return false;
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    namespace fs = std::filesystem;
    int files = 0;
    for (int a = 1; a < argc; ++a) {
        const fs::path path(argv[a]);
        std::error_code ec;
        if (fs::is_regular_file(path, ec)) {
            files += replay(path) ? 1 : 0;
            continue;
        }
        if (!fs::is_directory(path, ec)) {
            std::fprintf(stderr, "fuzz replay: %s: no such file or folder\n", argv[a]);
            return 1;
        }
        std::vector<fs::path> found;
        for (const auto& entry : fs::recursive_directory_iterator(path, ec))
            if (entry.is_regular_file())
                found.push_back(entry.path());
        std::sort(found.begin(), found.end());
        for (const fs::path& f : found) {
            if (!replay(f)) {
                std::fprintf(stderr, "fuzz replay: %s: cannot read\n", f.c_str());
                return 1;
            }
            ++files;
        }
    }
    std::printf("fuzz replay: %d inputs, none crashed\n", files);
    return files > 0 ? 0 : 1;
}
