# SPDX-License-Identifier: MIT
# marrow-cli weights on every skinned model the export checks use: smooth,
# mirror, limit and quantise; and automatic weights alone. The Khronos
# validator must report 0 errors (registered with the other validator
# tests, when it is installed).
if(EXISTS "${MARROW_GLTF_VALIDATOR}" AND MARROW_NODE AND TARGET marrow-cli)
  set(weights_dir "${CMAKE_CURRENT_BINARY_DIR}/weights_validation")
  file(MAKE_DIRECTORY "${weights_dir}")
  set(marrow_weights_models
    "${MARROW_SHARED_MODELS}/ozz-animation/gltf/khronos/cesium_man.gltf"
    "${MARROW_SHARED_MODELS}/ozz-animation/gltf/khronos/rigged_simple.gltf"
    "${MARROW_SHARED_MODELS}/assimp/models/glTF2/simple_skin/simple_skin.gltf"
    "${MARROW_SHARED_MODELS}/synthetic/public_rig.gltf"
    "${MARROW_SHARED_MODELS}/ozz-animation/fbx/pab/arnaud.fbx"
    "${CMAKE_BINARY_DIR}/samples/marrow_character_traits.gltf")
  foreach(model ${marrow_weights_models})
    get_filename_component(stem "${model}" NAME_WE)
    add_test(NAME validate_weights_${stem}
      COMMAND sh -c "rm -f \"$3\" && \"$1\" weights \"$2\" --smooth 2,0.5 --mirror +x --limit 4 --quantize 8 -o \"$3\" && \"$4\" \"$5\" \"$3\""
              sh $<TARGET_FILE:marrow-cli> "${model}" "${weights_dir}/${stem}.glb"
              "${MARROW_NODE}" "${PROJECT_SOURCE_DIR}/tools/validate_gltf.mjs")
    set_tests_properties(validate_weights_${stem} PROPERTIES LABELS "cli;validator" TIMEOUT 300)
    add_test(NAME validate_weights_auto_${stem}
      COMMAND sh -c "rm -f \"$3\" && \"$1\" weights \"$2\" --auto -o \"$3\" && \"$4\" \"$5\" \"$3\""
              sh $<TARGET_FILE:marrow-cli> "${model}" "${weights_dir}/${stem}_auto.gltf"
              "${MARROW_NODE}" "${PROJECT_SOURCE_DIR}/tools/validate_gltf.mjs")
    set_tests_properties(validate_weights_auto_${stem} PROPERTIES LABELS "cli;validator" TIMEOUT 300)
  endforeach()
endif()
