# Run by `cmake --install` (see install.cmake): writes casc.pc for the
# prefix being installed to. Inputs: CASC_PC_TEMPLATE, CASC_PC_OUTPUT,
# CASC_PC_VERSION, CASC_PC_LIBDIR, CASC_PC_INCLUDEDIR (GNUInstallDirs values,
# relative to the prefix unless absolute).
set(CASC_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CASC_PC_${dir}}")
    set(CASC_PC_${dir}_VALUE "${CASC_PC_${dir}}")
  else()
    set(CASC_PC_${dir}_VALUE "\${prefix}/${CASC_PC_${dir}}")
  endif()
endforeach()
configure_file("${CASC_PC_TEMPLATE}" "${CASC_PC_OUTPUT}" @ONLY)
