# SPDX-License-Identifier: MIT
# COLLADA poses as the file says (issue 38): tools/collada_reference.py
# evaluates each file from the specification (its own XML reading and curve
# code, no Assimp, no Marrow) and compares marrow-cli's joints. seymour.dae
# is BEZIER: 8 times between its keys, within 1e-4 of the joints' bounding
# diagonal. The other shared files animate matrices LINEAR, which Marrow
# (as Assimp and Blender) interpolates as decomposed transforms: they are
# compared at their keys, within 1e-5. Label io.
if(MARROW_PYTHON3 AND TARGET marrow-cli)
  set(collada "${MARROW_SHARED_MODELS}")
  function(marrow_collada_check name file tolerance)
    add_test(NAME ${name}
      COMMAND ${MARROW_PYTHON3} ${PROJECT_SOURCE_DIR}/tools/collada_reference.py "${collada}/${file}" ${ARGN}
              --cli $<TARGET_FILE:marrow-cli> --check ${tolerance})
    set_tests_properties(${name} PROPERTIES LABELS io)
  endfunction()
  marrow_collada_check(collada_bezier_seymour ozz-animation/collada/seymour.dae 1e-4
                       0.35 1.9 3.3 4.07 6.61 7.95 9.37 11.9)
  marrow_collada_check(collada_keys_astro_max ozz-animation/collada/astro_max.dae 1e-5
                       0 0.3333333 0.6666667 1.1666667)
  marrow_collada_check(collada_keys_pab_walk ozz-animation/collada/pab/walk.dae 1e-5 0 0.3666667 0.5 1.0)
  marrow_collada_check(collada_keys_clip_turn assimp/models/Collada/library_animation_clips.dae 1e-5
                       0 0.25 0.5 --clip turn)
  marrow_collada_check(collada_keys_clip_bend assimp/models/Collada/library_animation_clips.dae 1e-5
                       0 0.25 0.5 --clip bend)
endif()
