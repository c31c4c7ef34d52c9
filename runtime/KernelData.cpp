//===- runtime/KernelData.cpp - A kernel's data files and fills -----------===//
#include "runtime/KernelData.h"

#include "KernelData/NumpyArray.h"
#include "Results/ResultKey.h"
#include "System/RegularFiles.h"

#include <filesystem>
#include <string_view>

namespace atfc {

std::string pathBesideFile(const std::string &Path, const std::string &FileName) {
  std::filesystem::path P(Path);
  if (P.is_relative())
    P = std::filesystem::absolute(std::filesystem::path(FileName)).parent_path() / P;
  return P.lexically_normal().string();
}

Expected<std::vector<KernelArgument>>
preparedKernelArguments(const std::vector<KernelArgument> &Arguments, const std::string &FileName) {
  std::vector<KernelArgument> Prepared = Arguments;
  for (KernelArgument &A : Prepared) {
    const SourceLocation Where{FileName, A.Line, A.Column};
    if (Expected<void> Sized = checkBufferSize(A); !Sized)
      return Error(Where, Sized.error().message());
    if (Expected<void> Fits = checkFill(A); !Fits)
      return Error(Where, Fits.error().message());
    if (!A.isBuffer() || A.Contents != BufferContents::File)
      continue;
    const std::string Shown = A.DataFile;
    A.DataFile = pathBesideFile(A.DataFile, FileName);
    Expected<DataFileLayout> Layout = inspectDataFile(A.DataFile, Shown, A.Type, A.Count);
    if (!Layout)
      return Error(Where, Layout.error().message() + " (for " + describe(A) + ")");
    // Every worker, a restarted one too, reads the contents checked here.
    A.DataDigest = Layout->Digest;
  }
  return Prepared;
}

Expected<std::string> kernelDataKey(const std::vector<KernelArgument> &Arguments,
                                    const std::optional<CheckSetup> &Check,
                                    const std::string &FileName) {
  std::vector<std::string> Parts;
  auto Add = [&](const std::string &Path) -> Expected<void> {
    Expected<std::string> Key = hashRegularFile(pathBesideFile(Path, FileName));
    if (!Key)
      return Key.takeError();
    // The name as written joins too: two files of the same contents in
    // swapped roles are other data.
    Parts.push_back(Path);
    Parts.push_back(Key.take());
    return success();
  };
  for (const KernelArgument &A : Arguments)
    if (A.isBuffer() && A.Contents == BufferContents::File)
      if (Expected<void> Added = Add(A.DataFile); !Added)
        return Added.takeError();
  if (Check && Check->Kind == CheckAgainst::GoldFile && !Check->GoldFile.empty())
    if (Expected<void> Added = Add(Check->GoldFile); !Added)
      return Added.takeError();
  if (Parts.empty())
    return std::string();
  std::vector<std::string_view> Views(Parts.begin(), Parts.end());
  return resultKey(Views);
}

} // namespace atfc
