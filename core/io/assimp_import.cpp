// SPDX-License-Identifier: MIT
// The Assimp reader: file checks, Assimp with its log watched, scene checks,
// conversion into a complete Rig. importWithAssimp runs it in a worker process.
#include "core/io/assimp_import.h"
#include "core/io/assimp_collada_clips.h"
#include "core/io/assimp_collada_curves.h"
#include "core/io/assimp_look.h"
#include "core/io/assimp_collada_patch.h"
#include "core/io/assimp_fbx_curves.h"
#include "core/io/assimp_log.h"
#include "core/io/assimp_precheck.h"
#include "core/io/assimp_scene_check.h"
#include "core/io/assimp_scene_convert.h"
#include "core/io/file_bytes.h"
#include "core/io/worker_process.h"
#include "core/model/inverse_bind_check.h"

#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <exception>
#include <filesystem>
#include <new>

namespace marrow::io {

namespace {

// Importer steps: triangles only, shared vertices (FBX gives 3 per triangle),
// normals where the file has none, and Assimp's own consistency check.
// Not PreTransformVertices (it deletes animations) and not LimitBoneWeights
// (Marrow keeps up to 8 influences itself).
constexpr unsigned kImportFlags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_GenSmoothNormals |
                                  aiProcess_ValidateDataStructure;

// Assimp's messages may span lines; an error is one line.
std::string oneLine(std::string s)
{
    for (char& c : s)
        if (c == '\n' || c == '\r' || c == '\t')
            c = ' ';
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    return s.empty() ? std::string("Assimp failed without saying why") : s;
}

// Assimp's log lines start with "Error, T0: " or "Warn,  T0: "; keep the message.
std::string stripLogPrefix(const std::string& line)
{
    const std::size_t colon = line.find(": ");
    if (line.rfind("Error,", 0) == 0 || line.rfind("Warn,", 0) == 0)
        return colon == std::string::npos ? line : line.substr(colon + 2);
    return line;
}

// Errors from FBX tokenizing, parsing or building the object graph, logged
// when Assimp skips an object it could not read.
bool isFbxParseError(const std::string& message)
{
    return message.rfind("FBX-DOM", 0) == 0 || message.rfind("FBX-Parser", 0) == 0 ||
           message.rfind("FBX-Tokenize", 0) == 0 || message.rfind("FBX-Binary", 0) == 0;
}

// Nodes that carry nothing: a scene with one bare root and no meshes or clips.
bool sceneIsEmpty(const aiScene& scene)
{
    return scene.mNumMeshes == 0 && scene.mNumAnimations == 0 && scene.mRootNode &&
           scene.mRootNode->mNumChildren == 0;
}

// The file's bytes, or "" when unreadable or over 512 MiB (only clip names are read from it).
std::string wholeFile(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::file_size(path, ec) > (512ull << 20) || ec)
        return {};
    return readFileBytes(path).value_or(std::string());
}

ImportResult importChecked(const std::string& path)
{
    if (auto err = assimp::precheckFile(path))
        return ImportResult::failure(path + ": " + *err);
    const std::string ext = assimp::lowerExtension(path);
    if (ext == ".gltf" || ext == ".glb")
        return ImportResult::failure(path + ": glTF files are read by the glTF reader, not Assimp");

    AssimpLogCapture log;
    Assimp::Importer importer;
    // Keep FBX pivots as helper nodes: folded into their joints (assimp_fbx_helper_chain.h), every
    // transform and animation then poses exactly as authored.
    importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, true);
    // No fake "skeleton meshes" for files that hold only a skeleton.
    importer.SetPropertyBool(AI_CONFIG_IMPORT_NO_SKELETON_MESHES, true);
    // Keep weightless bones: they are still joints the user may paint onto.
    importer.SetPropertyBool(AI_CONFIG_IMPORT_REMOVE_EMPTY_BONES, false);
    const aiScene* scene = nullptr;
    std::string patched;
    if (ext == ".dae" && assimp::patchColladaText(path, patched))
        scene = importer.ReadFileFromMemory(patched.data(), patched.size(), kImportFlags, "dae");
    else
        scene = importer.ReadFile(path, kImportFlags);
    if (!scene)
        return ImportResult::failure(path + ": " + oneLine(importer.GetErrorString()));

