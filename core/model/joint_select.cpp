// SPDX-License-Identifier: MIT
#include "core/model/joint_select.h"

#include "core/model/joint_name_mirror.h"

#include <algorithm>
#include <cctype>

namespace marrow::model {

namespace {

bool inRange(const anim::Skeleton& skeleton, anim::JointIndex joint)
{
    return joint >= 0 && static_cast<std::size_t>(joint) < skeleton.size();
}

bool isBone(std::span<const std::uint8_t> bones, anim::JointIndex joint)
{
    return bones.empty() || (static_cast<std::size_t>(joint) < bones.size() && bones[static_cast<std::size_t>(joint)]);
}

// A list without repeats, in linear time (rigs reach 10,000 joints).
class UniqueList {
public:
    explicit UniqueList(std::size_t joints)
        : m_in(joints, 0)
    {
    }
    void add(anim::JointIndex joint)
    {
        auto& in = m_in[static_cast<std::size_t>(joint)];
        if (!in)
            m_list.push_back(joint);
        in = 1;
    }
    void remove(anim::JointIndex joint)
    {
        auto& in = m_in[static_cast<std::size_t>(joint)];
        if (in)
            m_list.erase(std::find(m_list.begin(), m_list.end(), joint));
        in = 0;
    }
    JointList take() { return std::move(m_list); }

private:
    std::vector<std::uint8_t> m_in;
    JointList m_list;
};

// The current joint (the last selected) at the end again, if it is still in.
JointList currentLast(JointList list, const JointList& selected)
{
    if (selected.empty())
        return list;
    const auto it = std::find(list.begin(), list.end(), selected.back());
    if (it != list.end())
        std::rotate(it, it + 1, list.end());
    return list;
}

// Maps every selected joint to joints of `to`, keeping it when `to` gives none;
// the current joint's images come last, so one of them becomes current.
template <typename To>
JointList mapEach(const anim::Skeleton& skeleton, const JointList& selected, To to)
{
    UniqueList out(skeleton.size());
    for (const anim::JointIndex joint : selected) {
        if (!inRange(skeleton, joint))
            continue;
        const JointList images = to(joint);
        if (images.empty())
            out.add(joint);
        for (const anim::JointIndex image : images) {
            if (joint == selected.back())
                out.remove(image);
            out.add(image);
        }
    }
    return out.take();
}

} // namespace

JointList selectAllBones(const anim::Skeleton& skeleton, std::span<const std::uint8_t> bones, const JointList& selected)
{
    UniqueList out(skeleton.size());
    for (const anim::JointIndex joint : selected)
        if (inRange(skeleton, joint))
            out.add(joint);
    for (std::size_t j = 0; j < skeleton.size(); ++j)
        if (isBone(bones, static_cast<anim::JointIndex>(j)))
            out.add(static_cast<anim::JointIndex>(j));
    return currentLast(out.take(), selected);
}

JointList invertBones(const anim::Skeleton& skeleton, std::span<const std::uint8_t> bones, const JointList& selected)
{
    std::vector<std::uint8_t> wasSelected(skeleton.size(), 0);
    for (const anim::JointIndex joint : selected)
        if (inRange(skeleton, joint))
            wasSelected[static_cast<std::size_t>(joint)] = 1;
    JointList out;
    for (std::size_t j = 0; j < skeleton.size(); ++j)
        if (isBone(bones, static_cast<anim::JointIndex>(j)) && !wasSelected[j])
            out.push_back(static_cast<anim::JointIndex>(j));
    return out;
}

JointList mirrorJoints(const anim::Skeleton& skeleton, const JointList& selected, bool extend)
{
    JointList out = mapEach(skeleton, selected, [&](anim::JointIndex joint) {
        JointList partner;
        if (const auto twin = mirroredJointName(skeleton.names[static_cast<std::size_t>(joint)]))
            if (const auto other = skeleton.find(*twin))
                partner.push_back(*other);
        return partner;
    });
    if (!extend)
        return out;
    UniqueList both(skeleton.size());
    for (const anim::JointIndex joint : selected)
        if (inRange(skeleton, joint))
            both.add(joint);
    for (const anim::JointIndex joint : out)
        both.add(joint);
    // The partner of the current joint becomes current, as without extend.
    return out.empty() ? both.take() : currentLast(both.take(), {out.back()});
}

JointList parentBones(const anim::Skeleton& skeleton, std::span<const std::uint8_t> bones, const JointList& selected)
{
    return mapEach(skeleton, selected, [&](anim::JointIndex joint) {
        anim::JointIndex parent = skeleton.parents[static_cast<std::size_t>(joint)];
        while (parent != anim::kNoParent && !isBone(bones, parent))
            parent = skeleton.parents[static_cast<std::size_t>(parent)];
        return parent == anim::kNoParent ? JointList{} : JointList{parent};
    });
}

JointList childBones(const anim::Skeleton& skeleton, std::span<const std::uint8_t> bones, const JointList& selected)
{
    std::vector<JointList> children(skeleton.size());
    for (std::size_t j = 0; j < skeleton.size(); ++j) {
        const anim::JointIndex parent = skeleton.parents[j];
        if (parent != anim::kNoParent && isBone(bones, static_cast<anim::JointIndex>(j)))
            children[static_cast<std::size_t>(parent)].push_back(static_cast<anim::JointIndex>(j));
    }
    return mapEach(skeleton, selected, [&](anim::JointIndex joint) { return children[static_cast<std::size_t>(joint)]; });
}

std::string similarNameKey(std::string_view name)
{
    std::string key;
    key.reserve(name.size());
    for (const char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isdigit(u) || c == '_' || c == '.' || c == '-' || c == ' ')
            continue;
        key.push_back(static_cast<char>(std::tolower(u)));
    }
    return key;
}

JointList similarNameJoints(const anim::Skeleton& skeleton, std::span<const std::uint8_t> bones,
                            const JointList& selected)
{
    std::vector<std::string> keys(skeleton.size());
    for (std::size_t j = 0; j < skeleton.size(); ++j)
        keys[j] = similarNameKey(skeleton.names[j]);
    UniqueList out(skeleton.size());
    for (const anim::JointIndex joint : selected) {
        if (!inRange(skeleton, joint))
            continue;
        out.add(joint);
        const std::string& key = keys[static_cast<std::size_t>(joint)];
        if (key.empty())
            continue;  // a name of digits alone: nothing to compare
        for (std::size_t j = 0; j < skeleton.size(); ++j) {
            const auto other = static_cast<anim::JointIndex>(j);
            if (keys[j] == key && isBone(bones, other) == isBone(bones, joint))
                out.add(other);
        }
    }
    return currentLast(out.take(), selected);
}

} // namespace marrow::model
