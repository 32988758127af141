// SPDX-License-Identifier: MIT
#pragma once
// marrow-cli subcommands. Each returns the process exit code:
// 0 success, 1 a check failed, 2 bad arguments, 3 unreadable or invalid input.
#include "app/cli/cli_range_clip.h"
#include "core/io/document_extras.h"
#include "core/io/import_result.h"
#include "core/model/export_profile.h"
#include "core/model/export_settings.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace marrow::cli {

constexpr int kExitOk = 0;
constexpr int kExitCheckFailed = 1;  // check: a threshold failed
constexpr int kExitUsage = 2;
constexpr int kExitBadInput = 3;

// Prints "marrow-cli: error: <message>" on stderr (one line).
void printError(const std::string& message);
// The whole of `text` as a finite number (strtod's syntax), or false.
bool parseFinite(const std::string& text, double& out);
// Appends the non-empty names of a comma-separated list ("a,,b" gives a and b).
void splitNames(const std::string& list, std::vector<std::string>& out);
// Prints each warning as "marrow-cli: warning: <warning>" on stderr.
void printWarnings(const std::vector<std::string>& warnings);

// Imports `path`, then adds the clips of every `clipsFrom` file matched by
// joint name (unmatched joints become warnings; a taken clip name gives way
// to the file's, as model::nameImportedClips does). Prints warnings; on failure
// prints the error and returns nullopt. `frameRateOut` gets `path`'s frame
// rate: a document's saved one, else the one most keys lie on (nullopt: the
// editor's preference would apply); the clipsFrom files never change it.
// `sourceOut` gets a glTF `path`'s whole file (io::GltfSource; null for
// other formats), which a glTF write carries.
// `extrasOut` gets a .marrow `path`'s pose, locks, Deform flags, frame rate
// and source (left as they were for other formats).
std::optional<model::Rig> loadModel(const std::string& path, const std::vector<std::string>& clipsFrom,
                                    std::vector<std::string>* warningsOut = nullptr,
                                    std::optional<double>* frameRateOut = nullptr,
                                    std::shared_ptr<const io::GltfSource>* sourceOut = nullptr,
                                    doc::DocumentExtras* extrasOut = nullptr);

struct PoseOptions {
    std::optional<std::string> clip;
    double time = 0.0;
    std::optional<std::string> blendClip;
    double blendTime = 0.0;
    float weight = 0.f;
    std::optional<std::string> transition;  // a saved transition, posed at `time` (preview time)
    bool dualQuaternion = false;
    std::string output;        // OBJ; empty when only --joints is wanted
    std::string joints;        // --joints OUT.json: the joints in world space
    bool frames = false;       // --frames: every frame of the clip or transition (with --joints)
    double fps = 0.0;          // --fps: the frames' rate (0: the file's, else 30)
};

// rangeClips: --range-clip, added after the clipsFrom clips (addRangeClips).
int runInfo(const std::string& model, const std::vector<std::string>& clipsFrom,
            const std::vector<RangeClipSpec>& rangeClips = {});
int runPose(const std::string& model, const std::vector<std::string>& clipsFrom, const PoseOptions& options,
            const std::vector<RangeClipSpec>& rangeClips = {});
// sampleRate: frames per second for glTF channels that mix interpolation modes (written as LINEAR samples).
// profile: how a glTF output stores the weights (model::ExportProfile);
// nullopt: a .marrow input's own profile, else the default (kept whole).
int runConvert(const std::string& in, const std::string& out, const std::vector<std::string>& clipsFrom,
               float sampleRate = 60.f, const std::optional<model::ExportProfile>& profile = std::nullopt,
               const std::vector<RangeClipSpec>& rangeClips = {});

// Writes a rig loaded from `in` to `out` (.gltf, .glb or .marrow), carrying
// `source` (a glTF input's whole file) and saying on stderr what a glTF
// write could not keep. Returns the exit code.
// A glTF write goes through io::encodeExport, as the editor's File › Export:
// `settings` (a .marrow input's own export options; Active clips and
// Visible/Selected meshes mean all here) choose clips, bakes (at `fps`, the
// document's rate; 0: 30) and resampling.
// `extras`, when given, is what a .marrow output keeps besides the rig and
// source (a .marrow input's pose, locks, Deform flags and frame rate).
int writeModel(const model::Rig& rig, const std::shared_ptr<const io::GltfSource>& source, const std::string& in,
               const std::string& out, float sampleRate = 60.f, const doc::DocumentExtras* extras = nullptr,
               const model::ExportProfile& profile = {}, const model::ExportSettings& settings = {},
               double fps = 0.0);

// The arguments after "weights": bulk weight operations in the order given.
int runWeights(const std::vector<std::string>& args);

// The arguments after "bind": every mesh of MESH bound to RIG's skeleton (cli_bind.cpp).
int runBind(const std::vector<std::string>& args);

// The arguments after "retarget": SOURCE's clips carried onto TARGET's skeleton (cli_retarget.cpp).
int runRetarget(const std::vector<std::string>& args);

// The arguments after "check": weight health and the export profile's displacement.
int runCheck(const std::vector<std::string>& args);

// The arguments after "transition" (parsed there: the command has many options).
int runTransition(const std::vector<std::string>& args);

} // namespace marrow::cli
