# How atfc compiles the tuners it generates: the same compiler, and the
# libraries of this build. Written at generate time (so that the targets'
# files are known) into lib/Driver/TunerToolchain.inc, twice: as paths
# into this build tree, and relative to the prefix of an installed atfc
# (cmake/AtfcInstall.cmake installs the same files there), which atfc
# uses when it finds them beside its own executable (TunerBuild.cpp).

set(ATF_TUNER_FLAGS -std=c++20 -O2 -DNDEBUG -pthread ${ATF_SANITIZE_FLAGS})
# gold links a tuner in about a third of the time of the default linker
# (0.13 s against 0.34 s for sgemm_atf here).
include(CheckLinkerFlag)
check_linker_flag(CXX -fuse-ld=gold ATF_HAVE_GOLD)
set(ATF_TUNER_LINK_FLAGS)
if(ATF_HAVE_GOLD)
  set(ATF_TUNER_LINK_FLAGS -fuse-ld=gold)
endif()
# Where an installed atfc keeps what tuners are compiled against, relative
# to its prefix (atfc itself is PREFIX/bin/atfc).
set(ATF_INSTALL_TUNER_LIBDIR lib/atfc)
set(ATF_INSTALL_TUNER_INCLUDEDIR include/atfc)
set(ATF_INSTALL_TUNER_PCHDIR lib/atfc/tuner-pch)
set(ATF_TUNER_LIBRARIES)
set(ATF_TUNER_INSTALL_LIBRARIES)
set(ATF_TUNER_LIBRARY_TARGETS)
# Static libraries: each before the ones it uses.
foreach(target atfcRuntime atfcRanks atfcTuning atfcWisdom atfcInvocation atfcReplay atfcReport atfcAnalysis
               atfcSearch atfcResults atfcDeviceBackends atfcKernelData atfcBackends atfcSystem
               atfcSearchSpace atfcLanguage atfcSupport)
  get_target_property(type ${target} TYPE)
  if(NOT type STREQUAL "INTERFACE_LIBRARY")
    list(APPEND ATF_TUNER_LIBRARY_TARGETS ${target})
    list(APPEND ATF_TUNER_LIBRARIES $<TARGET_FILE:${target}>)
    list(APPEND ATF_TUNER_INSTALL_LIBRARIES
      ${ATF_INSTALL_TUNER_LIBDIR}/$<TARGET_FILE_NAME:${target}>)
  endif()
endforeach()
set(ATF_TUNER_SYSTEM_LIBRARIES $<TARGET_LINKER_FILE:TBB::tbb> ${GMPXX_LINK_LIBRARIES}
  $<TARGET_LINKER_FILE:fmt::fmt> ${SQLite3_LIBRARY} ${OpenCL_LIBRARY} ${ZLIB_LIBRARIES}
  $<TARGET_LINKER_FILE:pugixml::shared> -ldl)
list(APPEND ATF_TUNER_LIBRARIES ${ATF_TUNER_SYSTEM_LIBRARIES})
list(APPEND ATF_TUNER_INSTALL_LIBRARIES ${ATF_TUNER_SYSTEM_LIBRARIES})
# atfc compiles tuners against these libraries: build them with it.
add_dependencies(atfc ${ATF_TUNER_LIBRARY_TARGETS})
# The header every tuner starts with, precompiled with the tuners' own flags
# (g++ takes DIR/runtime/TunerMain.h.gch for "runtime/TunerMain.h" when DIR
# comes first on the include path): it saves parsing the engine and GMP
# headers, about a quarter of a tuner's compile time. g++ does not check a
# PCH against the headers it was made from, so the depfile lists every
# header it includes: a changed header rebuilds it.
set(ATF_TUNER_PCH_DIR ${PROJECT_BINARY_DIR}/tuner-pch)
set(ATF_TUNER_PCH ${ATF_TUNER_PCH_DIR}/runtime/TunerMain.h.gch)
add_custom_command(OUTPUT ${ATF_TUNER_PCH}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ATF_TUNER_PCH_DIR}/runtime
  COMMAND ${CMAKE_CXX_COMPILER} ${ATF_TUNER_FLAGS} -I${PROJECT_SOURCE_DIR}
          -I${PROJECT_SOURCE_DIR}/lib -x c++-header ${PROJECT_SOURCE_DIR}/runtime/TunerMain.h
          -o ${ATF_TUNER_PCH} -MD -MF ${ATF_TUNER_PCH}.d -MT ${ATF_TUNER_PCH}
  DEPENDS ${PROJECT_SOURCE_DIR}/runtime/TunerMain.h
  DEPFILE ${ATF_TUNER_PCH}.d
  COMMENT "Precompiling the header of generated tuners"
  VERBATIM)
add_custom_target(tuner-pch ALL DEPENDS ${ATF_TUNER_PCH})
add_dependencies(atfc tuner-pch)

file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/lib/Driver/TunerToolchain.inc CONTENT
"#define ATF_TUNER_COMPILER \"${CMAKE_CXX_COMPILER}\"
#define ATF_TUNER_FLAGS \"${ATF_TUNER_FLAGS}\"
#define ATF_TUNER_LINK_FLAGS \"${ATF_TUNER_LINK_FLAGS}\"
#define ATF_TUNER_INCLUDES \"${ATF_TUNER_PCH_DIR};${PROJECT_SOURCE_DIR};${PROJECT_SOURCE_DIR}/lib\"
#define ATF_TUNER_LIBRARIES \"${ATF_TUNER_LIBRARIES}\"
#define ATF_TUNER_INSTALL_INCLUDES \"${ATF_INSTALL_TUNER_PCHDIR};${ATF_INSTALL_TUNER_INCLUDEDIR}\"
#define ATF_TUNER_INSTALL_LIBRARIES \"${ATF_TUNER_INSTALL_LIBRARIES}\"
")
