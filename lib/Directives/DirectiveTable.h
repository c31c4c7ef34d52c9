//===- Directives/DirectiveTable.h - The directives, looked up --*- C++ -*-===//
//
// The directives of Language.def as the clause parser looks them up: each
// name with its kind and where it may stand (without a prefix, after
// `ocl::`/`opencl::`, after `cuda::`), every correct spelling for "did you
// mean", the clause keywords of the directives with clauses, and the names
// a parameter or input may not have.
//
// Tested through ClauseParserTest.cpp and ClauseParserErrorTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_DIRECTIVETABLE_H
#define ATFC_DIRECTIVES_DIRECTIVETABLE_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace atfc::clauses {

using llvm::StringRef;

enum class DirectiveKind {
#define ATF_DIRECTIVE(Name, Kind, Where, Summary) Kind,
#include "Language/Language.def"
};

/// Where a directive may be written: without a backend prefix, after
/// `ocl::`/`opencl::`, after `cuda::` (a mask).
enum : unsigned { Unprefixed = 1, OpenCLPrefix = 2, CUDAPrefix = 4 };

struct DirectiveInfo {
  StringRef Name;
  DirectiveKind Kind;
  unsigned Where;
};

// Language.def writes where a directive may stand as U, O and C.
#define U Unprefixed
#define O OpenCLPrefix
#define C CUDAPrefix
inline const DirectiveInfo DirectiveTable[] = {
#define ATF_DIRECTIVE(Name, Kind, Where, Summary) {#Name, DirectiveKind::Kind, Where},
#include "Language/Language.def"
};
#undef U
#undef O
#undef C

inline const DirectiveInfo *findDirective(StringRef Name) {
  for (const DirectiveInfo &Info : DirectiveTable)
    if (Info.Name == Name)
      return &Info;
  return nullptr;
}

unsigned prefixMask(StringRef Prefix);

/// Every correct spelling of a directive name, for "did you mean".
inline const std::vector<StringRef> &allDirectiveSpellings() {
  static const std::vector<std::string> Storage = [] {
    std::vector<std::string> Names;
    for (const DirectiveInfo &Info : DirectiveTable) {
      if (Info.Where & Unprefixed)
        Names.push_back(Info.Name.str());
      if (Info.Where & OpenCLPrefix) {
        Names.push_back("ocl::" + Info.Name.str());
        Names.push_back("opencl::" + Info.Name.str());
      }
      if (Info.Where & CUDAPrefix)
        Names.push_back("cuda::" + Info.Name.str());
    }
    return Names;
  }();
  static const std::vector<StringRef> Refs(Storage.begin(), Storage.end());
  return Refs;
}

#define ATF_CLAUSE(Directive, Keyword) ATF_CLAUSE_OF_##Directive(#Keyword)
#define ATF_CLAUSE_OF_tp(Keyword) Keyword,
#define ATF_CLAUSE_OF_device_info(Keyword)
#define ATF_CLAUSE_OF_check(Keyword)
#define ATF_CLAUSE_OF_input(Keyword)
inline const StringRef TuningParameterClauses[] = {
#include "Language/Language.def"
};
#undef ATF_CLAUSE_OF_tp
#undef ATF_CLAUSE_OF_device_info
#define ATF_CLAUSE(Directive, Keyword) ATF_CLAUSE_OF_##Directive(#Keyword)
#define ATF_CLAUSE_OF_tp(Keyword)
#define ATF_CLAUSE_OF_device_info(Keyword) Keyword,
inline const StringRef DeviceInfoClauses[] = {
#include "Language/Language.def"
};
#undef ATF_CLAUSE_OF_device_info
#undef ATF_CLAUSE_OF_check
#define ATF_CLAUSE(Directive, Keyword) ATF_CLAUSE_OF_##Directive(#Keyword)
#define ATF_CLAUSE_OF_device_info(Keyword)
#define ATF_CLAUSE_OF_check(Keyword) Keyword,
inline const StringRef CheckClauses[] = {
#include "Language/Language.def"
};
#undef ATF_CLAUSE_OF_tp
#undef ATF_CLAUSE_OF_device_info
#undef ATF_CLAUSE_OF_check
#undef ATF_CLAUSE_OF_input
#define ATF_CLAUSE(Directive, Keyword) ATF_CLAUSE_OF_##Directive(#Keyword)
#define ATF_CLAUSE_OF_tp(Keyword)
#define ATF_CLAUSE_OF_device_info(Keyword)
#define ATF_CLAUSE_OF_check(Keyword)
#define ATF_CLAUSE_OF_input(Keyword) Keyword,
inline const StringRef InputClauses[] = {
#include "Language/Language.def"
};
#undef ATF_CLAUSE_OF_tp
#undef ATF_CLAUSE_OF_device_info
#undef ATF_CLAUSE_OF_check
#undef ATF_CLAUSE_OF_input

/// Why Name may not be a parameter's or an input's name (each becomes an
/// environment variable of the scripts); empty when it may.
std::string reservedNameReason(StringRef Name);

} // namespace atfc::clauses

#endif // ATFC_DIRECTIVES_DIRECTIVETABLE_H
