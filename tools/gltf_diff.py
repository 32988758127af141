#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Structural diff of two glTF files: what a writer kept, changed, lost or added.

Objects are matched by name, vertices by position and images by bytes (see
tools/gltf_diff/items.py), so renumbering, reordering and re-encoding are not
differences; values compare to 1e-5 relative. Usage:

  python3 tools/gltf_diff.py BEFORE.gltf AFTER.glb            # summary + every difference
  python3 tools/gltf_diff.py BEFORE AFTER --allow 'skin.*' --allow 'animation.walk.*'
        # exit 1 when anything not allowed changed or was lost
  python3 tools/gltf_diff.py BEFORE AFTER --json              # the lists as JSON

Exit status: 0 nothing unexpected lost or changed, 1 something was, 2 unreadable input.
"""

import argparse
import fnmatch
import json
import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gltf_diff.compare import compare  # noqa: E402
from gltf_diff.items import collect, node_labels  # noqa: E402
from gltf_diff.load import Gltf, GltfError  # noqa: E402


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet under `| head`
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--allow", action="append", default=[], help="item pattern that may change or go (fnmatch)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    try:
        first, second = Gltf(args.before), Gltf(args.after)
        before, after = collect(first), collect(second, node_labels(first))
    except (GltfError, OSError, KeyError, IndexError) as e:
        print("gltf_diff: error: %s" % e, file=sys.stderr)
        return 2
    result = compare(before, after)
    allowed = lambda key: any(fnmatch.fnmatchcase(key, p) for p in args.allow)  # noqa: E731
    unexpected = [k for k in result["changed"] + result["lost"] if not allowed(k)]
    if args.json:
        print(json.dumps(dict(result, unexpected=unexpected, items=len(before)), indent=1))
    else:
        print("%s -> %s: %d items; kept %d, changed %d, lost %d, added %d; unexpected %d" % (
            args.before, args.after, len(before), len(result["kept"]), len(result["changed"]),
            len(result["lost"]), len(result["added"]), len(unexpected)))
        for kind in ("changed", "lost", "added"):
            for key in result[kind]:
                mark = "" if kind == "added" or allowed(key) else "  <- unexpected"
                print("  %-7s %s%s" % (kind, key, mark))
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
