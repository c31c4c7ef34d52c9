//===- Driver/MeasuredFiles.cpp - Files a run's results depend on ---------===//
#include "Driver/MeasuredFiles.h"

#include "Directives/DirectiveScanner.h"
#include "Frontend/IncludedFiles.h"
#include "Results/ResultsDatabase.h"
#include "Support/Diagnostic.h"
#include "System/RegularFiles.h"

#include "llvm/Support/raw_ostream.h"

#include <filesystem>
#include <map>
#include <string_view>

namespace atfc {
namespace {

namespace fs = std::filesystem;

/// Whether Path lies in a directory of the system, whose files belong to
/// the toolchain rather than to the tuned program. (Not /tmp/atfc-...: a
/// script cannot name atfc's own temporary directories, and a project
/// there lost its files from the key.)
bool isSystemPath(const std::string &Path) {
  for (std::string_view Prefix :
       {"/usr/", "/bin/", "/sbin/", "/lib", "/etc/", "/opt/", "/proc/", "/dev/", "/sys/"})
    if (Path.rfind(Prefix, 0) == 0)
      return true;
  return false;
}

/// Path as it joins the key: relative to Directory when below it, so that
/// moving a project keeps its results.
std::string keyName(const fs::path &Path, const fs::path &Directory) {
  const fs::path Relative = Path.lexically_relative(Directory);
  if (!Relative.empty() && *Relative.begin() != "..")
    return Relative.generic_string();
  return Path.generic_string();
}

void replaceAll(std::string &Text, std::string_view From, const std::string &To) {
  for (std::size_t At = Text.find(From); At != std::string::npos;
       At = Text.find(From, At + To.size()))
    Text.replace(At, From.size(), To);
}

} // namespace

std::vector<std::string> filesNamedByScript(const std::string &Script,
                                            const std::string &Directory) {
  // Words, without those a redirection writes to (`> log`, `>> log`):
  // what a script writes is its output, not what it depends on.
  std::vector<std::string> Words;
  std::string Word;
  bool Written = false, NextWritten = false;
  auto Flush = [&] {
    if (!Word.empty()) {
      if (!Written)
        Words.push_back(std::move(Word));
      Written = false;
    }
    Word.clear();
  };
  for (char C : Script) {
    if (C == '>') {
      Flush();
      NextWritten = true;
    } else if (C == ' ' || C == '\t' || C == '\n' || C == ';' || C == '|' || C == '&' || C == '(' ||
               C == ')' || C == '<' || C == '`') {
      Flush();
    } else if (C != '"' && C != '\'') {
      if (Word.empty() && NextWritten) {
        Written = true;
        NextWritten = false;
      }
      Word += C;
    }
  }
  Flush();

  std::vector<std::string> Files;
  for (std::string W : Words) {
    replaceAll(W, "${ATF_FILE_DIR}", Directory);
    replaceAll(W, "$ATF_FILE_DIR", Directory);
    if (W.find('$') != std::string::npos || W.find('=') != std::string::npos)
      continue;
    fs::path Path(W);
    if (Path.is_relative())
      Path = fs::path(Directory) / Path;
    Path = Path.lexically_normal();
    std::error_code EC;
    if (!fs::is_regular_file(Path, EC) || isSystemPath(Path.string()))
      continue;
    Files.push_back(Path.string());
  }
  return Files;
}

std::optional<MeasuredFiles> measuredFilesOf(const FrontendResult &File, const std::string &Blanked,
                                             DiagnosticSink &Diags) {
  std::error_code EC;
  const fs::path Directory =
      fs::absolute(fs::path(File.FileName), EC).lexically_normal().parent_path();
  const fs::path Self = fs::absolute(fs::path(File.FileName), EC).lexically_normal();

  // Path (absolute) -> where it was named, for errors (none for includes).
  std::map<std::string, std::optional<SourcePosition>> Named;
  if (sourceLanguageForPath(File.FileName) == SourceLanguage::CFamily)
    for (const std::string &Included : includedFilesOf(File.FileName, Blanked))
      Named.emplace(fs::path(Included).lexically_normal().string(), std::nullopt);
  for (const std::optional<StringArgument> *Script :
       {&File.Spec.CompileScript, &File.Spec.RunScript})
    if (*Script)
      for (const std::string &Path : filesNamedByScript((*Script)->Value, Directory.string()))
        Named.emplace(Path, std::nullopt);
  // A check script decides which configurations are valid.
  if (File.Spec.Check && File.Spec.Check->Kind == CheckKind::Script)
    for (const std::string &Path :
         filesNamedByScript(File.Spec.Check->Script.Value, Directory.string()))
      Named.emplace(Path, std::nullopt);
  for (const StringArgument &Depends : File.Spec.Depends) {
    fs::path Path(Depends.Value);
    if (Path.is_relative())
      Path = Directory / Path;
    Named.emplace(Path.lexically_normal().string(), Depends.Begin);
  }
  Named.erase(Self.string()); // the source itself is in the key already

  MeasuredFiles Result;
  std::vector<std::string> Parts;
  for (const auto &[Path, Where] : Named) {
    // Hashed in chunks: a file of any size joins the key in constant
    // memory, and a FIFO or a device is refused before it is read.
    Expected<std::string> Digest = hashRegularFile(Path);
    if (!Digest) {
      const std::string Shown =
          Where ? fs::path(Path).lexically_relative(Directory).string() : Path;
      Diags.setSource(File.FileName, File.Source);
      const std::string Why = Digest.error().message();
      const std::string Message = "cannot read '" + Shown + "', which the results depend on" +
                                  Why.substr(Why.find("': ") + 1);
      if (Where)
        Diags.error({File.FileName, Where->Line, Where->Column}, Message);
      else
        Diags.error(Message);
      return std::nullopt;
    }
    Result.Paths.push_back(keyName(Path, Directory));
    Parts.push_back(Result.Paths.back());
    Parts.push_back(std::move(*Digest));
  }
  if (!Parts.empty()) {
    std::vector<std::string_view> Views(Parts.begin(), Parts.end());
    Result.Key = resultKey(Views);
  }
  return Result;
}

} // namespace atfc
