// SPDX-License-Identifier: MIT
#include "core/model/bone_role.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>
#include <vector>

namespace marrow::model {

namespace {

// Lower-case words: split at separators, between a lower-case letter or a
// digit and an upper-case one (LeftUpLeg, UpperArmL), and between letters
// and digits (Spine1, Toe0); the namespace (up to the last ':') dropped.
std::vector<std::string> words(std::string_view name)
{
    if (const auto colon = name.rfind(':'); colon != std::string_view::npos)
        name.remove_prefix(colon + 1);
    std::vector<std::string> out;
    std::string word;
    const auto flush = [&] {
        if (!word.empty())
            out.push_back(std::exchange(word, {}));
    };
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (!std::isalnum(c)) {
            flush();
            continue;
        }
        if (!word.empty()) {
            const auto prev = static_cast<unsigned char>(name[i - 1]);
            const bool caseStep = std::isupper(c) && (std::islower(prev) || std::isdigit(prev));
            const bool digitStep = std::isdigit(c) != std::isdigit(prev);
            if (caseStep || digitStep)
                flush();
        }
        word.push_back(static_cast<char>(std::tolower(c)));
    }
    flush();
    return out;
}

bool isNumber(const std::string& w)
{
    return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// Words that name a rig, not a bone.
bool isPrefix(const std::string& w)
{
    static const std::array<const char*, 12> kPrefixes = {"mixamorig", "bip", "b", "def", "org", "mch",
                                                           "jnt", "bn", "jt", "armature", "rig", "skeleton"};
    return std::any_of(kPrefixes.begin(), kPrefixes.end(), [&](const char* p) { return w == p; });
}

struct Stem {
    const char* text;
    BodyPart part;
};

// Stems as their words run together (up + leg -> upleg), checked longest first.
constexpr std::array<Stem, 27> kStems = {{
    {"upperchest", BodyPart::Spine}, {"upperarm", BodyPart::UpperArm}, {"upperleg", BodyPart::UpperLeg},
    {"lowerarm", BodyPart::LowerArm}, {"lowerleg", BodyPart::LowerLeg}, {"clavicle", BodyPart::Shoulder},
    {"shoulder", BodyPart::Shoulder}, {"forearm", BodyPart::LowerArm}, {"toebase", BodyPart::Toes},
    {"pelvis", BodyPart::Hips}, {"collar", BodyPart::Shoulder}, {"thigh", BodyPart::UpperLeg},
    {"upleg", BodyPart::UpperLeg}, {"uparm", BodyPart::UpperArm}, {"spine", BodyPart::Spine},
    {"chest", BodyPart::Spine}, {"ankle", BodyPart::Foot}, {"wrist", BodyPart::Hand},
    {"calf", BodyPart::LowerLeg}, {"shin", BodyPart::LowerLeg}, {"neck", BodyPart::Neck},
    {"head", BodyPart::Head}, {"hand", BodyPart::Hand}, {"foot", BodyPart::Foot},
    {"hips", BodyPart::Hips}, {"toes", BodyPart::Toes}, {"ball", BodyPart::Toes},
}};

// A finger from its stem and the number after it: Mixamo's Thumb1..4,
// Unreal's index_01, the biped's Finger0..4 (thumb first) with Finger01,
// Finger02 for their segments.
std::optional<BodyPart> fingerOf(const std::string& stem, const std::string& digits, int& order)
{
    // The pinky before the ring: pab names its left pinky LeftHandRingPinky1.
    static const std::array<std::pair<const char*, BodyPart>, 6> kFingers = {{
        {"thumb", BodyPart::Thumb}, {"index", BodyPart::Index}, {"middle", BodyPart::Middle},
        {"pinky", BodyPart::Pinky}, {"little", BodyPart::Pinky}, {"ring", BodyPart::Ring},
    }};
    if (stem.find("foot") != std::string::npos || stem.find("toe") != std::string::npos)
        return std::nullopt;  // a foot's "thumb" is a toe (partOf)
    for (const auto& [text, part] : kFingers)
        if (stem.find(text) != std::string::npos)
            return part;
    if (stem.find("finger") == std::string::npos)
        return std::nullopt;
    static const std::array<BodyPart, 5> kBiped = {BodyPart::Thumb, BodyPart::Index, BodyPart::Middle,
                                                   BodyPart::Ring, BodyPart::Pinky};
    const int which = digits.empty() ? 1 : digits[0] - '0';
    order = digits.size() >= 2 ? digits[1] - '0' : 0;
    return kBiped[static_cast<std::size_t>(std::clamp(which, 0, 4))];
}

bool isLoose(const std::string& stem)
{
    return stem == "arm" || stem == "leg" || stem == "hip" || stem == "toe" || stem == "abdomen" || stem == "torso" ||
           (stem.rfind("foot", 0) == 0 && stem != "foot");
}

std::optional<BodyPart> partOf(const std::string& stem)
{
    const auto it = std::find_if(kStems.begin(), kStems.end(), [&](const Stem& s) { return stem == s.text; });
    if (it != kStems.end())
        return it->part;
    // Mixamo's LeftArm is the upper arm and LeftLeg the shin.
    if (stem == "arm")
        return BodyPart::UpperArm;
    if (stem == "leg")
        return BodyPart::LowerLeg;
    if (stem == "hip")
        return BodyPart::Hips;
    if (stem == "toe" || (stem.rfind("foot", 0) == 0 && stem.find("thumb") != std::string::npos))
        return BodyPart::Toes;  // pab's LeftFootThumb1
    if (stem == "abdomen" || stem == "torso")
        return BodyPart::Spine;
    return std::nullopt;
}

} // namespace

std::string boneNameKey(std::string_view jointName)
{
    std::string key;
    for (const std::string& w : words(jointName))
        key += w;
    return key;
}

std::optional<BoneRole> boneRoleOf(std::string_view jointName)
{
    BoneRole role;
    std::string stem, digits;
    for (const std::string& w : words(jointName)) {
        if (w == "l" || w == "left") {
            role.side = BodySide::Left;
        } else if (w == "r" || w == "right") {
            role.side = BodySide::Right;
        } else if (isNumber(w)) {
            if (!stem.empty())  // Bip01's number names the rig, not the bone
                digits = w.substr(0, 6);
        } else if (w == "end" || w == "nub" || w == "top" || w == "tip" || w == "twist" || w == "roll" ||
                   w == "ik" || w == "pole" || w == "target" || w == "ctrl") {
            return std::nullopt;  // an end bone, a helper or a control
        } else if (!(stem.empty() && isPrefix(w))) {
            stem += w;
        }
    }
    int order = digits.empty() ? 0 : std::stoi(digits);
    if (const std::optional<BodyPart> finger = fingerOf(stem, digits, order)) {
        if (role.side == BodySide::Centre)
            return std::nullopt;
        role.part = *finger;
        role.order = order;
        return role;
    }
    std::optional<BodyPart> part = partOf(stem);
    for (const auto& [glued, side] : {std::pair{"left", BodySide::Left}, std::pair{"right", BodySide::Right}})
        if (!part && role.side == BodySide::Centre && stem.rfind(glued, 0) == 0) {
            // A side glued on in lower case (pab's Lefthand); only where the rest is a bone (not Leftover).
            const std::string rest = stem.substr(std::string_view(glued).size());
            if (fingerOf(rest, digits, order))
                return BoneRole{*fingerOf(rest, digits, order), side, order};
            if ((part = partOf(rest)))
                role.side = side, stem = rest;
        }
    if (!part)
        return std::nullopt;
    role.part = *part == BodyPart::Hips && role.side != BodySide::Centre ? BodyPart::UpperLeg : *part;  // hip.L: the thigh
    const bool centre = role.part == BodyPart::Hips || role.part == BodyPart::Spine || role.part == BodyPart::Neck ||
                        role.part == BodyPart::Head;
    if (centre != (role.side == BodySide::Centre))
        return std::nullopt;  // a sided spine or an unsided hand: not a humanoid's
    role.order = stem == "chest" ? 100 : stem == "upperchest" ? 101 : order;
    role.loose = isLoose(stem);
    return role;
}

const char* bodyPartName(BodyPart part)
{
    static constexpr std::array<const char*, 17> kNames = {
        "hips", "spine", "neck", "head", "shoulder", "upper arm", "forearm", "hand", "thigh", "shin",
        "foot", "toes", "thumb", "index finger", "middle finger", "ring finger", "little finger"};
    return kNames[static_cast<std::size_t>(part)];
}

} // namespace marrow::model
