# SPDX-License-Identifier: MIT
# Morph targets are part of the pose (issue 19): marrow-cli pose of the
# real-traits sample (a head with a morph target, default weight 0.25 and a
# morph-weight channel in 'idle') against tools/gltf_reference_pose.py, an
# evaluation written from the glTF specification alone, at several times:
# the first key, between keys, the channel's peak, past the end, and a clip
# that does not key the weights (the defaults apply). The same through a
# .marrow document saved from the sample.
if(MARROW_PYTHON3 AND TARGET marrow-cli)
  set(reference "${PROJECT_SOURCE_DIR}/tools/gltf_reference_pose.py")
  foreach(case "idle;0" "idle;0.71" "idle;1.25" "idle;5" "walk;0.5")
    list(GET case 0 clip)
    list(GET case 1 time)
    string(REPLACE "." "_" tag "${clip}_${time}")
    add_test(NAME morph_pose_reference_${tag}
      COMMAND ${MARROW_PYTHON3} ${reference} ${MARROW_TRAITS_SAMPLE} --clip ${clip} --time ${time}
              --cli $<TARGET_FILE:marrow-cli> --mesh Head --mesh Sword)
    set_tests_properties(morph_pose_reference_${tag} PROPERTIES LABELS cli)
  endforeach()
  set(saved "${CMAKE_CURRENT_BINARY_DIR}/morph_traits.marrow")
  add_test(NAME morph_pose_reference_through_marrow
    COMMAND sh -c "rm -f \"$3\" && \"$1\" convert \"$2\" \"$3\" && \"$4\" \"$5\" \"$2\" --clip idle --time 1.25 --cli \"$1\" --cli-input \"$3\" --mesh Head"
            sh $<TARGET_FILE:marrow-cli> ${MARROW_TRAITS_SAMPLE} ${saved} ${MARROW_PYTHON3} ${reference})
  set_tests_properties(morph_pose_reference_through_marrow PROPERTIES LABELS cli)
endif()
