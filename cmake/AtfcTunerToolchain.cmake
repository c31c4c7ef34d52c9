# How atfc compiles the tuners it generates: the same compiler, and the
# libraries of this build. Written at generate time (so that the targets'
# files are known) into lib/Directives/TunerToolchain.inc.

set(ATF_TUNER_FLAGS -std=c++20 -O2 -DNDEBUG -pthread ${ATF_SANITIZE_FLAGS})
set(ATF_TUNER_LIBRARIES)
foreach(target atfcRuntime atfcSearchSpace)
  get_target_property(type ${target} TYPE)
  if(NOT type STREQUAL "INTERFACE_LIBRARY")
    list(APPEND ATF_TUNER_LIBRARIES $<TARGET_FILE:${target}>)
  endif()
endforeach()
list(APPEND ATF_TUNER_LIBRARIES $<TARGET_LINKER_FILE:TBB::tbb> ${GMPXX_LINK_LIBRARIES}
  $<TARGET_LINKER_FILE:fmt::fmt> ${SQLite3_LIBRARY} ${OpenCL_LIBRARY} -ldl)
if(ATF_HAVE_CUDA)
  get_filename_component(ATF_NVRTC_DIR ${ATF_NVRTC_LIBRARY} DIRECTORY)
  list(APPEND ATF_TUNER_LIBRARIES ${ATF_NVRTC_LIBRARY} -Wl,-rpath,${ATF_NVRTC_DIR})
endif()
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/lib/Directives/TunerToolchain.inc CONTENT
"#define ATF_TUNER_COMPILER \"${CMAKE_CXX_COMPILER}\"
#define ATF_TUNER_FLAGS \"${ATF_TUNER_FLAGS}\"
#define ATF_TUNER_INCLUDES \"${PROJECT_SOURCE_DIR};${PROJECT_SOURCE_DIR}/lib\"
#define ATF_TUNER_LIBRARIES \"${ATF_TUNER_LIBRARIES}\"
")
