# Compiler settings shared by every project target.
#
# atfc_project_target(T) gives T the project's warnings (as errors unless
# ATF_WERROR is off) and, with ATF_SANITIZE, ASan + UBSan. Third-party code
# never goes through here, so its warnings never break the build.

if(ATF_SANITIZE)
  set(ATF_SANITIZE_FLAGS -fsanitize=address,undefined -fno-omit-frame-pointer
                         -fno-sanitize-recover=undefined)
  add_compile_options(${ATF_SANITIZE_FLAGS})
  add_link_options(${ATF_SANITIZE_FLAGS})
endif()

function(atfc_project_target target)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    return()
  endif()
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic
                         -Wnon-virtual-dtor -Wimplicit-fallthrough)
  # GCC 12 at -O3 reports std::string concatenations ("'" + S + "'") as
  # overlapping memcpy (GCC bug 105329): a false positive, not a finding.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12
     AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(ATF_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# atfc_library(NAME SOURCES...) declares the static library atfc<NAME> (alias
# atfc::<NAME>) with the project's settings. Headers sit beside their sources
# and are included by component: #include "SearchSpace/Range.h".
function(atfc_library name)
  add_library(atfc${name} STATIC ${ARGN})
  add_library(atfc::${name} ALIAS atfc${name})
  target_include_directories(atfc${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/lib>
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>)
  atfc_project_target(atfc${name})
endfunction()
