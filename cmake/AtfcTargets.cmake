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
# and are included by component: #include "SearchSpace/Range.h". A
# component's headers are reachable only through its own include root,
# BUILD/include/<Component>/<Component> -> its source folder, which its
# libraries export: a library sees its own component and the components it
# links, so an include against the layering (lib/Search including a
# backend, the runtime including Clang's frontend) fails to compile.
function(atfc_component_root out_var folder)
  get_filename_component(component ${folder} NAME)
  set(root ${PROJECT_BINARY_DIR}/include/${component})
  if(NOT EXISTS ${root}/${component})
    file(MAKE_DIRECTORY ${root})
    file(CREATE_LINK ${folder} ${root}/${component} SYMBOLIC)
  endif()
  set(${out_var} ${root} PARENT_SCOPE)
endfunction()

function(atfc_library name)
  add_library(atfc${name} STATIC ${ARGN})
  add_library(atfc::${name} ALIAS atfc${name})
  atfc_component_root(root ${CMAKE_CURRENT_SOURCE_DIR})
  target_include_directories(atfc${name} PUBLIC $<BUILD_INTERFACE:${root}>)
  atfc_project_target(atfc${name})
endfunction()
