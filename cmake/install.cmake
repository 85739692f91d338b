# `cmake --install`: libcasc.a and libcasc.so, the public headers, the casc
# command, a CMake package (find_package(casc) -> casc::casc for the shared
# library, casc::casc_static) and a pkg-config file (casc.pc). Paths follow
# GNUInstallDirs. test/install/out_of_tree.sh builds a project against both.
include(CMakePackageConfigHelpers)

set(CASC_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/casc)

install(TARGETS casc_shared casc_static
        EXPORT cascTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET casc)
  install(TARGETS casc RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/casc
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")

install(EXPORT cascTargets
        NAMESPACE casc::
        FILE cascTargets.cmake
        DESTINATION ${CASC_CMAKE_INSTALL_DIR})
configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/cascConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cascConfig.cmake
  INSTALL_DESTINATION ${CASC_CMAKE_INSTALL_DIR})
# The same ABI rule as the SONAME: 0.x releases are compatible within a
# minor version only.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(CASC_VERSION_COMPAT SameMinorVersion)
else()
  set(CASC_VERSION_COMPAT SameMajorVersion)
endif()
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cascConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY ${CASC_VERSION_COMPAT})
install(FILES ${PROJECT_BINARY_DIR}/cascConfig.cmake
              ${PROJECT_BINARY_DIR}/cascConfigVersion.cmake
        DESTINATION ${CASC_CMAKE_INSTALL_DIR})

# casc.pc holds absolute paths, and the prefix is only known at install time
# (`cmake --install build --prefix DIR` overrides the configured one), so it
# is written by the install step itself, then installed like any file.
install(CODE "
  set(CASC_PC_TEMPLATE \"${CMAKE_CURRENT_LIST_DIR}/casc.pc.in\")
  set(CASC_PC_OUTPUT \"${PROJECT_BINARY_DIR}/casc.pc\")
  set(CASC_PC_VERSION \"${PROJECT_VERSION}\")
  set(CASC_PC_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  set(CASC_PC_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  include(\"${CMAKE_CURRENT_LIST_DIR}/casc_pc.cmake\")")
install(FILES ${PROJECT_BINARY_DIR}/casc.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
