# SPDX-License-Identifier: MIT
# Export validation: marrow-cli converts each model to .gltf and .glb, and the
# Khronos glTF validator (tools/validate_gltf.mjs) must report 0 errors.
# Registered only when `npm install --prefix tools` has installed the validator.
set(MARROW_GLTF_VALIDATOR "${PROJECT_SOURCE_DIR}/tools/node_modules/gltf-validator")
find_program(MARROW_NODE node)

# marrow_validate_export(<test name> <input model> <output .gltf/.glb>): the
# test converts the model and validates what it wrote (positional arguments
# avoid shell quoting). Labelled io;validator.
function(marrow_validate_export name input output)
  add_test(NAME ${name}
    COMMAND sh -c "rm -f \"$3\" && \"$1\" convert \"$2\" \"$3\" && \"$4\" \"$5\" \"$3\""
            sh $<TARGET_FILE:marrow-cli> "${input}" "${output}"
            "${MARROW_NODE}" "${PROJECT_SOURCE_DIR}/tools/validate_gltf.mjs")
  set_tests_properties(${name} PROPERTIES LABELS "io;validator" TIMEOUT 300)
endfunction()
if(NOT EXISTS "${MARROW_GLTF_VALIDATOR}" OR NOT MARROW_NODE OR NOT TARGET marrow-cli)
  message(STATUS "glTF validator tests not registered: needs Node, marrow-cli and tools/node_modules/gltf-validator "
                 "(run `npm install --prefix tools`, then reconfigure)")
else()
  set(marrow_export_models
    ozz-animation/gltf/khronos/cesium_man.gltf
    ozz-animation/gltf/khronos/rigged_simple.gltf
    ozz-animation/gltf/khronos/box_animated.gltf
    assimp/models/glTF2/simple_skin/simple_skin.gltf
    assimp/models/glTF2/simple_skin/quad_skin.glb
    synthetic/public_rig.gltf
    ozz-animation/fbx/pab/arnaud.fbx
    assimp/models/FBX/huesitos.fbx)
  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/export_validation")
  file(MAKE_DIRECTORY "${out_dir}")
  foreach(model ${marrow_export_models})
    get_filename_component(stem "${model}" NAME_WE)
    get_filename_component(src_ext "${model}" EXT)
    string(REPLACE "." "" src_ext "${src_ext}")
    foreach(ext gltf glb)
      marrow_validate_export(validate_export_${stem}_${src_ext}_to_${ext} "${MARROW_SHARED_MODELS}/${model}"
                             "${out_dir}/${stem}_${src_ext}.${ext}")
    endforeach()
  endforeach()
  # A model read by Assimp with a textured material and vertex colours (the
  # real-traits sample's OBJ + MTL twin, generated with the io tests): the
  # materials, their PNGs (embedded in the GLB, files beside the .gltf) and
  # COLOR_0 must validate.
  foreach(ext gltf glb)
    marrow_validate_export(validate_export_traits_obj_to_${ext} "${CMAKE_BINARY_DIR}/samples/marrow_character_traits.obj"
                           "${out_dir}/traits_obj.${ext}")
  endforeach()
  # Baked transitions (marrow-cli transition) validate too: the bundled
  # sample's idle -> stride, and pab's walk -> run synced.
  set(pab "${MARROW_SHARED_MODELS}/ozz-animation/fbx/pab")
  add_test(NAME validate_transition_public_rig_idle_to_stride
    COMMAND sh -c "rm -f \"$3\" && \"$1\" transition \"$2\" --from idle --to stride --exit 0.5 --duration 0.4 --curve smoothstep -o \"$3\" && \"$4\" \"$5\" \"$3\""
            sh $<TARGET_FILE:marrow-cli> "${MARROW_SHARED_MODELS}/synthetic/public_rig.gltf"
            "${out_dir}/transition_public_rig.glb" "${MARROW_NODE}" "${PROJECT_SOURCE_DIR}/tools/validate_gltf.mjs")
  add_test(NAME validate_transition_pab_walk_to_run_synced
    COMMAND sh -c "rm -f \"$4\" && \"$1\" transition \"$2\" --clips-from \"$3/walk.fbx\" --clips-from \"$3/run.fbx\" --from walk --to run --duration 0.3 --sync -o \"$4\" && \"$5\" \"$6\" \"$4\""
            sh $<TARGET_FILE:marrow-cli> "${pab}/skeleton.fbx" "${pab}" "${out_dir}/transition_pab.gltf"
            "${MARROW_NODE}" "${PROJECT_SOURCE_DIR}/tools/validate_gltf.mjs")
  # Issue 21's: arnaud with Match root, Sync and Find best, crossfade and synced.
  foreach(sync "" "--sync")
    set(name validate_transition_pab_find_best${sync})
    string(REPLACE "--" "_" name "${name}")
    add_test(NAME ${name}
      COMMAND sh -c "rm -f \"$4\" && \"$1\" transition \"$2\" --clips-from \"$3/walk.fbx\" --clips-from \"$3/run.fbx\" --from walk --to run --duration 0.26666667 --curve smoothstep --match-root $7 --find-best -o \"$4\" && \"$5\" \"$6\" \"$4\""
              sh $<TARGET_FILE:marrow-cli> "${pab}/arnaud.fbx" "${pab}" "${out_dir}/${name}.glb"
              "${MARROW_NODE}" "${PROJECT_SOURCE_DIR}/tools/validate_gltf.mjs" "${sync}")
    set_tests_properties(${name} PROPERTIES LABELS "io;validator" TIMEOUT 300)
  endforeach()
  set_tests_properties(validate_transition_public_rig_idle_to_stride validate_transition_pab_walk_to_run_synced
                       PROPERTIES LABELS "io;validator" TIMEOUT 300)
endif()
# The io tests that write through io::encodeExport validate what they wrote.
if(EXISTS "${MARROW_GLTF_VALIDATOR}" AND MARROW_NODE AND TARGET marrow_io_tests)
  target_compile_definitions(marrow_io_tests PRIVATE MARROW_NODE_EXE="${MARROW_NODE}"
                             MARROW_VALIDATE_SCRIPT="${PROJECT_SOURCE_DIR}/tools/validate_gltf.mjs")
endif()
