# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Compares two item tables: kept, changed, lost and added, with float tolerance."""

import math

REL = 1e-5
ABS = 1e-6


def close(a, b, quat=False):
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return abs(a - b) <= ABS + REL * max(abs(a), abs(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k], quat) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            return False
        if quat and len(a) == 4 and all(isinstance(c, (int, float)) for c in a + b if not isinstance(c, bool)):
            # q and -q are one rotation.
            return all(close(x, y) for x, y in zip(a, b)) or all(close(x, -y) for x, y in zip(a, b))
        return all(close(x, y, quat) for x, y in zip(a, b))
    return a == b


def compare(before, after):
    """{"kept": [...], "changed": [...], "lost": [...], "added": [...]} of item keys."""
    out = {"kept": [], "changed": [], "lost": [], "added": []}
    for key, value in before.items():
        if key not in after:
            out["lost"].append(key)
        elif close(value, after[key], quat=key.endswith(".rotation")):
            out["kept"].append(key)
        else:
            out["changed"].append(key)
    out["added"] = [k for k in after if k not in before]
    return out
