// SPDX-License-Identifier: MIT
#include "core/io/document_codec.h"
#include "core/io/deform_section.h"
#include "core/io/bone_map_section.h"
#include "core/io/export_settings_section.h"
#include "core/io/lock_section.h"
#include "core/io/marker_section.h"
#include "core/io/look_section.h"
#include "core/io/morph_section.h"
#include "core/io/pose_section.h"
#include "core/io/range_section.h"
#include "core/io/rig_codec.h"
#include "core/io/rotation_section.h"
#include "core/io/source_section.h"
#include "core/io/transition_section.h"
#include "core/io/view_state_section.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstring>
#include <iterator>

namespace marrow::doc {

namespace {

constexpr std::array<char, 8> kMagic = {'M', 'A', 'R', 'R', 'O', 'W', '\x1A', '\n'};
constexpr std::array<char, 4> kRigTag = {'R', 'I', 'G', '\0'};
constexpr std::array<char, 4> kPoseTag = {'P', 'O', 'S', 'E'};
constexpr std::array<char, 4> kLockTag = {'L', 'O', 'C', 'K'};
constexpr std::array<char, 4> kDeformTag = {'D', 'F', 'R', 'M'};
// Document settings: the frame rate (float64), more fields appended later.
constexpr std::array<char, 4> kSettingsTag = {'S', 'E', 'T', 'T'};
// The rig's transitions (rig_codec leaves them out: they are document data).
constexpr std::array<char, 4> kTransitionTag = {'T', 'R', 'A', 'N'};
// Bones' rotation modes and Euler keys (rotation_section.h).
constexpr std::array<char, 4> kRotationTag = {'R', 'O', 'T', 'M'};
// The glTF source the document carries (source_section.h).
constexpr std::array<char, 4> kSourceTag = {'G', 'S', 'R', 'C'};
// Morph targets and morph-weight tracks (morph_section.h).
constexpr std::array<char, 4> kMorphTag = {'M', 'R', 'P', 'H'};
// Materials, textures and vertex colours (look_section.h).
constexpr std::array<char, 4> kLookTag = {'L', 'O', 'O', 'K'};
// Sync markers the user set on clips (marker_section.h).
constexpr std::array<char, 4> kMarkerTag = {'S', 'Y', 'N', 'C'};
// The clips' manual frame ranges (range_section.h).
constexpr std::array<char, 4> kRangeTag = {'R', 'N', 'G', 'E'};
// The export profile: max influences and the weights' storage, a byte each.
constexpr std::array<char, 4> kProfileTag = {'P', 'R', 'O', 'F'};
// File › Export's options and last path (export_settings_section.h).
constexpr std::array<char, 4> kExportTag = {'E', 'X', 'P', 'O'};
// Where the user was at the save: clip, time, mode (view_state_section.h).
constexpr std::array<char, 4> kViewTag = {'V', 'I', 'E', 'W'};
// Retarget bone maps by source file name (bone_map_section.h).
constexpr std::array<char, 4> kBoneMapTag = {'B', 'M', 'A', 'P'};
constexpr std::size_t kHeaderBytes = 8 + 4 + 4;
constexpr std::size_t kSectionHeaderBytes = 4 + 8;
constexpr std::size_t kTrailerBytes = 8;

void putLe(std::string& out, std::uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

std::uint64_t getLe(std::string_view in, std::size_t at, int bytes)
{
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + static_cast<std::size_t>(i)])) << (8 * i);
    return v;
}

} // namespace

namespace {
void appendSection(std::string& out, const std::array<char, 4>& tag, const std::string& payload)
{
    out.append(tag.begin(), tag.end());
    putLe(out, payload.size(), 8);
    out.append(payload);
}
} // namespace

