//===- Support/GeneratedName.h - Names atfc writes into C and C++ -*- C++ -*-===//
//
// A tuning parameter's or an input's name becomes code: `#define WPT 4` in
// best.h and the tuned source, a struct member and a function parameter in
// the selection header, a variable of the tuner and of the analysis unit.
// Names come from annotated files, wisdom files and results databases, all
// of which may be hostile, so every writer of generated C or C++ asks this
// one validator first. A name passes when it is a C identifier that no
// compiler or standard header gives a meaning of its own:
//
//  - ASCII letters, digits and '_', not starting with a digit, at most
//    kMaxGeneratedNameLength bytes;
//  - not a keyword of C (C23 included) or C++ (C++20 included, the
//    alternative tokens `and`, `or`, ... too), nor an OpenCL C qualifier;
//  - not reserved to the implementation: a '_' and a capital letter first,
//    or "__" anywhere (`__LINE__`, `_Pragma`);
//  - not a macro the compilers predefine (`unix`, `linux`) or a standard
//    header defines (`NULL`, `EOF`, `errno`, `assert`, `stdin`, `INFINITY`,
//    the errno codes, `INT32_MAX`, `PRId64`, ...), nor a name of the C
//    library the generated headers call (`strcmp`, `size_t`);
//  - not atfc's own: every name atfc generates starts with `atf_`, `atfc_`,
//    `ATF_` or `ATFC_` (any case), or is `atf` / `atfc`, so these are
//    refused.
//
// A writer's own further names (the selection header's `<stem>_...`) are
// passed as an extra reserved prefix; duplicates are checked per scope.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_GENERATEDNAME_H
#define ATFC_SUPPORT_GENERATEDNAME_H

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace atfc {

/// The longest name atfc writes into generated code.
inline constexpr std::size_t kMaxGeneratedNameLength = 255;

/// Whether Word is a keyword of C23 or C++20 (alternative tokens included)
/// or an OpenCL C address-space or access qualifier.
bool isCOrCxxKeyword(std::string_view Word);

/// Why Name cannot be written into generated C or C++ ("is a keyword of C
/// or C++"); empty when it can. Names beginning with ExtraReservedPrefix,
/// when not empty, are the writer's own.
std::string generatedNameProblem(std::string_view Name, std::string_view ExtraReservedPrefix = {});

/// The first problem of Names, the names of one scope, each one What
/// ("tuning parameter"): "the tuning parameter name 'N' cannot be written
/// into generated code: it ..." or "... appears twice"; empty when none.
std::string generatedNamesProblem(std::span<const std::string> Names, std::string_view What,
                                  std::string_view ExtraReservedPrefix = {});

/// Name for a message: at most 64 bytes (then "..."), control and
/// non-ASCII bytes as "\xHH".
std::string nameForMessage(std::string_view Name);

} // namespace atfc

#endif
