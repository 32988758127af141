# SPDX-License-Identifier: MIT
# Precompiled headers shared across targets: parsing the standard library,
# glm and Qt is most of a library source's compile time (a widget source spends
# about 3.5 s of its 4.5 s there), and one header set built per kind, reused by
# every target of that kind (REUSE_FROM), costs one precompile instead of one
# per target. The first target of a kind builds it; the rest reuse it.
#
# Kinds hold only what their layer may include: `std` (the standard library
# and glm, for core/), `qtgui` (+ QtCore and QtGui, no widgets and no GL, for
# the document layer and the viewport's model), `qtwidgets` (+ QtWidgets). The
# layering check reads the sources' own includes, which stay explicit.
#
# GCC refuses a precompiled header built with other options (CMake adds
# -Winvalid-pch, and MARROW_WERROR makes that an error), so every target is
# position independent (CMAKE_POSITION_INDEPENDENT_CODE) and libraries reuse
# only libraries' headers, executables only executables'.

set(MARROW_PCH_std
  <algorithm> <array> <cmath> <cstdint> <functional> <limits> <memory> <optional>
  <span> <string> <string_view> <utility> <vector>
  "${PROJECT_SOURCE_DIR}/core/math/glm_config.h" <glm/geometric.hpp>)
set(MARROW_PCH_qtgui ${MARROW_PCH_std}
  <QtCore/QObject> <QtCore/QPointer> <QtCore/QString> <QtCore/QStringList> <QtCore/QList>
  <QtCore/QTimer> <QtGui/QUndoCommand> <QtGui/QUndoStack> <QtGui/QColor>)
set(MARROW_PCH_qtwidgets ${MARROW_PCH_qtgui}
  <QtGui/QAction> <QtGui/QPainter> <QtGui/QPainterPath> <QtGui/QMouseEvent> <QtGui/QKeyEvent>
  <QtGui/QWheelEvent> <QtWidgets/QWidget> <QtWidgets/QApplication> <QtWidgets/QMenu>
  <QtWidgets/QLabel> <QtWidgets/QComboBox> <QtWidgets/QBoxLayout> <QtWidgets/QMainWindow>
  <QtWidgets/QDockWidget> <QtWidgets/QLineEdit> <QtWidgets/QDoubleSpinBox>
  <QtWidgets/QToolButton> <QtWidgets/QHeaderView>)

# marrow_precompile(<target> <kind>)
function(marrow_precompile target kind)
  if(NOT DEFINED MARROW_PCH_${kind})
    message(FATAL_ERROR "marrow_precompile: unknown kind '${kind}'")
  endif()
  get_property(host GLOBAL PROPERTY MARROW_PCH_HOST_${kind})
  if(host)
    target_precompile_headers(${target} REUSE_FROM ${host})
  else()
    target_precompile_headers(${target} PRIVATE ${MARROW_PCH_${kind}})
    set_property(GLOBAL PROPERTY MARROW_PCH_HOST_${kind} ${target})
  endif()
endfunction()
