//===- KernelImageCacheTest.cpp - NVRTC's results, shared -----------------===//
//
// The CUDA kernel cache on real files, without NVRTC: a stored compilation
// is found again under its key and under no other; every truncation and
// every flipped byte of an entry reads as a miss; a failed build comes back
// with its log; several processes storing one key leave one whole entry; a
// store records nothing, so the cache takes any number of entries.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/KernelImageCache.h"
#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace atfc {
namespace {

namespace fs = std::filesystem;

KernelImageKey scaleKey() {
  return {"__global__ void scale(float *y) { y[0] *= FACTOR; }",
          "scale.cu",
          "scale",
          {"FACTOR=2", "WPT=4"},
          90,
          "13.0",
          "/usr/local/cuda/include",
          "5f0c1ab2d9e34c7a8b6e2f10d4c3b2a1"};
}

CudaCompilation compiledImage() {
  CudaCompilation Compiled;
  // NUL and high bytes: an image is binary.
  Compiled.Image = std::string("\x7f"
                               "ELF\0\x01\xff cubin",
                               12);
  Compiled.IsCubin = true;
  Compiled.LoweredName = "_Z5scalePf";
  Compiled.Log = "warning: a warning";
  return Compiled;
}

void expectSame(const CudaCompilation &Found, const CudaCompilation &Stored) {
  EXPECT_EQ(Found.Image, Stored.Image);
  EXPECT_EQ(Found.IsCubin, Stored.IsCubin);
  EXPECT_EQ(Found.LoweredName, Stored.LoweredName);
  EXPECT_EQ(Found.Log, Stored.Log);
  EXPECT_EQ(Found.Error, Stored.Error);
}

KernelImageCache openCache(const fs::path &Directory) {
  Expected<KernelImageCache> Cache = KernelImageCache::open(Directory.string());
  if (!Cache)
    ADD_FAILURE() << Cache.error().message();
  return Cache.take();
}

std::string readWhole(const fs::path &File) {
  std::ifstream In(File, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), {});
}

void writeWhole(const fs::path &File, const std::string &Text) {
  std::ofstream(File, std::ios::binary | std::ios::trunc) << Text;
}

TEST(KernelImageCache, FindsWhatWasStoredInAPrivateDirectory) {
  test::ScopedTempDirectory Temp("atfc-kernel-cache");
  const fs::path Directory = Temp.path() / "work" / "cuda-kernels";
  KernelImageCache Cache = openCache(Directory);
  EXPECT_FALSE(Cache.find(scaleKey()));
  ASSERT_TRUE(Cache.store(scaleKey(), compiledImage()).ok());
  std::optional<CudaCompilation> Found = Cache.find(scaleKey());
  ASSERT_TRUE(Found);
  expectSame(*Found, compiledImage());
  // Another process opening the directory finds it too.
  std::optional<CudaCompilation> Again = openCache(Directory).find(scaleKey());
  ASSERT_TRUE(Again);
  expectSame(*Again, compiledImage());
  struct stat Status {};
  ASSERT_EQ(::stat(Directory.c_str(), &Status), 0);
  EXPECT_EQ(Status.st_mode & 0777, 0700u);
  ASSERT_EQ(::stat((Directory / KernelImageCache::entryName(scaleKey())).c_str(), &Status), 0);
  EXPECT_EQ(Status.st_mode & 0077, 0u);
}

