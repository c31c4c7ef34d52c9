//===- DeviceBackends/CudaLibraries.cpp - NVIDIA's libraries, found at run time -===//
//
// The search order of CudaLibraries.h. A directory is read rather than
// guessed at: NVRTC's soname changes with the toolkit's major version
// (libnvrtc.so.11.2, .12, .13), so every libnvrtc.so.* there is a candidate,
// newest first.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/CudaLibraries.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string_view>
#include <system_error>

namespace atfc {

namespace {

namespace fs = std::filesystem;

/// What Kind is, in a message about the open library.
const char *shortLibraryName(CudaLibraryKind Kind) {
  switch (Kind) {
  case CudaLibraryKind::Driver:
    return "the CUDA driver";
  case CudaLibraryKind::Nvrtc:
    return "NVRTC";
  case CudaLibraryKind::Nvml:
    return "NVML";
  }
  return "";
}

const char *libraryName(CudaLibraryKind Kind) {
  switch (Kind) {
  case CudaLibraryKind::Driver:
    return "CUDA driver (libcuda.so.1)";
  case CudaLibraryKind::Nvrtc:
    return "NVRTC (libnvrtc.so.*)";
  case CudaLibraryKind::Nvml:
    return "NVML (libnvidia-ml.so.1)";
  }
  return "";
}

/// The one file name of a library that comes with the driver.
const char *driverLibraryFile(CudaLibraryKind Kind) {
  return Kind == CudaLibraryKind::Nvml ? "libnvidia-ml.so.1" : "libcuda.so.1";
}

/// The numbers after Prefix in a file name like "libnvrtc.so.12.4", or
/// nothing when the name is not Prefix followed by ".N" parts.
std::optional<std::vector<unsigned>> versionAfter(std::string_view Name, std::string_view Prefix) {
  if (Name.substr(0, Prefix.size()) != Prefix)
    return std::nullopt;
  std::vector<unsigned> Version;
  std::string_view Rest = Name.substr(Prefix.size());
  while (!Rest.empty()) {
    if (Rest[0] != '.' || Rest.size() < 2)
      return std::nullopt;
    Rest.remove_prefix(1);
    unsigned Part = 0;
    std::size_t Digits = 0;
    while (Digits < Rest.size() && Rest[Digits] >= '0' && Rest[Digits] <= '9' && Digits < 6)
      Part = Part * 10 + static_cast<unsigned>(Rest[Digits++] - '0');
    if (Digits == 0)
      return std::nullopt;
    Version.push_back(Part);
    Rest.remove_prefix(Digits);
  }
  return Version;
}

/// The files of Kind in Directory, the one to try first first.
std::vector<std::string> candidatesIn(CudaLibraryKind Kind, const std::string &Directory) {
  std::vector<std::string> Found;
  std::error_code Error;
  if (Kind != CudaLibraryKind::Nvrtc) {
    fs::path Driver = fs::path(Directory) / driverLibraryFile(Kind);
    if (fs::exists(Driver, Error))
      Found.push_back(Driver.string());
    return Found;
  }
  std::vector<std::pair<std::vector<unsigned>, std::string>> Versioned;
  for (fs::directory_iterator It(Directory, Error), End; !Error && It != End; It.increment(Error)) {
    std::string Name = It->path().filename().string();
    if (auto Version = versionAfter(Name, "libnvrtc.so"))
      Versioned.emplace_back(std::move(*Version), It->path().string());
  }
  // Newest first; the unversioned development link (empty version) last.
  std::sort(Versioned.begin(), Versioned.end(),
            [](const auto &A, const auto &B) { return A.first > B.first; });
  for (auto &Candidate : Versioned)
    Found.push_back(std::move(Candidate.second));
  return Found;
}

/// The sonames the dynamic loader is asked for.
std::vector<std::string> loaderNames(CudaLibraryKind Kind) {
  if (Kind != CudaLibraryKind::Nvrtc)
    return {driverLibraryFile(Kind)};
  return {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2", "libnvrtc.so"};
}

/// /usr/local/cuda-X.Y/lib64, newest first.
std::vector<std::string> versionedToolkits() {
  std::vector<std::pair<std::vector<unsigned>, std::string>> Toolkits;
  std::error_code Error;
  for (fs::directory_iterator It("/usr/local", Error), End; !Error && It != End;
       It.increment(Error)) {
    std::string Name = It->path().filename().string();
    if (Name.rfind("cuda-", 0) != 0)
      continue;
    // "cuda-12.4" read as the version "cuda.12.4" would be.
    if (auto Version = versionAfter("cuda." + Name.substr(5), "cuda"))
      Toolkits.emplace_back(std::move(*Version), (It->path() / "lib64").string());
  }
  std::sort(Toolkits.begin(), Toolkits.end(),
            [](const auto &A, const auto &B) { return A.first > B.first; });
  std::vector<std::string> Directories;
  for (auto &Toolkit : Toolkits)
    Directories.push_back(std::move(Toolkit.second));
  return Directories;
}

std::vector<std::string> splitPath(const char *Path) {
  std::vector<std::string> Directories;
  std::string_view Rest = Path;
  while (true) {
    std::size_t Colon = Rest.find(':');
    std::string_view Part = Rest.substr(0, Colon);
    if (!Part.empty())
      Directories.emplace_back(Part);
    if (Colon == std::string_view::npos)
      return Directories;
    Rest.remove_prefix(Colon + 1);
  }
}

std::string joined(const std::vector<std::string> &Parts) {
  std::string Text;
  for (const std::string &Part : Parts)
    Text += (Text.empty() ? "" : ", ") + Part;
  return Text;
}

} // namespace

CudaLibrarySearch cudaLibrarySearch(CudaLibraryKind Kind) {
  CudaLibrarySearch Search;
  if (const char *Override = std::getenv("ATFC_CUDA_LIBRARY_PATH")) {
    Search.Directories = splitPath(Override);
    Search.UseLoader = false;
    Search.Origin = "ATFC_CUDA_LIBRARY_PATH";
    return Search;
  }
  if (Kind != CudaLibraryKind::Nvrtc)
    return Search;
  for (const char *Variable : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *Root = std::getenv(Variable); Root && *Root)
      for (const char *Lib : {"/lib64", "/lib"})
        Search.Directories.push_back(std::string(Root) + Lib);
  // The loader's own path comes before the usual install places; they are
  // searched after it (openCudaLibrary tries the loader between the two).
  return Search;
}

CudaLibrary openCudaLibrary(CudaLibraryKind Kind, const CudaLibrarySearch &Search) {
  CudaLibrary Library;
  Library.Name = shortLibraryName(Kind);
  std::vector<std::string> Failures;
  auto Try = [&](const std::string &File) {
    if (void *Handle = dlopen(File.c_str(), RTLD_NOW | RTLD_LOCAL)) {
      Library.Handle = Handle;
      Library.Path = File;
      return true;
    }
    if (const char *Why = dlerror(); Why && File.find('/') != std::string::npos)
      Failures.push_back(Why);
    return false;
  };
  auto TryDirectories = [&](const std::vector<std::string> &Directories) {
    for (const std::string &Directory : Directories)
      for (const std::string &File : candidatesIn(Kind, Directory))
        if (Try(File))
          return true;
    return false;
  };

  if (TryDirectories(Search.Directories))
    return Library;
  std::vector<std::string> Places = Search.Directories;
  if (Search.UseLoader) {
    for (const std::string &Name : loaderNames(Kind))
      if (Try(Name)) {
        // The path the loader chose, for messages and the include directory.
        Dl_info Info{};
        const char *Known = Kind == CudaLibraryKind::Driver  ? "cuInit"
                            : Kind == CudaLibraryKind::Nvrtc ? "nvrtcVersion"
                                                             : "nvmlInit_v2";
        if (void *Symbol = dlsym(Library.Handle, Known);
            Symbol && dladdr(Symbol, &Info) && Info.dli_fname)
          Library.Path = Info.dli_fname;
        return Library;
      }
    Places.push_back("the dynamic loader's path");
    if (Kind == CudaLibraryKind::Nvrtc) {
      std::vector<std::string> Usual = {"/usr/local/cuda/lib64"};
      for (std::string &Directory : versionedToolkits())
        Usual.push_back(std::move(Directory));
      Usual.push_back("/opt/cuda/lib64");
      if (TryDirectories(Usual))
        return Library;
      Places.insert(Places.end(), Usual.begin(), Usual.end());
    }
  }

  Library.Error = std::string("no ") + libraryName(Kind) + " found in ";
  if (!Search.Origin.empty())
    Library.Error += Search.Origin + " (" + joined(Search.Directories) + ")";
  else
    Library.Error += joined(Places);
  if (!Failures.empty())
    Library.Error += "; " + joined(Failures);
  if (Search.Origin.empty())
    Library.Error += Kind == CudaLibraryKind::Nvrtc
                         ? ": install the CUDA toolkit, or set CUDA_HOME to it"
                         : ": is an NVIDIA GPU and its driver installed?";
  return Library;
}

const CudaLibrary &cudaLibrary(CudaLibraryKind Kind) {
  static std::once_flag Once[3];
  static CudaLibrary Libraries[3];
  const auto Index = static_cast<std::size_t>(Kind);
  std::call_once(Once[Index],
                 [&] { Libraries[Index] = openCudaLibrary(Kind, cudaLibrarySearch(Kind)); });
  return Libraries[Index];
}

void *CudaSymbolTable::address(const char *Name, const char *Fallback, bool Required) {
  void *Address = Library.Handle ? dlsym(Library.Handle, Name) : nullptr;
  if (!Address && Fallback && Library.Handle)
    Address = dlsym(Library.Handle, Fallback);
  if (!Address && Required)
    Missing.emplace_back(Name);
  return Address;
}

Expected<void> CudaSymbolTable::complete(const std::string &Need) const {
  if (Missing.empty())
    return success();
  return Error(Library.Name + " (" + Library.Path + ") lacks " + joined(Missing) +
               (Need.empty() ? "" : ": " + Need));
}

std::string cudaIncludeDirectoryOf(const std::string &LibraryPath) {
  std::error_code Error;
  // lib64 is often a link into targets/<arch>/lib, whose headers sit in
  // targets/<arch>/include.
  fs::path Directory = fs::canonical(LibraryPath, Error).parent_path();
  if (Error)
    return "";
  for (const fs::path &Candidate : {Directory.parent_path() / "include",
                                    fs::path(LibraryPath).parent_path().parent_path() / "include"})
    if (fs::exists(Candidate / "cuda_fp16.h", Error))
      return Candidate.string();
  return "";
}

} // namespace atfc
