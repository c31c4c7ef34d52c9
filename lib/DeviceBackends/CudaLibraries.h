//===- DeviceBackends/CudaLibraries.h - NVIDIA's libraries, found at run time -*- C++ -*-===//
//
// The CUDA backend needs two vendor libraries: the driver (libcuda.so.1,
// installed with the GPU's kernel module) and NVRTC (libnvrtc.so.*, part of
// the CUDA toolkit), and a third for `#atf::objective "energy"`: NVML
// (libnvidia-ml.so.1, installed with the driver). None is linked: each is
// opened with dlopen when a CUDA kernel is first measured, so that one build of atfc and of every
// tuner starts on any machine and tunes CUDA wherever the two exist (a GPU
// node, a cluster), whether or not the toolkit was present at build time.
//
// Each is then read through a CudaSymbolTable: its entry points looked up
// by name, and one error naming the library and every symbol it lacks.
//
// Where they are looked for:
//   ATFC_CUDA_LIBRARY_PATH   when set (even empty), only these directories,
//                            ':'-separated; nothing else is searched. It
//                            pins a toolkit, and hides one from tests.
//   NVRTC                    $CUDA_HOME/lib64 and /lib, $CUDA_PATH/lib64 and
//                            /lib, the dynamic loader's path
//                            (LD_LIBRARY_PATH, ld.so.cache),
//                            /usr/local/cuda/lib64, /usr/local/cuda-*/lib64
//                            (newest first), /opt/cuda/lib64.
//   the driver, NVML         the dynamic loader's path only: the toolkit's
//                            lib64/stubs/libcuda.so (and libnvidia-ml.so) is
//                            a link-time stub that runs nothing.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_CUDALIBRARIES_H
#define ATFC_DEVICEBACKENDS_CUDALIBRARIES_H

#include "Support/Error.h"

#include <string>
#include <vector>

namespace atfc {

/// Which of NVIDIA's libraries.
enum class CudaLibraryKind { Driver, Nvrtc, Nvml };

/// Where to look for one library.
struct CudaLibrarySearch {
  /// Directories searched first, in order.
  std::vector<std::string> Directories;
  /// Whether the dynamic loader's own search follows them.
  bool UseLoader = true;
  /// What the directories are, for messages ("ATFC_CUDA_LIBRARY_PATH").
  std::string Origin;
};

/// A library opened with dlopen, or why it could not be.
struct CudaLibrary {
  void *Handle = nullptr;
  /// What it is, for messages: "NVRTC", "the CUDA driver", "NVML".
  std::string Name;
  /// The file opened (absolute where it was found in a directory).
  std::string Path;
  /// What was searched and why nothing was opened; empty when open.
  std::string Error;
  bool ok() const { return Handle != nullptr; }
};

/// Where Kind is looked for in this process's environment.
CudaLibrarySearch cudaLibrarySearch(CudaLibraryKind Kind);

/// Opens Kind from the first place of Search that has it. Never closed:
/// the process keeps it to its end.
CudaLibrary openCudaLibrary(CudaLibraryKind Kind, const CudaLibrarySearch &Search);

/// Kind, opened once per process from cudaLibrarySearch(Kind).
const CudaLibrary &cudaLibrary(CudaLibraryKind Kind);

/// The entry points of an open library, looked up by name into a table of
/// function pointers; what is missing is gathered so that one error names
/// them all.
class CudaSymbolTable {
public:
  explicit CudaSymbolTable(const CudaLibrary &Library) : Library(Library) {}

  /// Sets Entry to the function Name, or to Fallback (an older name of it)
  /// where Name is absent; null, and counted missing, where both are.
  template <class Function>
  void find(Function *&Entry, const char *Name, const char *Fallback = nullptr) {
    Entry = reinterpret_cast<Function *>(address(Name, Fallback, /*Required=*/true));
  }
  /// Sets Entry to the function Name, null where the library lacks it (an
  /// entry point the caller can do without).
  template <class Function> void findOptional(Function *&Entry, const char *Name) {
    Entry = reinterpret_cast<Function *>(address(Name, nullptr, /*Required=*/false));
  }

  /// Success when every find() found its function; otherwise "NAME (PATH)
  /// lacks A, B", followed by ": Need" where Need says what version would
  /// have them.
  Expected<void> complete(const std::string &Need = "") const;

private:
  void *address(const char *Name, const char *Fallback, bool Required);

  const CudaLibrary &Library;
  std::vector<std::string> Missing;
};

/// The headers directory of the toolkit that LibraryPath (a libnvrtc) comes
/// from (cuda_fp16.h, ...), or "" when it has none beside it.
std::string cudaIncludeDirectoryOf(const std::string &LibraryPath);

} // namespace atfc

#endif