TEST(KernelImageCache, MissesOnEveryPartOfTheKey) {
  test::ScopedTempDirectory Temp("atfc-kernel-cache");
  KernelImageCache Cache = openCache(Temp.path() / "cache");
  ASSERT_TRUE(Cache.store(scaleKey(), compiledImage()).ok());
  const std::vector<std::pair<const char *, std::function<void(KernelImageKey &)>>> Changes = {
      {"source", [](KernelImageKey &K) { K.Source += " "; }},
      {"file name", [](KernelImageKey &K) { K.FileName = "other.cu"; }},
      {"kernel name", [](KernelImageKey &K) { K.KernelName = "scale2"; }},
      {"a definition", [](KernelImageKey &K) { K.Definitions[0] = "FACTOR=3"; }},
      {"the definitions' order",
       [](KernelImageKey &K) { std::swap(K.Definitions[0], K.Definitions[1]); }},
      {"one definition more", [](KernelImageKey &K) { K.Definitions.push_back("X=1"); }},
      {"one definition less", [](KernelImageKey &K) { K.Definitions.pop_back(); }},
      {"definitions split otherwise", [](KernelImageKey &K) { K.Definitions = {"FACTOR=2WPT=4"}; }},
      {"compute capability", [](KernelImageKey &K) { K.ComputeCapability = 80; }},
      {"no compute capability (PTX)", [](KernelImageKey &K) { K.ComputeCapability = 0; }},
      {"NVRTC version", [](KernelImageKey &K) { K.CompilerVersion = "12.4"; }},
      {"include directory", [](KernelImageKey &K) { K.IncludeDirectory = "/opt/cuda/include"; }},
      {"included headers", [](KernelImageKey &K) { K.DependenciesKey[0] = '6'; }},
      {"no included headers", [](KernelImageKey &K) { K.DependenciesKey.clear(); }},
  };
  for (const auto &[What, Change] : Changes) {
    KernelImageKey Changed = scaleKey();
    Change(Changed);
    EXPECT_NE(KernelImageCache::entryName(Changed), KernelImageCache::entryName(scaleKey()))
        << What;
    EXPECT_FALSE(Cache.find(Changed)) << "found after changing the " << What;
  }
  EXPECT_TRUE(Cache.find(scaleKey()));
}

// NVRTC names no file it read: the key of a setup takes the hash of the
// files its results depend on (the headers the source includes), so that a
// changed header misses the image of the old one.
TEST(KernelImageCache, SetupsKeyFollowsTheFilesItsResultsDependOn) {
  DeviceKernelSetup Setup;
  Setup.Source = "#include \"factor.h\"\n__global__ void scale(float *y) { y[0] *= FACTOR; }";
  Setup.FileName = "scale.cu";
  Setup.KernelName = "scale";
  Setup.DependenciesKey = "11111111111111111111111111111111";
  const KernelImageKey Before = nvrtcImageKey(Setup, {"WPT=4"}, 90);
  EXPECT_EQ(Before.DependenciesKey, Setup.DependenciesKey);
  EXPECT_EQ(KernelImageCache::entryName(Before),
            KernelImageCache::entryName(nvrtcImageKey(Setup, {"WPT=4"}, 90)));
  Setup.DependenciesKey = "22222222222222222222222222222222"; // factor.h changed
  const KernelImageKey After = nvrtcImageKey(Setup, {"WPT=4"}, 90);
  EXPECT_NE(KernelImageCache::entryName(Before), KernelImageCache::entryName(After));

  test::ScopedTempDirectory Temp("atfc-kernel-cache");
  KernelImageCache Cache = openCache(Temp.path() / "cache");
  ASSERT_TRUE(Cache.store(Before, compiledImage()).ok());
  EXPECT_TRUE(Cache.find(Before));
  EXPECT_FALSE(Cache.find(After)) << "a changed header found the old header's image";
}

TEST(KernelImageCache, KeepsAFailedBuildWithItsLog) {
  test::ScopedTempDirectory Temp("atfc-kernel-cache");
  KernelImageCache Cache = openCache(Temp.path() / "cache");
  CudaCompilation Failed;
  Failed.Error = "build failed";
  Failed.Log = "scale.cu(3): error: identifier \"undefined_thing\" is undefined";
  ASSERT_TRUE(Cache.store(scaleKey(), Failed).ok());
  std::optional<CudaCompilation> Found = Cache.find(scaleKey());
  ASSERT_TRUE(Found);
  EXPECT_FALSE(Found->ok());
  expectSame(*Found, Failed);
  // A later success replaces it.
  ASSERT_TRUE(Cache.store(scaleKey(), compiledImage()).ok());
  ASSERT_TRUE(Cache.find(scaleKey()));
  EXPECT_TRUE(Cache.find(scaleKey())->ok());
}

