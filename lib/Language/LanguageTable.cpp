//===- Language/LanguageTable.cpp - The language as a reference ---------===//
#include "Language/LanguageTable.h"

namespace atfc {

namespace {

enum : unsigned { U = 1, O = 2, C = 4 };

std::string spellings(const char *Name, unsigned Where) {
  std::string Out;
  auto Add = [&](const std::string &S) {
    Out += (Out.empty() ? "" : ", ") + ("`#atf::" + S + "`");
  };
  if (Where & U)
    Add(Name);
  if (Where & O)
    Add(std::string("ocl::") + Name);
  if (Where & C)
    Add(std::string("cuda::") + Name);
  return Out;
}

std::string clausesOf(const std::string &Directive) {
  std::string Out;
#define ATF_CLAUSE(D, Keyword)                                                                     \
  if (Directive == #D)                                                                             \
    Out += (Out.empty() ? "`" : " `") + std::string(#Keyword) + "`";
#include "Language/Language.def"
  return Out;
}

} // namespace

std::string languageReferenceTable() {
  std::string Out = "| Directive | Meaning | Clauses |\n|---|---|---|\n";
#define ATF_DIRECTIVE(Name, Kind, Where, Summary)                                                  \
  Out += "| " + spellings(#Name, Where) + " | " + Summary + " | " + clausesOf(#Name) + " |\n";
#include "Language/Language.def"
  auto MeaningOf = [](const std::string &Shape) -> std::string {
#define ATF_RELATION_SHAPE(S, Alias, Meaning)                                                      \
  if (Shape == #S)                                                                                 \
    return Meaning;
#include "Language/Language.def"
    return "";
  };
  Out += "\n| Constraint alias | Meaning |\n|---|---|\n";
#define ATF_CONSTRAINT_ALIAS(Name, Shape) Out += "| `" #Name "(E)` | " + MeaningOf(#Shape) + " |\n";
#include "Language/Language.def"
  Out += "\n| Device limit | From |\n|---|---|\n";
#define ATF_DEVICE_LIMIT(Backend, Name, Field)                                                     \
  Out += "| `atf::" #Backend "::" #Name "` | " #Field " |\n";
#include "Language/Language.def"
  Out += "\n| Reserved parameter and input names | Why |\n|---|---|\n";
#define ATF_RESERVED_NAME(Name, Why) Out += "| `" #Name "` | " Why " |\n";
#define ATF_RESERVED_PREFIX(Prefix, Why) Out += "| `" #Prefix "*` | " Why " |\n";
#include "Language/Language.def"
  return Out;
}

} // namespace atfc