std::string encodeDocument(const model::Rig& rig, const DocumentExtras& extras)
{
    std::string out(kMagic.begin(), kMagic.end());
    // Optional sections only when they hold something: a document without
    // them has the bytes it had before they existed.
    const bool settings = extras.fps > 0.0;
    const bool transitions = !rig.transitions.empty();
    const bool rotations = std::any_of(rig.rotationModes.begin(), rig.rotationModes.end(), anim::isEuler);
    const bool morphs = hasMorphs(rig);
    const bool looks = hasLooks(rig);
    const bool markers = hasSyncMarkers(rig);
    const bool ranges = hasClipRanges(rig);
    const bool profile = extras.exportProfile != model::ExportProfile{};
    const bool exportSettings = extras.exportSettings != model::ExportSettings{} || !extras.exportPath.empty();
    const ViewState viewState = fittedViewState(extras.view, rig.clips.size());
    const bool view = hasViewState(viewState, rig.clips.size());
    // A source that cannot be packed (it never fails for one the import
    // made) leaves the document as it was before sources were carried.
    std::string sourcePayload;
    const bool source = extras.source && !encodeSourceSection(*extras.source, sourcePayload);
    putLe(out, rotations ? kDocumentFormatVersion : kDocumentFormatVersionWithoutRotations, 4);
    const int sections = 1 + (extras.pose.empty() ? 0 : 1) + (extras.locks.empty() ? 0 : 1) +
                         (extras.deform.empty() ? 0 : 1) + (settings ? 1 : 0) +
                         (transitions ? 1 : 0) + (rotations ? 1 : 0) + (source ? 1 : 0) + (morphs ? 1 : 0) +
                         (looks ? 1 : 0) + (markers ? 1 : 0) + (ranges ? 1 : 0) + (profile ? 1 : 0) +
                         (exportSettings ? 1 : 0) + (view ? 1 : 0) + (extras.boneMaps.empty() ? 0 : 1);
    putLe(out, static_cast<std::uint64_t>(sections), 4);
    {
        const std::string rigBytes = io::encodeRig(rig);
        // The rig and the source are nearly all of it; the rest is small.
        out.reserve(kHeaderBytes + rigBytes.size() + sourcePayload.size() + (1u << 16));
        appendSection(out, kRigTag, rigBytes);
    }
    if (!extras.pose.empty())
        appendSection(out, kPoseTag, encodePoseSection(extras.pose));
    if (!extras.locks.empty())
        appendSection(out, kLockTag, encodeLockSection(extras.locks));
    if (!extras.deform.empty())
        appendSection(out, kDeformTag, encodeDeformSection(extras.deform));
    if (settings) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &extras.fps, sizeof bits);
        std::string payload;
        putLe(payload, bits, 8);
        appendSection(out, kSettingsTag, payload);
    }
    if (transitions)
        appendSection(out, kTransitionTag, encodeTransitionSection(rig.transitions));
    if (rotations)
        appendSection(out, kRotationTag, encodeRotationSection(rig));
    if (morphs)
        appendSection(out, kMorphTag, encodeMorphSection(rig));
    if (looks)
        appendSection(out, kLookTag, encodeLookSection(rig, source ? extras.source->imageBytes() : nullptr));
    if (markers)
        appendSection(out, kMarkerTag, encodeMarkerSection(rig));
    if (ranges)
        appendSection(out, kRangeTag, encodeRangeSection(rig));
    if (profile) {
        std::string payload;
        putLe(payload, static_cast<std::uint64_t>(extras.exportProfile.maxInfluences), 1);
        putLe(payload, static_cast<std::uint64_t>(extras.exportProfile.weights), 1);
        appendSection(out, kProfileTag, payload);
    }
    if (exportSettings)
        appendSection(out, kExportTag, encodeExportSettingsSection(extras.exportSettings, extras.exportPath));
    if (view)
        appendSection(out, kViewTag, encodeViewStateSection(viewState));
    if (!extras.boneMaps.empty())
        appendSection(out, kBoneMapTag, encodeBoneMapSection(extras.boneMaps));
    if (source)
        appendSection(out, kSourceTag, sourcePayload);
    putLe(out, io::fnv1a(out), 8);
    return out;
}

