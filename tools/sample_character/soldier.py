# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""The soldier variant's geometry (issue 36): a low-poly body on the sample's
skeleton, a belt buckle as a loose shell inside the body mesh, and three
props, each its own mesh skinned wholly to one bone:

  helmet -> head, shield -> forearm.L, spear (1.8x the height) -> hand.R.

Small on purpose (a few thousand vertices once flat-shaded) so an operation
matrix over it runs fast. soldier_gltf.py writes it.
"""

from sample_character.vec import *  # noqa: F401,F403
from sample_character.rig import *  # noqa: F401,F403
from sample_character.body import Mesh, smooth_profile, tube
from sample_character.weights import raw_weights

HEIGHT = 1.8  # the body's top is the head's dome at about 1.8 m
SPEAR_LENGTH = 1.8 * HEIGHT
SPEAR_AXIS = ((-0.74, 1.44, -0.01), Z_AXIS)  # through the right fist, pointing forward
BUCKLE_CENTRE = (0.0, 0.95, 0.135)  # on the belly, just outside the torso's front


def flat(r_a, r_b):
    """A profile (ru, rv, du, dv) of radius r_a at s = 0 and r_b at s = 1 (s in [0, 1])."""
    return smooth_profile([(0.0, r_a[0], r_a[1], 0.0, 0.0), (1.0, r_b[0], r_b[1], 0.0, 0.0)])


def segment(a, b):
    return lambda s: add(a, mul(sub(b, a), s))


def build_left(mesh):
    """Left arm, hand, leg and foot (x > 0): coarse tubes along the bones."""
    tube(mesh, "arm", segment((0.09, 1.44, -0.01), (0.70, 1.44, -0.01)), flat((0.06, 0.062), (0.03, 0.038)),
         0.0, 1.0, 5, 8, Y_AXIS, dome0=0.03)
    tube(mesh, "hand", segment((0.67, 1.44, -0.01), (0.88, 1.44, -0.01)), flat((0.024, 0.040), (0.016, 0.040)),
         0.0, 1.0, 3, 8, Y_AXIS, dome1=0.025, dome_rings=1)
    tube(mesh, "leg", segment((0.09, 1.00, 0.0), (0.09, 0.07, 0.0)), flat((0.086, 0.088), (0.036, 0.036)),
         0.0, 1.0, 6, 8, Z_AXIS, dome1=0.02, dome_rings=1)
    foot = smooth_profile([(0.0, 0.05, 0.04, 0.05, 0.0), (1.0, 0.02, 0.045, 0.02, 0.0)])
    tube(mesh, "foot", segment((0.09, 0.0, -0.055), (0.09, 0.0, 0.20)), foot, 0.0, 1.0, 3, 8, Y_AXIS,
         dome0=0.02, dome1=0.02, dome_rings=1)


def build_centre(mesh):
    torso = smooth_profile([(0.84, 0.075, 0.10, 0.0, 0.0), (0.98, 0.118, 0.172, 0.0, 0.0),
                            (1.08, 0.104, 0.150, 0.0, 0.0), (1.30, 0.124, 0.172, 0.0, 0.0),
                            (1.46, 0.090, 0.165, 0.0, 0.0), (1.54, 0.052, 0.060, 0.0, 0.0)])
    tube(mesh, "torso", lambda s: (0.0, s, 0.0), torso, 0.84, 1.54, 8, 12, Z_AXIS, expo=2.3, dome0=0.03,
         symmetric=True)
    head = smooth_profile([(1.47, 0.056, 0.058, 0.0, 0.0), (1.59, 0.060, 0.062, 0.0, 0.0),
                           (1.67, 0.100, 0.086, 0.0, 0.0), (1.765, 0.092, 0.080, 0.0, 0.0)])
    tube(mesh, "head", lambda s: (0.0, s, 0.0), head, 1.47, 1.765, 6, 12, Z_AXIS, dome1=0.035, dome_rings=2,
         symmetric=True)


def body_mesh():
    """The body: centre tubes, the left limbs and their mirror images (winding reversed)."""
    mesh = Mesh()
    build_centre(mesh)
    left_first, left_tri_first = len(mesh.pos), len(mesh.tris)
    build_left(mesh)
    off = len(mesh.pos) - left_first
    for i in range(left_first, left_first + off):
        mesh.pos.append(mirror(mesh.pos[i]))
        mesh.part.append(mesh.part[i])
    for (a, b, c) in mesh.tris[left_tri_first:]:
        mesh.tris.append((a + off, c + off, b + off))
    return mesh


def box(mesh, part, lo, hi):
    """An axis-aligned closed box (8 vertices, 12 outward triangles)."""
    first = len(mesh.pos)
    for k in range(8):
        mesh.pos.append((hi[0] if k & 1 else lo[0], hi[1] if k & 2 else lo[1], hi[2] if k & 4 else lo[2]))
        mesh.part.append(part)
    quads = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    for a, b, c, d in quads:
        mesh.tris += [(first + a, first + b, first + c), (first + a, first + c, first + d)]


def body_weights(mesh):
    """Smooth distance weights (the sample's, left side computed, right mirrored);
    the buckle's vertices belong wholly to the hips."""
    out = []
    for p, part in zip(mesh.pos, mesh.part):
        if part == "buckle":
            out.append([("hips", 1.0)])
        elif p[0] >= 0:
            out.append(raw_weights(p, part))
        else:
            out.append([(swap_side(b), w) for b, w in raw_weights(mirror(p), part)])
    return out


def soldier_body():
    """(mesh, weights): the body with the buckle as a loose shell in the same mesh."""
    mesh = body_mesh()
    c = BUCKLE_CENTRE
    box(mesh, "buckle", (c[0] - 0.04, c[1] - 0.03, c[2] - 0.01), (c[0] + 0.04, c[1] + 0.03, c[2] + 0.012))
    return mesh, body_weights(mesh)


def helmet():
    mesh = Mesh()
    tube(mesh, "helmet", lambda s: (0.0, s, 0.0), flat((0.118, 0.105), (0.118, 0.105)), 1.66, 1.77, 2, 12,
         Z_AXIS, dome1=0.06, dome_rings=3, symmetric=True)
    return mesh


def shield():
    """A round shield strapped to the outside (+Z face) of the left forearm."""
    mesh = Mesh()
    tube(mesh, "shield", segment((0.56, 1.44, 0.05), (0.56, 1.44, 0.08)), flat((0.26, 0.26), (0.26, 0.26)),
         0.0, 1.0, 2, 12, Y_AXIS, dome0=0.0, dome1=0.02, dome_rings=1)
    return mesh


def spear():
    """A straight shaft through the right fist along +Z, a steel tip at its front."""
    mesh = Mesh()
    (x, y, z), axis = SPEAR_AXIS
    z0, z1 = -1.0, -1.0 + SPEAR_LENGTH - 0.25
    tube(mesh, "spear", segment((x, y, z0), (x, y, z1)), flat((0.016, 0.016), (0.016, 0.016)), 0.0, 1.0, 4, 6,
         Y_AXIS, dome0=0.01, dome_rings=1)
    tube(mesh, "spear", segment((x, y, z1), (x, y, z1 + 0.05)), flat((0.035, 0.012), (0.035, 0.012)), 0.0, 1.0,
         2, 6, Y_AXIS, dome1=0.20, dome_rings=1)
    return mesh


PROPS = [
    # mesh name, builder, the one joint it follows
    ("Helmet", helmet, "head"),
    ("Shield", shield, "forearm_L"),
    ("Spear", spear, "hand_R"),
]