    ImportResult result;
    // On binary FBX Assimp drops an object that fails to parse (geometry
    // included) and only logs the parse error; the scene then looks fine but
    // lacks that object. Parse-level errors are fatal; converter notes
    // ("FBX: no material assigned...") are passed on as one warning.
    std::size_t notes = 0;
    std::string firstNote;
    for (const std::string& line : log.errors()) {
        const std::string message = oneLine(stripLogPrefix(line));
        if (ext == ".fbx" && isFbxParseError(message))
            return ImportResult::failure(path + ": part of the file could not be parsed and would be dropped: " + message);
        if (notes++ == 0)
            firstNote = message;
    }
    // Broken references (a COLLADA controller whose geometry is missing) are skipped with a warning only.
    std::size_t skipped = 0;
    std::string firstSkipped;
    for (const std::string& line : log.warnings()) {
        const std::string message = oneLine(stripLogPrefix(line));
        if (message.find("Unable to find") == std::string::npos && message.find("Skipping") == std::string::npos)
            continue;
        if (skipped++ == 0)
            firstSkipped = message;
    }
    // Assimp drops an FBX animation stack it finds no usable curves in and says so only as an info.
    const std::string emptyStack = "ignoring empty AnimationStack (using IK?): ";
    for (const std::string& line : log.infos()) {
        const std::size_t at = line.find(emptyStack);
        if (at != std::string::npos)
            result.warnings.push_back(path + ": animation stack '" + oneLine(line.substr(at + emptyStack.size())) +
                                      "' was not read: Assimp found no animation curves it could use in it "
                                      "(it may be driven by IK or constraints)");
    }
    if (skipped > 0)
        result.warnings.push_back(path + ": Assimp skipped " + std::to_string(skipped) +
                                  " unresolved references (first: " + firstSkipped + ")");
    if (notes > 0)
        result.warnings.push_back(path + ": Assimp reported " + std::to_string(notes) + " problems while reading (first: " +
                                  firstNote + ")");
    if (auto err = assimp::checkScene(*scene))
        return ImportResult::failure(path + ": " + *err);
    if (sceneIsEmpty(*scene))
        return ImportResult::failure(path + ": the file holds no meshes, skeleton or animation to import");

    std::vector<std::string> warnings;
    if (auto err = assimp::convertScene(*scene, result.rig, warnings, &result.importChanges))
        return ImportResult::failure(path + ": " + *err);
    assimp::convertLooks(*scene, path, result.rig, warnings);
    for (mesh::Mesh& m : result.rig.meshes)
        if (m.material >= static_cast<int>(result.rig.materials.size()))
            m.material = -1;
    if (ext == ".dae") {
        const std::string text = patched.empty() ? wholeFile(path) : patched;
        const std::string unnamed = assimp::nameClipsAfterCollada(assimp::readColladaClips(text), result.rig);
        if (!unnamed.empty())
            warnings.push_back(unnamed);
        const std::string straight = assimp::applyColladaCurves(text, result.rig);
        if (!straight.empty())
            warnings.push_back(straight);
    }
    if (ext == ".fbx") {
        const std::string bytes = wholeFile(path);
        const std::string straight = assimp::applyFbxCurves(
            std::span(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()), result.rig);
        if (!straight.empty())
            warnings.push_back(straight);
    }
    if (auto err = result.rig.validate())
        return ImportResult::failure(path + ": " + *err);
    for (std::string& w : model::singularInverseBindWarnings(result.rig))
        warnings.push_back(std::move(w));
    for (std::string& w : warnings)
        result.warnings.push_back(path + ": " + w);
    result.ok = true;
    return result;
}

} // namespace

namespace assimp {

std::optional<std::string> convertScene(const aiScene& scene, model::Rig& rig, std::vector<std::string>& warnings,
                                        model::ImportChanges* changes)
{
    SceneNodes nodes;
    if (auto err = convertSkeleton(scene, rig, nodes, warnings))
        return err;
    if (auto err = convertMeshes(scene, nodes, rig, warnings, changes))
        return err;
    return convertAnimations(scene, nodes, rig, warnings);
}

} // namespace assimp

ImportResult importWithAssimpInProcess(const std::string& path)
{
    try {
        return importChecked(path);
    } catch (const std::bad_alloc&) {
        return ImportResult::failure(path + ": out of memory while importing");
    } catch (const std::exception& e) {
        return ImportResult::failure(path + ": " + oneLine(e.what()));
    } catch (...) {
        return ImportResult::failure(path + ": the Assimp importer failed with an unknown exception");
    }
}

ImportResult importWithAssimp(const std::string& path)
{
    return runImportWorker(path, WorkerOptions{});
}

} // namespace marrow::io