// The class of damaged entries: every truncation and every single flipped
// byte of a real entry is a miss, never a compilation.
TEST(KernelImageCache, IgnoresEveryTruncatedOrCorruptEntry) {
  test::ScopedTempDirectory Temp("atfc-kernel-cache");
  KernelImageCache Cache = openCache(Temp.path() / "cache");
  ASSERT_TRUE(Cache.store(scaleKey(), compiledImage()).ok());
  const fs::path Entry = Temp.path() / "cache" / KernelImageCache::entryName(scaleKey());
  const std::string Whole = readWhole(Entry);
  ASSERT_GT(Whole.size(), 100u);
  for (std::size_t Size = 0; Size < Whole.size(); ++Size) {
    writeWhole(Entry, Whole.substr(0, Size));
    EXPECT_FALSE(Cache.find(scaleKey())) << "truncated to " << Size << " bytes";
  }
  for (std::size_t At = 0; At < Whole.size(); ++At) {
    std::string Flipped = Whole;
    Flipped[At] = static_cast<char>(Flipped[At] ^ 0x20);
    writeWhole(Entry, Flipped);
    EXPECT_FALSE(Cache.find(scaleKey())) << "byte " << At << " flipped";
  }
  writeWhole(Entry, Whole + "x");
  EXPECT_FALSE(Cache.find(scaleKey())) << "a byte appended";
  writeWhole(Entry, Whole);
  EXPECT_TRUE(Cache.find(scaleKey()));
  // Once damaged, it is compiled and stored again.
  writeWhole(Entry, Whole.substr(0, Whole.size() / 2));
  ASSERT_TRUE(Cache.store(scaleKey(), compiledImage()).ok());
  EXPECT_TRUE(Cache.find(scaleKey()));
}

TEST(KernelImageCache, IgnoresAnotherKeysEntryAndALink) {
  test::ScopedTempDirectory Temp("atfc-kernel-cache");
  const fs::path Directory = Temp.path() / "cache";
  KernelImageCache Cache = openCache(Directory);
  KernelImageKey Other = scaleKey();
  Other.Definitions[0] = "FACTOR=7";
  ASSERT_TRUE(Cache.store(Other, compiledImage()).ok());
  // A whole, valid entry, but another key's: foreign under this name.
  fs::copy_file(Directory / KernelImageCache::entryName(Other),
                Directory / KernelImageCache::entryName(scaleKey()));
  EXPECT_FALSE(Cache.find(scaleKey()));
  EXPECT_TRUE(Cache.find(Other));

  // A link planted where an entry goes is neither read nor written through.
  const fs::path Target = Temp.path() / "target";
  writeWhole(Target, readWhole(Directory / KernelImageCache::entryName(Other)));
  KernelImageKey Linked = scaleKey();
  Linked.Definitions[0] = "FACTOR=8";
  fs::create_symlink(Target, Directory / KernelImageCache::entryName(Linked));
  EXPECT_FALSE(Cache.find(Linked));
  EXPECT_FALSE(Cache.store(Linked, compiledImage()).ok());
  EXPECT_EQ(readWhole(Target), readWhole(Directory / KernelImageCache::entryName(Other)));

  // Nor is a cache directory that is a link.
  fs::create_directory_symlink(Directory, Temp.path() / "linked-cache");
  EXPECT_FALSE(KernelImageCache::open((Temp.path() / "linked-cache").string()).ok());
}

