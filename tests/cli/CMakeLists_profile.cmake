# SPDX-License-Identifier: MIT
# marrow-cli convert with an export profile (issue 23): 4 influences as u8
# and as u16 normalised weights, on every skinned model the export checks
# use (glTF sources carried, FBX written anew). The Khronos validator must
# report 0 errors.
if(EXISTS "${MARROW_GLTF_VALIDATOR}" AND MARROW_NODE AND TARGET marrow-cli)
  set(profile_dir "${CMAKE_CURRENT_BINARY_DIR}/profile_validation")
  file(MAKE_DIRECTORY "${profile_dir}")
  set(marrow_profile_models
    "${MARROW_SHARED_MODELS}/ozz-animation/gltf/khronos/cesium_man.gltf"
    "${MARROW_SHARED_MODELS}/synthetic/public_rig.gltf"
    "${MARROW_SHARED_MODELS}/ozz-animation/fbx/pab/arnaud.fbx"
    "${PROJECT_SOURCE_DIR}/resources/samples/marrow_character.gltf"
    "${CMAKE_BINARY_DIR}/samples/marrow_character_traits.gltf")
  foreach(model ${marrow_profile_models})
    get_filename_component(stem "${model}" NAME_WE)
    foreach(weights u8 u16)
      add_test(NAME validate_profile_${stem}_4_${weights}
        COMMAND sh -c "rm -f \"$3\" && \"$1\" convert \"$2\" \"$3\" --max-influences 4 --weights $6 && \"$4\" \"$5\" \"$3\""
                sh $<TARGET_FILE:marrow-cli> "${model}" "${profile_dir}/${stem}_4_${weights}.glb"
                "${MARROW_NODE}" "${PROJECT_SOURCE_DIR}/tools/validate_gltf.mjs" ${weights})
      set_tests_properties(validate_profile_${stem}_4_${weights} PROPERTIES LABELS "cli;validator" TIMEOUT 300)
    endforeach()
  endforeach()
endif()
