# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Where the sample is written: resources/samples/marrow_character.gltf + .bin."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT_DIR = os.path.join(ROOT, "resources", "samples")
NAME = "marrow_character"
