# atfc_tune(): tuning an annotated file as a step of a CMake build.
#
#   atfc_tune(TARGET <target> FILE <annotated file>
#             [ARGS <arguments of the tuned program>...]
#             [INPUTS <argument set>...]
#             [OPTIONS <options of atfc tune>...]
#             [OUTPUT_DIRECTORY <dir>]
#             [DEPENDS <other files the tuning reads>...])
#
# Runs `atfc tune FILE --output DIR OPTIONS -- ARGS` at build time, before
# TARGET is compiled, and adds DIR to TARGET's include directories, so that
# TARGET's sources can `#include "best.h"` (a #define per tuning parameter).
# DIR (default: FILE's name plus .atf in the current binary directory) also
# receives best.json, the tuned source FILE.tuned.EXT for C-family files, the
# results database and the cached tuner: the source tree is not written to.
#
# INPUTS tunes the file for several argument sets instead of ARGS: each
# element is one set, split into words like a shell does ("1024 512" is two
# arguments), and becomes one `--inputs` of atfc tune. DIR then also holds
# the selection header <stem>_select.h (stem: FILE's name up to its first
# '.' as a C identifier, or OPTIONS --prefix NAME) and <stem>_wisdom.json,
# and TARGET's sources can `#include "<stem>_select.h"` to pick the
# configuration of their inputs at run time (docs/per-input.md).
#
# Tuning runs when best.h is missing or older than FILE or a DEPENDS file,
# like any other generated file; a run after an interrupted one starts
# afresh (pass OPTIONS --resume to continue it instead). The tuning happens
# at build time, not at configure time, so that configuring stays fast,
# a changed FILE tunes again without re-running CMake, and a parallel build
# compiles the rest of the project meanwhile.
#
# Each value of ARGS, INPUTS and OPTIONS reaches atfc as one argument,
# exactly as written. CMake itself splits unquoted parentheses off a word
# (evaluations(8) is the four words evaluations ( 8 )). In OPTIONS, where
# each option of atfc tune takes one value, such words are joined back:
# from the word before a '(' up to the next option once the parentheses
# balance (OPTIONS --abort-condition evaluations(8) || duration(60) is the
# value "evaluations(8) || duration(60)"; CMake keeps no spaces around
# parentheses, which atfc's expressions do not need). In ARGS and INPUTS,
# whose words are the program's, a bare ( or ) is refused: quote the
# value. An empty value, one ending in a backslash and one with unbalanced
# square brackets cannot pass through a CMake list intact and are refused
# at configure time. Generator expressions are evaluated, as in any
# add_custom_command.
#
# Requires atfc::atfc: find_package(atfc) defines it.
function(atfc_tune)
  cmake_parse_arguments(PARSE_ARGV 0 ATFC "" "TARGET;FILE;OUTPUT_DIRECTORY"
                        "ARGS;INPUTS;OPTIONS;DEPENDS")
  # Refuses a value of ARGS, INPUTS or OPTIONS that the lists below would
  # not hold intact: the raw arguments ARGV0... are compared with the list
  # elements the command will expand.
  set(Section "")
  set(Position_ARGS 0)
  set(Position_INPUTS 0)
  set(Position_OPTIONS 0)
  set(Index 0)
  while(Index LESS ${ARGC})
    set(Value "${ARGV${Index}}")
    math(EXPR Index "${Index} + 1")
    if(Value MATCHES "^(TARGET|FILE|OUTPUT_DIRECTORY|ARGS|INPUTS|OPTIONS|DEPENDS)$")
      set(Section "${Value}")
      continue()
    endif()
    if(NOT Section MATCHES "^(ARGS|INPUTS|OPTIONS)$")
      continue()
    endif()
    if(NOT Section STREQUAL "OPTIONS" AND (Value STREQUAL "(" OR Value STREQUAL ")"))
      message(FATAL_ERROR "atfc_tune: ${Section} holds a bare '${Value}': CMake "
        "splits unquoted parentheses off a word (evaluations(8) becomes evaluations ( 8 )); "
        "quote the value: ${Section} ... \"evaluations(8)\"")
    endif()
    list(LENGTH ATFC_${Section} Length)
    set(Element "")
    if(Position_${Section} LESS Length)
      list(GET ATFC_${Section} ${Position_${Section}} Element)
    endif()
    math(EXPR Position_${Section} "${Position_${Section}} + 1")
    if(Value STREQUAL "" OR NOT Element STREQUAL Value)
      message(FATAL_ERROR "atfc_tune: ${Section} value '${Value}' cannot reach atfc "
        "intact through a CMake list (it is empty, ends in a backslash or has unbalanced "
        "square brackets)")
    endif()
  endwhile()
  # OPTIONS: the words CMake split off parentheses, joined back into the
  # value they were (see the head comment).
  set(Options)
  set(Pending "")
  set(Joining FALSE)
  set(Depth 0)
  foreach(Word IN LISTS ATFC_OPTIONS)
    if(Joining AND Depth EQUAL 0 AND Word MATCHES "^-")
      list(APPEND Options "${Pending}")
      set(Joining FALSE)
    endif()
    if(Word STREQUAL "(")
      if(NOT Joining)
        set(Pending "")
        list(LENGTH Options Count)
        if(Count GREATER 0)
          list(GET Options -1 Last)
          if(NOT Last MATCHES "^-")
            list(REMOVE_AT Options -1)
            set(Pending "${Last}")
          endif()
        endif()
        set(Joining TRUE)
      endif()
      string(APPEND Pending "(")
      math(EXPR Depth "${Depth} + 1")
    elseif(Joining AND Word STREQUAL ")")
      string(APPEND Pending ")")
      math(EXPR Depth "${Depth} - 1")
    elseif(Joining)
      if(Pending MATCHES "\\($")
        string(APPEND Pending "${Word}")
      else()
        string(APPEND Pending " ${Word}")
      endif()
    else()
      list(APPEND Options "${Word}")
    endif()
  endforeach()
  if(Joining)
    list(APPEND Options "${Pending}")
  endif()
  set(ATFC_OPTIONS "${Options}")

  if(ATFC_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "atfc_tune: unknown arguments: ${ATFC_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ATFC_TARGET OR NOT ATFC_FILE)
    message(FATAL_ERROR "atfc_tune: TARGET and FILE are required")
  endif()
  if(ATFC_ARGS AND ATFC_INPUTS)
    message(FATAL_ERROR "atfc_tune: give ARGS (one argument set) or INPUTS (several), not both")
  endif()
  if(NOT TARGET ${ATFC_TARGET})
    message(FATAL_ERROR "atfc_tune: '${ATFC_TARGET}' is not a target (define it first)")
  endif()
  if(NOT TARGET atfc::atfc)
    message(FATAL_ERROR "atfc_tune: atfc::atfc is not defined: call find_package(atfc) first")
  endif()

  get_filename_component(File "${ATFC_FILE}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  get_filename_component(Name "${File}" NAME)
  if(ATFC_OUTPUT_DIRECTORY)
    get_filename_component(Output "${ATFC_OUTPUT_DIRECTORY}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  else()
    set(Output "${CMAKE_CURRENT_BINARY_DIR}/${Name}.atf")
  endif()
  set(Depends)
  foreach(Dependency IN LISTS ATFC_DEPENDS)
    get_filename_component(Dependency "${Dependency}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND Depends "${Dependency}")
  endforeach()

  set(Outputs "${Output}/best.h" "${Output}/best.json")
  set(Sets)
  if(ATFC_INPUTS)
    # The stem rule of atfc (Wisdom/Wisdom.h, selectionStem); --prefix wins.
    get_filename_component(Stem "${File}" NAME_WE)
    string(MAKE_C_IDENTIFIER "${Stem}" Stem)
    if(Stem STREQUAL "")
      set(Stem kernel)
    endif()
    list(FIND ATFC_OPTIONS --prefix Prefix)
    if(Prefix GREATER -1)
      math(EXPR Prefix "${Prefix} + 1")
      list(GET ATFC_OPTIONS ${Prefix} Stem)
    endif()
    list(APPEND Outputs "${Output}/${Stem}_select.h" "${Output}/${Stem}_wisdom.json")
    foreach(Set IN LISTS ATFC_INPUTS)
      # A ';' in a set stays in it rather than splitting it into two.
      string(REPLACE ";" "\\;" Set "${Set}")
      list(APPEND Sets --inputs "${Set}")
    endforeach()
  endif()

  add_custom_command(OUTPUT ${Outputs}
    COMMAND atfc::atfc tune "${File}" --output "${Output}" ${ATFC_OPTIONS} ${Sets} -- ${ATFC_ARGS}
    DEPENDS "${File}" ${Depends}
    WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
    COMMENT "Tuning ${Name} with atfc"
    VERBATIM)
  target_sources(${ATFC_TARGET} PRIVATE ${Outputs})
  target_include_directories(${ATFC_TARGET} PRIVATE "${Output}")
endfunction()
