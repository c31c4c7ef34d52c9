//===- CudaLibrariesTest.cpp - Finding the driver and NVRTC at run time ---===//
//
// The search order and its messages, on directories the test makes itself
// (files that are not libraries: dlopen refuses them and says why), and on
// the machine's own NVRTC where there is one; CudaSymbolTable on libm,
// through the very code that reads NVIDIA's libraries.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/CudaLibraries.h"

#include "../ScopedEnvironment.h"
#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace atfc {
namespace {

namespace fs = std::filesystem;

using test::ScopedEnvironment;

void touch(const fs::path &File) { std::ofstream(File) << "not a library\n"; }

TEST(CudaLibraries, OverrideIsTheOnlyPlaceSearched) {
  ScopedEnvironment Override("ATFC_CUDA_LIBRARY_PATH", "/nonexistent/a::/nonexistent/b");
  for (CudaLibraryKind Kind : {CudaLibraryKind::Driver, CudaLibraryKind::Nvrtc}) {
    CudaLibrarySearch Search = cudaLibrarySearch(Kind);
    EXPECT_EQ(Search.Directories, (std::vector<std::string>{"/nonexistent/a", "/nonexistent/b"}));
    EXPECT_FALSE(Search.UseLoader);
    CudaLibrary Library = openCudaLibrary(Kind, Search);
    EXPECT_FALSE(Library.ok());
    EXPECT_NE(
        Library.Error.find("found in ATFC_CUDA_LIBRARY_PATH (/nonexistent/a, /nonexistent/b)"),
        std::string::npos)
        << Library.Error;
  }
}

TEST(CudaLibraries, EmptyOverrideHidesEverything) {
  ScopedEnvironment Override("ATFC_CUDA_LIBRARY_PATH", "");
  CudaLibrary Nvrtc =
      openCudaLibrary(CudaLibraryKind::Nvrtc, cudaLibrarySearch(CudaLibraryKind::Nvrtc));
  EXPECT_FALSE(Nvrtc.ok());
  EXPECT_EQ(Nvrtc.Error, "no NVRTC (libnvrtc.so.*) found in ATFC_CUDA_LIBRARY_PATH ()");
  CudaLibrary Driver =
      openCudaLibrary(CudaLibraryKind::Driver, cudaLibrarySearch(CudaLibraryKind::Driver));
  EXPECT_EQ(Driver.Error, "no CUDA driver (libcuda.so.1) found in ATFC_CUDA_LIBRARY_PATH ()");
}

TEST(CudaLibraries, CudaHomeAndCudaPathComeFirstForNvrtc) {
  ScopedEnvironment NoOverride("ATFC_CUDA_LIBRARY_PATH", nullptr);
  ScopedEnvironment Home("CUDA_HOME", "/opt/home-toolkit");
  ScopedEnvironment Path("CUDA_PATH", "/opt/path-toolkit");
  CudaLibrarySearch Search = cudaLibrarySearch(CudaLibraryKind::Nvrtc);
  EXPECT_EQ(Search.Directories,
            (std::vector<std::string>{"/opt/home-toolkit/lib64", "/opt/home-toolkit/lib",
                                      "/opt/path-toolkit/lib64", "/opt/path-toolkit/lib"}));
  EXPECT_TRUE(Search.UseLoader);
  // The driver belongs to the GPU's kernel module, not to a toolkit: the
  // toolkit's lib64/stubs/libcuda.so must never be taken for it.
  EXPECT_TRUE(cudaLibrarySearch(CudaLibraryKind::Driver).Directories.empty());
}

TEST(CudaLibraries, EveryNvrtcOfADirectoryIsTriedNewestFirst) {
  const test::ScopedTempDirectory Scratch("atfc-cuda-libraries-versions");
  const fs::path &Directory = Scratch.path();
  for (const char *Name : {"libnvrtc.so", "libnvrtc.so.11.2", "libnvrtc.so.12", "libnvrtc.so.13.1",
                           "libnvrtc-builtins.so.13.1", "libnvrtc.so.12.backup", "libnvrtc.alt.so"})
    touch(Directory / Name);
  CudaLibrary Library =
      openCudaLibrary(CudaLibraryKind::Nvrtc, {{Directory.string()}, false, "TEST"});
  ASSERT_FALSE(Library.ok());
  const std::string &E = Library.Error;
  std::size_t V13 = E.find("libnvrtc.so.13.1:"), V12 = E.find("libnvrtc.so.12:"),
              V11 = E.find("libnvrtc.so.11.2:"), Plain = E.find("libnvrtc.so:");
  ASSERT_NE(V13, std::string::npos) << E;
  ASSERT_NE(V12, std::string::npos) << E;
  ASSERT_NE(V11, std::string::npos) << E;
  ASSERT_NE(Plain, std::string::npos) << E;
  EXPECT_LT(V13, V12);
  EXPECT_LT(V12, V11);
  EXPECT_LT(V11, Plain);
  EXPECT_EQ(E.find("builtins"), std::string::npos) << E;
  EXPECT_EQ(E.find("backup"), std::string::npos) << E;
  EXPECT_EQ(E.find("alt.so"), std::string::npos) << E;
}

TEST(CudaLibraries, ADriverThatIsNoLibrarySaysWhy) {
  const test::ScopedTempDirectory Scratch("atfc-cuda-libraries-driver");
  const fs::path &Directory = Scratch.path();
  touch(Directory / "libcuda.so.1");
  CudaLibrary Library =
      openCudaLibrary(CudaLibraryKind::Driver, {{Directory.string()}, false, "TEST"});
  EXPECT_FALSE(Library.ok());
  EXPECT_NE(Library.Error.find((Directory / "libcuda.so.1").string()), std::string::npos)
      << Library.Error;
}

TEST(CudaLibraries, FindsTheMachinesNvrtcThroughCudaHome) {
  CudaLibrary Found =
      openCudaLibrary(CudaLibraryKind::Nvrtc, cudaLibrarySearch(CudaLibraryKind::Nvrtc));
  if (!Found.ok())
    GTEST_SKIP() << Found.Error;
  // The toolkit root of whatever was found, given as CUDA_HOME, is searched
  // first and gives a library of that directory.
  fs::path Directory = fs::path(Found.Path).parent_path();
  ScopedEnvironment NoOverride("ATFC_CUDA_LIBRARY_PATH", nullptr);
  ScopedEnvironment Home("CUDA_HOME", Directory.parent_path().c_str());
  CudaLibrarySearch Search = cudaLibrarySearch(CudaLibraryKind::Nvrtc);
  Search.UseLoader = false;
  CudaLibrary ViaHome = openCudaLibrary(CudaLibraryKind::Nvrtc, Search);
  ASSERT_TRUE(ViaHome.ok()) << ViaHome.Error;
  EXPECT_EQ(fs::path(ViaHome.Path).parent_path().parent_path(), Directory.parent_path());
}

/// libm, opened as openCudaLibrary() opens NVIDIA's libraries.
CudaLibrary libm() {
  CudaLibrary Library;
  Library.Handle = dlopen("libm.so.6", RTLD_NOW | RTLD_LOCAL);
  Library.Name = "libm";
  Library.Path = "libm.so.6";
  return Library;
}

TEST(CudaSymbolTable, ResolvesATableOfTypedFunctions) {
  CudaLibrary Library = libm();
  ASSERT_TRUE(Library.ok()) << dlerror();
  double (*Cos)(double) = nullptr;
  double (*Hypot)(double, double) = nullptr;
  CudaSymbolTable Symbols(Library);
  Symbols.find(Cos, "cos");
  Symbols.find(Hypot, "hypot");
  ASSERT_TRUE(Symbols.complete("unused").ok());
  ASSERT_TRUE(Cos && Hypot);
  EXPECT_EQ(Cos(0.0), 1.0);
  EXPECT_EQ(Hypot(3.0, 4.0), 5.0);
}

TEST(CudaSymbolTable, TriesTheOlderNameWhereTheNewerIsAbsent) {
  CudaLibrary Library = libm();
  ASSERT_TRUE(Library.ok()) << dlerror();
  double (*Sqrt)(double) = nullptr;
  CudaSymbolTable Symbols(Library);
  Symbols.find(Sqrt, "atfcNoSuchSqrt_v2", "sqrt");
  ASSERT_TRUE(Symbols.complete().ok());
  ASSERT_TRUE(Sqrt);
  EXPECT_EQ(Sqrt(9.0), 3.0);
}

TEST(CudaSymbolTable, NamesTheLibraryAndEveryMissingSymbolOnce) {
  CudaLibrary Library = libm();
  ASSERT_TRUE(Library.ok()) << dlerror();
  double (*Cos)(double) = nullptr;
  void (*First)() = reinterpret_cast<void (*)()>(&std::abort);
  int (*Second)(int) = nullptr;
  CudaSymbolTable Symbols(Library);
  Symbols.find(First, "atfcNoSuchFirst");
  Symbols.find(Cos, "cos");
  Symbols.find(Second, "atfcNoSuchSecond", "atfcNoSuchSecondEither");
  Expected<void> Complete = Symbols.complete("libm 9 or newer is needed");
  ASSERT_FALSE(Complete.ok());
  EXPECT_EQ(Complete.error().message(), "libm (libm.so.6) lacks atfcNoSuchFirst, atfcNoSuchSecond: "
                                        "libm 9 or newer is needed");
  EXPECT_EQ(First, nullptr);
  EXPECT_EQ(Second, nullptr);
  EXPECT_NE(Cos, nullptr) << "what is there is still found";
  CudaSymbolTable NoNeed(Library);
  NoNeed.find(Second, "atfcNoSuchSecond");
  Expected<void> Plain = NoNeed.complete();
  ASSERT_FALSE(Plain.ok());
  EXPECT_EQ(Plain.error().message(), "libm (libm.so.6) lacks atfcNoSuchSecond");
}

TEST(CudaSymbolTable, AnOptionalSymbolMayBeMissing) {
  CudaLibrary Library = libm();
  ASSERT_TRUE(Library.ok()) << dlerror();
  int (*Version)(int *) = reinterpret_cast<int (*)(int *)>(&std::abort);
  double (*Floor)(double) = nullptr;
  CudaSymbolTable Symbols(Library);
  Symbols.findOptional(Version, "atfcNoSuchVersion");
  Symbols.findOptional(Floor, "floor");
  EXPECT_TRUE(Symbols.complete().ok());
  EXPECT_EQ(Version, nullptr);
  ASSERT_NE(Floor, nullptr);
  EXPECT_EQ(Floor(2.5), 2.0);
}

TEST(CudaSymbolTable, NamesEachOfNvidiasLibrariesAsOpened) {
  ScopedEnvironment Override("ATFC_CUDA_LIBRARY_PATH", "");
  const std::pair<CudaLibraryKind, const char *> Names[] = {
      {CudaLibraryKind::Driver, "the CUDA driver"},
      {CudaLibraryKind::Nvrtc, "NVRTC"},
      {CudaLibraryKind::Nvml, "NVML"}};
  for (const auto &[Kind, Name] : Names)
    EXPECT_EQ(openCudaLibrary(Kind, cudaLibrarySearch(Kind)).Name, Name);
}

} // namespace
} // namespace atfc
