# SPDX-License-Identifier: MIT
# Run with: cmake -DSOURCE_DIR=<repo> -P layering_check.cmake
# Dependencies point down only (ARCHITECTURE.md section 1): no Qt under the
# pure core, no Assimp or tinygltf outside core/io, no GL calls outside the
# viewport renderer. Fails listing every offending line.
set(problems "")
function(scan pattern regex what)
  file(GLOB_RECURSE files ${pattern})
  foreach(f ${files})
    file(STRINGS ${f} lines REGEX "${regex}")
    foreach(l ${lines})
      string(APPEND problems "${f}: ${what}: ${l}\n")
    endforeach()
  endforeach()
  set(problems "${problems}" PARENT_SCOPE)
endfunction()

foreach(dir math model anim mesh skin io)
  scan("${SOURCE_DIR}/core/${dir}/*.[ch]*" "#include[ \t]*<Q" "Qt in the pure core")
endforeach()
# The document layer may use Qt Core and Qt Gui (QUndoStack) but never widgets
# or OpenGL: views plug into it, not the other way round.
foreach(dir document commands workspace)
  scan("${SOURCE_DIR}/core/${dir}/*.[ch]*"
       "#include[ \t]*<(QtWidgets|QtOpenGL|QtOpenGLWidgets|QWidget|QApplication|QMainWindow|QOpenGL|QAction|QDialog|QGL)"
       "Qt Widgets or GL in the document layer")
endforeach()
foreach(dir app widgets core/math core/model core/anim core/mesh core/skin core/document core/commands core/workspace)
  scan("${SOURCE_DIR}/${dir}/*.[ch]*" "#include[ \t]*[<\"](assimp/|tiny_gltf)" "importer library outside core/io")
endforeach()
# The editor shell reaches the renderer only through the viewport widget.
scan("${SOURCE_DIR}/app/*.[ch]*" "#include[ \t]*[<\"]widgets/viewport/renderer/" "the renderer outside the viewport widget")
scan("${SOURCE_DIR}/app/*.[ch]*" "renderer\\(\\)" "the renderer outside the viewport widget")
file(GLOB_RECURSE all_sources "${SOURCE_DIR}/core/*.[ch]*" "${SOURCE_DIR}/app/*.[ch]*" "${SOURCE_DIR}/widgets/*.[ch]*")
foreach(f ${all_sources})
  if(f MATCHES "/widgets/viewport/renderer/")
    continue()
  endif()
  file(STRINGS ${f} lines REGEX "(^|[^A-Za-z_])gl[A-Z][A-Za-z0-9]*[ \t]*\\(|#include[ \t]*<(GL/|QOpenGLFunctions|QOpenGLExtraFunctions)")
  foreach(l ${lines})
    string(APPEND problems "${f}: GL outside the renderer: ${l}\n")
  endforeach()
endforeach()

if(problems)
  message(FATAL_ERROR "Layering violations:\n${problems}")
endif()
message(STATUS "layering: clean")
