# Installing atfc: `cmake --install BUILD --prefix P` gives
#
#   P/bin/atfc                                       the tool (tools/atfc)
#   P/lib/atfc/libatfc*.a                            what tuners link
#   P/include/atfc/{runtime,SearchSpace,...}/*.h     what tuners include
#   P/include/atfc/atf.hpp, atf/*.hpp                the online C++ interface
#   P/libexec/atfc/atfc-device-worker                where its kernels run
#   P/lib/atfc/tuner-pch/runtime/TunerMain.h.gch     their precompiled header
#   P/lib/cmake/atfc/atfcConfig.cmake                find_package(atfc)
#
# The installed atfc finds its libraries, headers and precompiled header
# relative to its own executable (lib/Driver/TunerBuild.cpp), so P can
# be moved as a whole. The precompiled header is made at install time from
# the installed headers; when that fails, tuners compile without it (a few
# seconds slower), which the install says.

install(TARGETS ${ATF_TUNER_LIBRARY_TARGETS} ARCHIVE DESTINATION ${ATF_INSTALL_TUNER_LIBDIR})

# The headers of the libraries a tuner includes ("runtime/TunerMain.h" and
# what it includes), with the layout of the source tree's include path;
# tables (.def: the directive language, the tuning options) are headers too.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime
  DESTINATION ${ATF_INSTALL_TUNER_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
# The components whose headers a tuner includes (installed here; the build
# tree's package below names their roots).
set(ATF_TUNER_COMPONENTS Support Language SearchSpace Search System KernelData Backends
                         DeviceBackends Results Analysis Report Replay Invocation Tuning Ranks)
foreach(component ${ATF_TUNER_COMPONENTS})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/${component}
    DESTINATION ${ATF_INSTALL_TUNER_INCLUDEDIR} FILES_MATCHING PATTERN "*.h" PATTERN "*.def")
endforeach()

# <atf.hpp>, the online C++ interface: its headers beside the tuners' (the
# engine headers it includes are among them), its library, and the link
# line of the imported target atfc::atf (atfcConfig.cmake): the online
# core, then the libraries tuners link (its OpenCL and CUDA cost functions
# measure through the runtime's measurers, tools/atfc-device-worker).
install(TARGETS atfcOnline ARCHIVE DESTINATION ${ATF_INSTALL_TUNER_LIBDIR})
install(FILES ${PROJECT_SOURCE_DIR}/include/atf.hpp DESTINATION ${ATF_INSTALL_TUNER_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/atf DESTINATION ${ATF_INSTALL_TUNER_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.hpp")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/Online
  DESTINATION ${ATF_INSTALL_TUNER_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
set(ATF_ONLINE_INSTALL_LIBRARIES ${ATF_INSTALL_TUNER_LIBDIR}/$<TARGET_FILE_NAME:atfcOnline>)
foreach(target ${ATF_TUNER_LIBRARY_TARGETS})
  list(APPEND ATF_ONLINE_INSTALL_LIBRARIES ${ATF_INSTALL_TUNER_LIBDIR}/$<TARGET_FILE_NAME:${target}>)
endforeach()
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/cmake-install/atfcOnlineLibraries.cmake CONTENT
"# The libraries of atfc::atf: relative to the prefix, then the system's.
set(ATFC_ONLINE_LIBRARIES \"${ATF_ONLINE_INSTALL_LIBRARIES}\")
set(ATFC_ONLINE_SYSTEM_LIBRARIES \"${ATF_TUNER_SYSTEM_LIBRARIES}\")
")

# The precompiled header, from the installed headers with the tuners' flags.
string(REPLACE ";" "\" \"" ATF_TUNER_FLAGS_QUOTED "${ATF_TUNER_FLAGS}")
install(CODE "
  set(Root \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
  set(Pch \"\${Root}/${ATF_INSTALL_TUNER_PCHDIR}/runtime/TunerMain.h.gch\")
  file(MAKE_DIRECTORY \"\${Root}/${ATF_INSTALL_TUNER_PCHDIR}/runtime\")
  message(STATUS \"Precompiling the tuner header: \${Pch}\")
  execute_process(
    COMMAND \"${CMAKE_CXX_COMPILER}\" \"${ATF_TUNER_FLAGS_QUOTED}\"
            -I \"\${Root}/${ATF_INSTALL_TUNER_INCLUDEDIR}\" -x c++-header
            \"\${Root}/${ATF_INSTALL_TUNER_INCLUDEDIR}/runtime/TunerMain.h\" -o \"\${Pch}\"
    RESULT_VARIABLE Status ERROR_VARIABLE Errors)
  if(NOT Status EQUAL 0)
    file(REMOVE \"\${Pch}\")
    message(WARNING \"atfc: the tuner header could not be precompiled; tuners will compile \"
                    \"without it (slower):\\n\${Errors}\")
  endif()
")

# The CMake package: the installed one, staged in BUILD/cmake-install (its
# paths are relative to the prefix), and the build tree's own, BUILD/
# atfcConfig.cmake, so that a project finds this build with atfc_DIR or
# CMAKE_PREFIX_PATH set to BUILD as it finds an install: the same targets,
# with this build's atfc, headers, libraries and device worker.
include(CMakePackageConfigHelpers)
set(ATF_INSTALL_CMAKEDIR lib/cmake/atfc)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/atfcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake-install/atfcConfig.cmake INSTALL_DESTINATION ${ATF_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/atfcConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake-install/atfcConfig.cmake
  ${PROJECT_BINARY_DIR}/atfcConfigVersion.cmake
  ${PROJECT_BINARY_DIR}/cmake-install/atfcOnlineLibraries.cmake
  ${PROJECT_SOURCE_DIR}/cmake/atfcTune.cmake
  DESTINATION ${ATF_INSTALL_CMAKEDIR})

# The build tree's: <atf.hpp>'s headers where the build's own targets find
# them (include/, and each component's root BUILD/include/<Component>).
set(ATF_BUILD_TREE_INCLUDE_DIRS ${PROJECT_SOURCE_DIR}/include)
foreach(component runtime ${ATF_TUNER_COMPONENTS} Online)
  list(APPEND ATF_BUILD_TREE_INCLUDE_DIRS ${PROJECT_BINARY_DIR}/include/${component})
endforeach()
set(ATF_BUILD_TREE_LIBRARIES $<TARGET_FILE:atfcOnline>)
foreach(target ${ATF_TUNER_LIBRARY_TARGETS})
  list(APPEND ATF_BUILD_TREE_LIBRARIES $<TARGET_FILE:${target}>)
endforeach()
configure_file(${PROJECT_SOURCE_DIR}/cmake/atfcBuildTreeConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake-install/atfcBuildTreeConfig.cmake.in @ONLY)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/atfcConfig.cmake
  INPUT ${PROJECT_BINARY_DIR}/cmake-install/atfcBuildTreeConfig.cmake.in)
