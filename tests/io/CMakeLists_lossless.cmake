# SPDX-License-Identifier: MIT
# Lossless files (issue 19): marrow-cli convert of a glTF/GLB carries the
# source, so the structural diff (tools/gltf_diff.py: objects by name,
# vertices by position, images by bytes) finds nothing changed or lost, to
# .gltf, to .glb, and through a .marrow document. Every glTF in
# ../shared/models but the hostile ones, and the real-traits sample (materials, a texture, morph targets and their
# channel, a camera, a light, extras, UV sets and vertex colours).
if(MARROW_PYTHON3 AND TARGET marrow-cli)
  set(marrow_lossless_models
    "${MARROW_SHARED_MODELS}/ozz-animation/gltf/khronos/cesium_man.gltf"
    "${MARROW_SHARED_MODELS}/ozz-animation/gltf/khronos/rigged_simple.gltf"
    "${MARROW_SHARED_MODELS}/ozz-animation/gltf/khronos/box_animated.gltf"
    "${MARROW_SHARED_MODELS}/assimp/models/glTF2/simple_skin/simple_skin.gltf"
    "${MARROW_SHARED_MODELS}/assimp/models/glTF2/simple_skin/quad_skin.glb"
    "${MARROW_SHARED_MODELS}/synthetic/public_rig.gltf"
    "${MARROW_TRAITS_SAMPLE}")
  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/lossless")
  file(MAKE_DIRECTORY "${out_dir}")
  foreach(model ${marrow_lossless_models})
    get_filename_component(stem "${model}" NAME_WE)
    foreach(ext gltf glb)
      set(out "${out_dir}/${stem}.${ext}")
      add_test(NAME lossless_convert_${stem}_to_${ext}
        COMMAND sh -c "rm -f \"$3\" && \"$1\" convert \"$2\" \"$3\" && \"$4\" \"$5\" \"$2\" \"$3\""
                sh $<TARGET_FILE:marrow-cli> "${model}" "${out}" "${MARROW_PYTHON3}"
                "${PROJECT_SOURCE_DIR}/tools/gltf_diff.py")
      set_tests_properties(lossless_convert_${stem}_to_${ext} PROPERTIES LABELS "io;lossless" TIMEOUT 300)
    endforeach()
    # Through a .marrow document: glTF -> .marrow -> glTF loses nothing either.
    add_test(NAME lossless_through_marrow_${stem}
      COMMAND sh -c "rm -f \"$3.marrow\" \"$3.glb\" && \"$1\" convert \"$2\" \"$3.marrow\" && \"$1\" convert \"$3.marrow\" \"$3.glb\" && \"$4\" \"$5\" \"$2\" \"$3.glb\""
              sh $<TARGET_FILE:marrow-cli> "${model}" "${out_dir}/${stem}_doc" "${MARROW_PYTHON3}"
              "${PROJECT_SOURCE_DIR}/tools/gltf_diff.py")
    set_tests_properties(lossless_through_marrow_${stem} PROPERTIES LABELS "io;lossless" TIMEOUT 300)
  endforeach()
endif()
# The carried real-traits sample passes the Khronos validator (0 errors).
if(EXISTS "${MARROW_GLTF_VALIDATOR}" AND MARROW_NODE AND TARGET marrow-cli)
  foreach(ext gltf glb)
    marrow_validate_export(validate_export_traits_sample_to_${ext} "${MARROW_TRAITS_SAMPLE}"
                           "${CMAKE_CURRENT_BINARY_DIR}/lossless/traits_valid.${ext}")
  endforeach()
endif()
