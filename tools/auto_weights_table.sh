#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
# Marrow's automatic weights against Blender 3.4's on every skinned model of
# ../shared/models, as one Markdown table (bench/README.md's auto_weights).
#   tools/auto_weights_table.sh [BUILD_BIN_DIR] [OUT_DIR]
#
# BUILD_BIN_DIR: marrow-cli's (build/bin). OUT_DIR: every file (/tmp/marrow-auto-weights), table.md.
#
# For each glTF, GLB, FBX, DAE, MD5 or X file (hostile/ left out), in sorted order:
#  1. `marrow-cli info`: skipped when marrow-cli refuses it or no mesh is skinned.
#  2. Non-glTF files: `marrow-cli convert IN OUT_DIR/NAME.glb`; that GLB is the
#     "original" all three sides read (the artist's weights as Marrow imports them).
#  3. Marrow: `marrow-cli weights ORIG --auto -o NAME.marrow.glb`.
#  4. Blender: tools/blender/auto_weights.py ORIG NAME.blender.json 3.
#  5. tools/weights_agreement.py's measures (dominant bone as the artist's, Marrow =
#     Blender), and the bones: joints the original weights (both tools' deforming set).
#
# Timing. Blender: the median of its 3 parent_set(ARMATURE_AUTO) calls, as
# auto_weights.py measures them inside Blender. Marrow: marrow-cli does not time
# itself, so each of `weights --auto` and a no-op `convert ORIG NAME.conv.glb`
# (the same import and GLB export, no weights) runs 3 times, timed around the
# process (bash's EPOCHREALTIME, inside the lock); the figure is the median of the
# former minus that of the latter: the auto-weights job, within process-start noise.
#
# The machine is shared: the whole table (a few minutes) runs holding flock
# /tmp/marrow-build.lock, taken once, so no other heavy job skews the timings.
# Needs Blender (blender on PATH or $BLENDER) and python3; exits 2 without.
# $BLENDER_SCRIPT replaces tools/blender/auto_weights.py (e.g. a fixed copy).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$HERE")
BIN=$(cd "${1:-$REPO/build/bin}" && pwd)
OUT=${2:-/tmp/marrow-auto-weights}
MODELS=$(cd "$REPO/../shared/models" && pwd)
CLI=$BIN/marrow-cli
BLENDER=${BLENDER:-blender}
LOCK=${MARROW_LOCK:-/tmp/marrow-build.lock}  # $MARROW_LOCK: another lock file
BLENDER_SCRIPT=${BLENDER_SCRIPT:-$HERE/blender/auto_weights.py}
REPEATS=3
export LC_ALL=C  # sorted order and decimal points do not depend on the locale
for t in "$BLENDER" python3; do command -v "$t" >/dev/null || { echo "no $t" >&2; exit 2; }; done
[ -x "$CLI" ] || { echo "no marrow-cli in $BIN" >&2; exit 2; }
mkdir -p "$OUT"

# Seconds one command takes (stdout); its own output goes to OUT/log. Fails as it fails.
timed() {
    local s=$EPOCHREALTIME; "$@" >>"$LOG" 2>&1 || return $?
    python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$s" "$EPOCHREALTIME"
}
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
LOG=$OUT/log; : >"$LOG"
exec 9>>"$LOCK"; flock 9  # the shared lock, held to the end