bool decodeDocument(std::string_view bytes, model::Rig& out, std::string& error, DocumentExtras* extrasOut)
{
    if (bytes.size() < kMagic.size() || std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) != 0) {
        error = "not a Marrow document (no MARROW header)";
        return false;
    }
    if (bytes.size() < kHeaderBytes + kTrailerBytes) {
        error = "the document is truncated (" + std::to_string(bytes.size()) + " bytes)";
        return false;
    }
    const auto version = static_cast<std::uint32_t>(getLe(bytes, 8, 4));
    if (version == 0 || version > kDocumentFormatVersion) {
        error = "document format version " + std::to_string(version) + " is not supported (this build reads 1 to " +
                std::to_string(kDocumentFormatVersion) + ")";
        return false;
    }
    const std::size_t bodyEnd = bytes.size() - kTrailerBytes;
    if (getLe(bytes, bodyEnd, 8) != io::fnv1a(bytes.substr(0, bodyEnd))) {
        error = "the document is damaged or truncated (checksum mismatch)";
        return false;
    }
    const auto sections = getLe(bytes, 12, 4);
    std::size_t at = kHeaderBytes;
    std::optional<std::string_view> rigBytes, poseBytes, lockBytes, deformBytes, settingsBytes, transitionBytes,
        rotationBytes, sourceBytes, morphBytes, lookBytes, markerBytes, rangeBytes, profileBytes, exportBytes, viewBytes, boneMapBytes;
    for (std::uint64_t s = 0; s < sections; ++s) {
        if (bodyEnd - at < kSectionHeaderBytes) {
            error = "section " + std::to_string(s) + " header runs past the end of the file";
            return false;
        }
        const std::string_view tag = bytes.substr(at, 4);
        const std::uint64_t length = getLe(bytes, at + 4, 8);
        at += kSectionHeaderBytes;
        if (length > bodyEnd - at) {
            error = "section " + std::to_string(s) + " claims " + std::to_string(length) + " bytes, past the end of the file";
            return false;
        }
        const std::string_view payload = bytes.substr(at, static_cast<std::size_t>(length));
        at += static_cast<std::size_t>(length);
        if (tag == std::string_view(kRigTag.data(), kRigTag.size())) {
            if (rigBytes) {
                error = "the document holds two rig sections";
                return false;
            }
            rigBytes = payload;
        } else if (tag == std::string_view(kPoseTag.data(), kPoseTag.size())) {
            if (poseBytes) {
                error = "the document holds two pose sections";
                return false;
            }
            poseBytes = payload;
        } else if (tag == std::string_view(kLockTag.data(), kLockTag.size())) {
            if (lockBytes) {
                error = "the document holds two lock sections";
                return false;
            }
            lockBytes = payload;
        } else if (tag == std::string_view(kDeformTag.data(), kDeformTag.size())) {
            if (deformBytes) {
                error = "the document holds two deform sections";
                return false;
            }
            deformBytes = payload;
        } else if (tag == std::string_view(kSettingsTag.data(), kSettingsTag.size())) {
            if (settingsBytes) {
                error = "the document holds two settings sections";
                return false;
            }
            settingsBytes = payload;
        } else if (tag == std::string_view(kTransitionTag.data(), kTransitionTag.size())) {
            if (transitionBytes) {
                error = "the document holds two transition sections";
                return false;
            }
            transitionBytes = payload;
        } else if (tag == std::string_view(kRotationTag.data(), kRotationTag.size())) {
            if (rotationBytes) {
                error = "the document holds two rotation sections";
                return false;
            }
            rotationBytes = payload;
        } else if (tag == std::string_view(kMorphTag.data(), kMorphTag.size())) {
            if (morphBytes) {
                error = "the document holds two morph sections";
                return false;
            }
            morphBytes = payload;
        } else if (tag == std::string_view(kLookTag.data(), kLookTag.size())) {
            if (lookBytes) {
                error = "the document holds two look sections";
                return false;
            }
            lookBytes = payload;
        } else if (tag == std::string_view(kMarkerTag.data(), kMarkerTag.size())) {
            if (markerBytes) {
                error = "the document holds two sync marker sections";
                return false;
            }
            markerBytes = payload;
        } else if (tag == std::string_view(kRangeTag.data(), kRangeTag.size())) {
            if (rangeBytes) {
                error = "the document holds two frame range sections";
                return false;
            }
            rangeBytes = payload;
        } else if (tag == std::string_view(kProfileTag.data(), kProfileTag.size())) {
            if (profileBytes) {
                error = "the document holds two export profile sections";
                return false;
            }
            profileBytes = payload;
        } else if (tag == std::string_view(kExportTag.data(), kExportTag.size())) {
            if (exportBytes) {
                error = "the document holds two export settings sections";
                return false;
            }
            exportBytes = payload;
        } else if (tag == std::string_view(kViewTag.data(), kViewTag.size())) {
            if (viewBytes) {
                error = "the document holds two view state sections";
                return false;
            }
            viewBytes = payload;
        } else if (tag == std::string_view(kBoneMapTag.data(), kBoneMapTag.size())) {
            if (boneMapBytes) {
                error = "the document holds two bone map sections";
                return false;
            }
            boneMapBytes = payload;
        } else if (tag == std::string_view(kSourceTag.data(), kSourceTag.size())) {
            if (sourceBytes) {
                error = "the document holds two source sections";
                return false;
            }
            sourceBytes = payload;
        }
        // Unknown tags: editor data from a later minor revision; skipped.
    }
    if (at != bodyEnd) {
        error = "unexpected bytes after the last section";
        return false;
    }
    if (!rigBytes) {
        error = "the document has no rig section";
        return false;
    }
    model::Rig rig;
    std::string codecError;
    if (!io::decodeRig(*rigBytes, rig, codecError)) {
        error = "rig section: " + codecError;
        return false;
    }
    if (rotationBytes && !decodeRotationSection(*rotationBytes, rig, error))
        return false;
    if (morphBytes && !decodeMorphSection(*morphBytes, rig, error))
        return false;
    if (markerBytes && !decodeMarkerSection(*markerBytes, rig, error))
        return false;
    if (rangeBytes && !decodeRangeSection(*rangeBytes, rig, error))
        return false;
    if (auto invalid = rig.validate()) {
        error = "the rig is invalid: " + *invalid;
        return false;
    }
    if (transitionBytes && !decodeTransitionSection(*transitionBytes, rig.clips.size(), rig.skeleton.size(),
                                                    rig.transitions, error))
        return false;
    DocumentExtras extras;
    if (poseBytes && !decodePoseSection(*poseBytes, rig.skeleton.size(), extras.pose, error))
        return false;
    if (lockBytes && !decodeLockSection(*lockBytes, rig.skeleton.size(), extras.locks, error))
        return false;
    if (deformBytes && !decodeDeformSection(*deformBytes, rig.skeleton.size(), extras.deform, error))
        return false;
    if (settingsBytes) {
        // At least the frame rate; later fields may follow and are skipped.
        if (settingsBytes->size() < 8) {
            error = "settings section: " + std::to_string(settingsBytes->size()) + " bytes, too short for the frame rate";
            return false;
        }
        const std::uint64_t bits = getLe(*settingsBytes, 0, 8);
        std::memcpy(&extras.fps, &bits, sizeof bits);
        if (!std::isfinite(extras.fps) || extras.fps <= 0.0 || extras.fps > 1000.0) {
            error = "settings section: the frame rate " + std::to_string(extras.fps) + " is not in (0, 1000]";
            return false;
        }
    }
    if (profileBytes) {
        const int most = profileBytes->size() >= 2 ? static_cast<unsigned char>((*profileBytes)[0]) : 0;
        const int storage = profileBytes->size() >= 2 ? static_cast<unsigned char>((*profileBytes)[1]) : 0;
        if (profileBytes->size() < 2 || (most != 4 && most != 8) || storage > 2) {
            error = "export profile section: not 4 or 8 influences stored as float, u16 or u8";
            return false;
        }
        extras.exportProfile = {most, static_cast<model::WeightStorage>(storage)};
    }
    if (exportBytes && !decodeExportSettingsSection(*exportBytes, extras.exportSettings, extras.exportPath, error))
        return false;
    if (viewBytes && !decodeViewStateSection(*viewBytes, rig.clips.size(), extras.view, error))
        return false;
    if (boneMapBytes && !decodeBoneMapSection(*boneMapBytes, extras.boneMaps, error))
        return false;
    // Read only for a caller that keeps it: the source is a whole glTF to parse.
    if (sourceBytes && extrasOut && !decodeSourceSection(*sourceBytes, extras.source, error))
        return false;
    // After the source: a texture may name the source's image for its bytes.
    if (lookBytes) {
        if (!decodeLookSection(*lookBytes, rig, extras.source ? extras.source->imageBytes() : nullptr, error))
            return false;
        if (auto invalid = rig.validate()) {
            error = "the rig is invalid: " + *invalid;
            return false;
        }
    }
    out = std::move(rig);
    if (extrasOut)
        *extrasOut = std::move(extras);
    return true;
}

bool isNativeFileName(std::string_view path)
{
    const std::string suffix = std::string(".") + kNativeSuffix;
    if (path.size() < suffix.size())
        return false;
    return std::equal(suffix.rbegin(), suffix.rend(), path.rbegin(),
                      [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
}

} // namespace marrow::doc
