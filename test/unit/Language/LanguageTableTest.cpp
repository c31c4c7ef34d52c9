//===- Language/LanguageTableTest.cpp - One language, everywhere -*- C++ -*-===//
//
// Language.def is the one definition of the directive language. These tests
// hold its consumers to it: the reference tables in docs/directives.md are
// the ones written from it, and every name the check prelude declares in
// namespace atf exists in the tuner's runtime (a device limit: as the
// DeviceLimits member the tuner reads), checked by compiling a program that
// names each one with the tuner toolchain.
//
//===----------------------------------------------------------------------===//
#include "Language/LanguageTable.h"
#include "Driver/TunerBuild.h"
#include "Frontend/ClangUnitParser.h"
#include "Frontend/SyntheticUnit.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>
#include <string>

using namespace atfc;

namespace {

TEST(LanguageTableTest, DocsHoldTheTablesOfLanguageDef) {
  const std::string Path = std::string(ATF_SOURCE_DIR) + "/docs/directives.md";
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  ASSERT_TRUE(Buffer) << Path;
  llvm::StringRef Docs = (*Buffer)->getBuffer();
  const llvm::StringRef Begin = "<!-- language-table begin -->\n";
  const llvm::StringRef End = "<!-- language-table end -->";
  const std::size_t From = Docs.find(Begin);
  const std::size_t To = Docs.find(End);
  ASSERT_NE(From, llvm::StringRef::npos);
  ASSERT_NE(To, llvm::StringRef::npos);
  EXPECT_EQ(Docs.slice(From + Begin.size(), To).str(), languageReferenceTable())
      << "docs/directives.md is out of date: paste the tables languageReferenceTable() writes";
}

/// The names the prelude declares in namespace atf (and its ocl/cuda
/// namespaces), qualified from atf.
std::set<std::string> preludeNames() {
  SyntheticUnit Unit = buildSyntheticUnit(TuningSpec{}, "names.cpp");
  ParsedUnit Parsed = parseSyntheticUnit(Unit);
  std::set<std::string> Names;
  if (!Parsed.AST)
    return Names;
  std::function<void(const clang::DeclContext *, const std::string &)> Walk =
      [&](const clang::DeclContext *Context, const std::string &Prefix) {
        for (const clang::Decl *D : Context->decls()) {
          if (const auto *Namespace = llvm::dyn_cast<clang::NamespaceDecl>(D)) {
            Walk(Namespace, Prefix + Namespace->getName().str() + "::");
            continue;
          }
          const auto *Named = llvm::dyn_cast<clang::NamedDecl>(D);
          if (!Named || !Named->getIdentifier() || llvm::isa<clang::NamespaceAliasDecl>(D))
            continue; // operators: checked by the lit tests that combine constraints
          Names.insert(Prefix + Named->getName().str());
        }
      };
  for (const clang::Decl *D : Parsed.AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *Namespace = llvm::dyn_cast<clang::NamespaceDecl>(D);
        Namespace && Namespace->getName() == "atf")
      Walk(Namespace, "");
  return Names;
}

TEST(LanguageTableTest, EveryNameOfThePreludeExistsInTheRuntime) {
  const std::set<std::string> Names = preludeNames();
  ASSERT_GT(Names.size(), 30u);
  for (const char *Expected : {"divides", "equals", "interval", "set", "pow2", "buffer", "scalar",
                               "ocl::max_wg_size", "cuda::max_grid_dim_x"})
    EXPECT_TRUE(Names.count(Expected)) << Expected;
  // One block per name: ocl:: and cuda:: limits share their names.
  std::string Program = "#include \"runtime/TunerMain.h\"\nnamespace atf = atfc;\n"
                        "namespace opencl_alias = atf::opencl;\nint main() {\n";
  // Device limits are no names of the runtime: the tuner reads them as
  // members of the run's DeviceLimits (CodeGen/TunerEmitter.cpp).
  std::map<std::string, std::string> LimitFields;
#define ATF_DEVICE_LIMIT(Backend, Name, Field) LimitFields[#Backend "::" #Name] = #Field;
#include "Language/Language.def"
  for (const std::string &Name : Names) {
    if (Name.rfind("ocl::", 0) == 0 || Name.rfind("cuda::", 0) == 0) {
      EXPECT_TRUE(LimitFields.count(Name)) << Name;
      Program += "  { [[maybe_unused]] std::uint64_t L = atf::DeviceLimits{}." + LimitFields[Name] +
                 "; }\n";
      continue;
    }
    Program += "  { using atf::" + Name + "; }\n";
  }
  Program += "  { using namespace atf::ocl; using namespace atf::cuda; }\n";
  Program += "  return 0;\n}\n";
  llvm::SmallString<128> Cache;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("atfc-language", Cache));
  TunerBuild Build = buildTuner(Program, Cache);
  EXPECT_TRUE(Build.Succeeded) << Program << "\n" << Build.Log;
  llvm::sys::fs::remove_directories(Cache);
}

} // namespace