rows=() skipped=()
while IFS= read -r rel; do
    src=$MODELS/$rel
    name=$(echo "${rel%.*}" | tr '/ ' '__')
    echo "== $rel" >>"$LOG"
    # 1. Refused, or nothing skinned: skip.
    if ! "$CLI" info "$src" >"$OUT/$name.info.json" 2>>"$LOG"; then
        skipped+=("$rel (marrow-cli refuses it)"); continue
    fi
    if ! python3 -c 'import json, sys; sys.exit(not any(m["skinned"] for m in json.load(open(sys.argv[1]))["meshes"]))' \
            "$OUT/$name.info.json"; then
        skipped+=("$rel (no skinned mesh)"); continue
    fi
    # 2. The original both tools read: glTF as it is, anything else converted.
    case ${rel,,} in
        *.gltf|*.glb) orig=$src ;;
        *) orig=$OUT/$name.glb
           if ! "$CLI" convert "$src" "$orig" >>"$LOG" 2>&1; then
               skipped+=("$rel (marrow-cli convert fails)"); continue
           fi ;;
    esac
    # 3. Marrow, timed against a no-op convert of the same file.
    wt=() ct=() ok=1
    for _ in $(seq $REPEATS); do
        t=$(timed "$CLI" weights "$orig" --auto -o "$OUT/$name.marrow.glb") || { ok=0; break; }
        wt+=("$t")
        ct+=("$(timed "$CLI" convert "$orig" "$OUT/$name.conv.glb")")
    done
    if [ $ok = 0 ]; then skipped+=("$rel (marrow-cli weights --auto fails)"); continue; fi
    marrow_s=$(python3 -c 'import sys; print(max(0.0, float(sys.argv[1]) - float(sys.argv[2])))' \
        "$(median "${wt[@]}")" "$(median "${ct[@]}")")
    # 4. Blender (its own timing, inside Blender).
    rm -f "$OUT/$name.blender.json"; "$BLENDER" -b --factory-startup --python "$BLENDER_SCRIPT" -- \
        "$orig" "$OUT/$name.blender.json" $REPEATS >"$OUT/$name.blender.log" 2>&1 || true
    if [ ! -s "$OUT/$name.blender.json" ]; then
        rows+=("| $rel | | | | Blender failed ($OUT/$name.blender.log) | | | | |"); continue
    fi
    # 5. The measures, by weights_agreement.py's definitions.
    rows+=("$(cd "$HERE" && python3 - "$rel" "$orig" "$OUT/$name.marrow.glb" "$OUT/$name.blender.json" \
        "$marrow_s" <<'EOF'
import json, re, sys
import weights_agreement as wa
rel, orig, marrow_path, blender_path, marrow_s = sys.argv[1:6]
pos, artist = wa.rows(orig)
_, marrow = wa.rows(marrow_path)
b = json.load(open(blender_path))
names = {k for r in artist for k in r}  # Blender names an unnamed glTF node i "Node_i", weights_agreement "node i"
b["weights"] = [{("node " + k[5:] if k not in names and re.fullmatch(r"Node_\d+", k) else k): w
                 for k, w in r.items()} for r in b["weights"]]
if len(b["weights"]) == len(pos):
    blender = b["weights"]
else:  # Blender's importer changed the vertices: match by position
    by_pos = {}
    for p, w in zip(b["vertices"], b["weights"]):
        by_pos.setdefault(wa.key(p), w)
    blender = [by_pos.get(wa.key(p)) for p in pos]
matched = [i for i, r in enumerate(blender) if r is not None]
n = max(1, len(matched))
dom = wa.dominant
same = lambda a, c: 100.0 * sum(1 for i in matched if dom(a[i]) is not None and dom(a[i]) in wa.top_bones(c[i])) / n
bones = len({k for r in artist for k in r})
sec = sorted(b["seconds"])
notes = []
if len(matched) != len(pos):
    notes.append("%d of %d matched in Blender" % (len(matched), len(pos)))
if len(marrow) != len(pos):
    notes.append("Marrow kept %d vertices" % len(marrow))
mu, bu = sum(1 for r in marrow if not r), sum(1 for i in matched if not blender[i])
if mu or bu:
    notes.append("unweighted: Marrow %d, Blender %d" % (mu, bu))
if b["error"]:
    notes.append("Blender: " + b["error"].strip().replace("|", "/")[:80])
print("| %s | %d | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %s |" % (
    rel, len(pos), bones, same(marrow, artist), same(blender, artist), same(marrow, blender),
    1000.0 * float(marrow_s), 1000.0 * sec[len(sec) // 2], "; ".join(notes)))
EOF
)")
done < <(cd "$MODELS" && find . -path ./hostile -prune -o -type f \
    \( -iname '*.gltf' -o -iname '*.glb' -o -iname '*.fbx' -o -iname '*.dae' -o -iname '*.md5mesh' -o -iname '*.x' \) \
    -print | sed 's|^\./||' | sort)
flock -u 9; exec 9>&-

{
    echo "| model | vertices | bones | artist = Marrow % | artist = Blender % | Marrow = Blender % |" \
         "Marrow ms | Blender ms (median of $REPEATS) | notes |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
    printf '%s\n' "${rows[@]}"
    echo
    echo "Agreement: how often a tool's dominant bone is the artist's (or the other tool's; any of tied top bones), over the"
    echo "vertices matched in Blender's output. Marrow ms: median \`weights --auto\` run minus median"
    echo "no-op \`convert\` run ($REPEATS each, whole process). Blender ms: parent_set(ARMATURE_AUTO) alone."
    echo
    echo "Skipped:"
    printf -- '- %s\n' "${skipped[@]}"
} | tee "$OUT/table.md"