// Each store once claimed its name in the work directory's record, read
// whole (up to 1 MiB) per claim: stores slowed as the cache grew and failed
// past about 29,000 entries, silently, so the measuring worker compiled
// again. Far more entries would take too long here; instead no record is
// written per store, and one that is there, however large, is never read.
TEST(KernelImageCache, StoresRecordNoNameAndReadNoRecord) {
  test::ScopedTempDirectory Temp("atfc-kernel-cache");
  const fs::path Work = Temp.path() / "work";
  const fs::path Directory = Work / "cuda-kernels";
  KernelImageCache Cache = openCache(Directory);
  const std::string WorkRecord = readWhole(Work / kCreatedRecordName);
  EXPECT_NE(WorkRecord.find("\ncuda-kernels\n"), std::string::npos) << WorkRecord;
  constexpr int kStores = 1000;
  auto keyOf = [](int N) {
    KernelImageKey Key = scaleKey();
    Key.Definitions[0] = "FACTOR=" + std::to_string(N);
    return Key;
  };
  for (int N = 0; N < kStores; ++N)
    ASSERT_TRUE(Cache.store(keyOf(N), compiledImage()).ok()) << N;
  EXPECT_FALSE(fs::exists(Directory / kCreatedRecordName));
  EXPECT_EQ(readWhole(Work / kCreatedRecordName), WorkRecord);
  std::size_t Entries = 0;
  for ([[maybe_unused]] const fs::directory_entry &E : fs::directory_iterator(Directory))
    ++Entries;
  EXPECT_EQ(Entries, std::size_t(kStores));
  // A record past the old limit (what an older atfc left, or a planted
  // one) in either directory stops no store and is not touched.
  const std::string Huge((std::size_t(1) << 20) + 1, 'x');
  writeWhole(Directory / kCreatedRecordName, Huge);
  for (int N = 0; N < 10; ++N)
    ASSERT_TRUE(Cache.store(keyOf(kStores + N), compiledImage()).ok()) << N;
  EXPECT_EQ(readWhole(Directory / kCreatedRecordName), Huge);
  std::ofstream(Work / kCreatedRecordName, std::ios::app) << Huge;
  ASSERT_TRUE(Cache.store(scaleKey(), compiledImage()).ok());
  for (int N : {0, kStores - 1, kStores + 9})
    EXPECT_TRUE(Cache.find(keyOf(N))) << N;
}

// The cache's directory must be one atfc made: the user's is refused.
TEST(KernelImageCache, RefusesADirectoryAtfcDidNotMake) {
  test::ScopedTempDirectory Temp("atfc-kernel-cache");
  const fs::path Directory = Temp.path() / "cuda-kernels";
  fs::create_directory(Directory);
  ::chmod(Directory.c_str(), 0700);
  Expected<KernelImageCache> Cache = KernelImageCache::open(Directory.string());
  ASSERT_FALSE(Cache.ok());
  EXPECT_NE(Cache.error().message().find("cannot use the CUDA kernel cache: '" +
                                         Directory.string() + "' is not a"),
            std::string::npos)
      << Cache.error().message();
  EXPECT_TRUE(fs::is_empty(Directory));
}

TEST(KernelImageCache, ConcurrentWritersOfOneKeyLeaveOneWholeEntry) {
  test::ScopedTempDirectory Temp("atfc-kernel-cache");
  const fs::path Directory = Temp.path() / "cache";
  openCache(Directory);
  // A large image, so that writes overlap.
  CudaCompilation Big = compiledImage();
  Big.Image.resize(std::size_t(4) << 20, 'c');
  constexpr int Writers = 6;
  std::vector<pid_t> Children;
  for (int W = 0; W < Writers; ++W) {
    const pid_t Child = ::fork();
    ASSERT_GE(Child, 0);
    if (Child == 0) {
      Expected<KernelImageCache> Own = KernelImageCache::open(Directory.string());
      bool Stored = Own.ok();
      for (int Round = 0; Stored && Round < 5; ++Round)
        Stored = Own->store(scaleKey(), Big).ok();
      ::_exit(Stored ? 0 : 1);
    }
    Children.push_back(Child);
  }
  for (pid_t Child : Children) {
    int Status = 0;
    ASSERT_EQ(::waitpid(Child, &Status, 0), Child);
    EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0) << "a writer failed";
  }
  std::vector<std::string> Names;
  for (const fs::directory_entry &E : fs::directory_iterator(Directory))
    Names.push_back(E.path().filename().string());
  std::sort(Names.begin(), Names.end());
  // The entry alone: no temporary is left, no name recorded.
  EXPECT_EQ(Names, (std::vector<std::string>{KernelImageCache::entryName(scaleKey())}));
  std::optional<CudaCompilation> Found = openCache(Directory).find(scaleKey());
  ASSERT_TRUE(Found);
  expectSame(*Found, Big);
}

} // namespace
} // namespace atfc
