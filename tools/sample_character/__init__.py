# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""The modules of tools/make_sample_character.py (see its docstring)."""
