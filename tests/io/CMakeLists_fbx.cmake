# SPDX-License-Identifier: MIT
# FBX poses as the file says (issue 38). tools/fbx_sdk_compare.py checks the
# pab clips against the FBX SDK's own samples (tests/io/data, from
# ozz-animation's public raw output): within 1e-5 of the joints' diagonal
# (Assimp's straight lines alone: 2.8e-2). tools/fbx_reference.py evaluates
# each file from the format's rules (its own reading and curve code, no
# Assimp, no Marrow) and compares marrow-cli's joints at times between the
# keys and frames: the pab clips, three stacks in one file, rigid props
# (robot), Blender exports, linear curves turning by several turns, and the
# run written as ASCII FBX. Within 1e-4 of the diagonal, and 3e-4 on the pab
# clips: Marrow's keys lie on the frames, exact there with exact slopes, and
# between frames a cubic follows feet turning up to ~600 degrees a second
# to 1.5e-4 (0.3 mm on the 1.9 m character). Label io.
if(MARROW_PYTHON3 AND TARGET marrow-cli)
  set(fbx "${MARROW_SHARED_MODELS}")
  set(fbx_tools ${PROJECT_SOURCE_DIR}/tools)
  add_test(NAME fbx_sdk_samples_pab
    COMMAND ${MARROW_PYTHON3} ${fbx_tools}/fbx_sdk_compare.py ${CMAKE_CURRENT_SOURCE_DIR}/io/data/pab_fbx_sdk_samples.json
            "${fbx}" --cli $<TARGET_FILE:marrow-cli> --check 1e-5)
  set_tests_properties(fbx_sdk_samples_pab PROPERTIES LABELS io)
  function(marrow_fbx_check name tolerance file)
    add_test(NAME ${name}
      COMMAND ${MARROW_PYTHON3} ${fbx_tools}/fbx_reference.py "${file}" ${ARGN} --cli $<TARGET_FILE:marrow-cli>
              --check ${tolerance})
    set_tests_properties(${name} PROPERTIES LABELS io)
  endfunction()
  set(pab "${fbx}/ozz-animation/fbx/pab")
  marrow_fbx_check(fbx_curves_pab_run 3e-4 ${pab}/run.fbx 0.05 0.1 0.1667 0.2833 0.37 0.5 0.55 0.61)
  marrow_fbx_check(fbx_curves_pab_jog 3e-4 ${pab}/jog.fbx 0.02 0.1 0.23 0.37 0.45 0.58 0.66 0.77)
  marrow_fbx_check(fbx_curves_pab_walk 3e-4 ${pab}/walk.fbx 0.05 0.21 0.43 0.61 0.79 0.95 1.11 1.29)
  foreach(stack jog run walk)
    marrow_fbx_check(fbx_curves_pab_locomotions_${stack} 3e-4 ${pab}/locomotions.fbx 0.05 0.21 0.43 0.61
                     --stack ${stack} --clip ${stack})
  endforeach()
  marrow_fbx_check(fbx_curves_robot 1e-4 ${fbx}/ozz-animation/fbx/robot.fbx 0.37 1.91 3.333 5.55 7.01 9.87 12.3 14.1)
  marrow_fbx_check(fbx_curves_blender_huesitos 1e-4 ${fbx}/assimp/models/FBX/huesitos.fbx 0.05 0.21 0.43 0.91 1.37)
  marrow_fbx_check(fbx_curves_blender_armature 1e-4 ${fbx}/assimp/models/FBX/animation_with_skeleton.fbx 0.05 0.21 0.43 0.61)
  marrow_fbx_check(fbx_curves_full_turns 1e-4
                   ${fbx}/assimp/models-nonbsd/FBX/2013_BINARY/anims_with_full_rotations_between_keys.fbx
                   0.05 0.41 1.23 3.3 7.7 11.1)
  set(ascii ${CMAKE_CURRENT_BINARY_DIR}/fbx_ascii_pab_run.fbx)
  add_test(NAME fbx_ascii_write COMMAND ${MARROW_PYTHON3} ${fbx_tools}/fbx_to_ascii.py ${pab}/run.fbx ${ascii})
  set_tests_properties(fbx_ascii_write PROPERTIES LABELS io FIXTURES_SETUP fbx_ascii)
  marrow_fbx_check(fbx_curves_ascii_pab_run 3e-4 ${ascii} 0.05 0.1 0.1667 0.2833 0.5 0.61)
  set_tests_properties(fbx_curves_ascii_pab_run PROPERTIES FIXTURES_REQUIRED fbx_ascii)
endif()
