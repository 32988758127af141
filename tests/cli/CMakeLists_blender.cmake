# SPDX-License-Identifier: MIT
# Blender as a peer (issue 35, tools/blender/README.md): Blender 3.4's glTF
# importer poses marrow-cli convert's export of every skinned shared model as
# marrow-cli pose does: the default pose within 1e-5 of the diagonal, the
# clips' key times within 1e-4, and REST within 1e-5 of Marrow's Rest
# Position as Blender places a bind pose (--rest-rule blender: it keeps a
# root joint's rest transform where its parent is no joint). Nodes between
# joints are listed as joints (--joints-between), as Blender needs to read
# astro_max's bind pose. Registered only where Blender is installed; it
# skips (77) where Blender's Python lacks numpy or ../shared/models is absent.
# Off by default: it takes about 50 s on two cores with numpy and scipy, about
# 3.5 minutes in plain Python, and CI's machines do not have Blender. `cmake -DMARROW_BLENDER_CHECKS=ON`
# then `ctest -L blender` runs it.
option(MARROW_BLENDER_CHECKS "Register the Blender peer check (needs Blender 3.4; slow)" OFF)
find_program(MARROW_BLENDER blender)
if(MARROW_BLENDER_CHECKS AND MARROW_PYTHON3 AND MARROW_BLENDER AND TARGET marrow-cli)
  add_test(NAME blender_poses_marrow_exports
    COMMAND ${MARROW_PYTHON3} ${PROJECT_SOURCE_DIR}/tools/blender_pose_table.py
            --cli $<TARGET_FILE:marrow-cli> --blender ${MARROW_BLENDER}
            --work ${CMAKE_CURRENT_BINARY_DIR}/blender_poses --joints-between --rest-rule blender --max-times 3)
  set_tests_properties(blender_poses_marrow_exports PROPERTIES
    LABELS blender SKIP_RETURN_CODE 77 RUN_SERIAL TRUE TIMEOUT 900)
endif()
