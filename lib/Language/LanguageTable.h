//===- Language/LanguageTable.h - The language as a reference -*- C++ -*-===//
//
// The reference tables of docs/directives.md, written from Language.def:
// directives (where each may stand), clause keywords, constraint aliases and
// device limits. A unit test keeps the copy in the docs equal to this text,
// and `atfc check --language` (not yet) could print it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_LANGUAGE_LANGUAGETABLE_H
#define ATFC_LANGUAGE_LANGUAGETABLE_H

#include <string>

namespace atfc {

/// The Markdown tables of the language, as docs/directives.md holds them
/// between `<!-- language-table begin -->` and `<!-- language-table end -->`.
std::string languageReferenceTable();

} // namespace atfc

#endif // ATFC_LANGUAGE_LANGUAGETABLE_H
