//===- Driver/MeasuredFiles.cpp - Files a run's results depend on ---------===//
#include "Driver/MeasuredFiles.h"

#include "Directives/DirectiveScanner.h"
#include "Frontend/FileChecks.h"
#include "Frontend/IncludedFiles.h"
#include "Results/ResultsDatabase.h"
#include "Support/Diagnostic.h"
#include "System/RegularFiles.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
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

/// A word of a script as a shell splits it, after quote removal, with
/// $ATF_FILE_DIR replaced by Directory.
struct ScriptWord {
  std::string Text;
  /// A redirection writes to it (`> log`): the script's output.
  bool Written = false;
  /// It holds another expansion (`$HOME/x`, `$(cmd)`, `$1`): what it
  /// names is not known before the script runs.
  bool Expanded = false;
};

struct ScannedScript {
  std::vector<ScriptWord> Words;
  /// The environment variables it expands, by name.
  std::set<std::string> Variables;
};

bool isNameStart(char C) { return std::isalpha(static_cast<unsigned char>(C)) || C == '_'; }
bool isNameChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

/// Script's words and expanded variables as a POSIX shell reads them:
/// blanks inside quotes or after a backslash belong to the word (`sh "my
/// run.sh"` names one file); operators and blanks outside end it; `#` at
/// a word's start comments out the rest of its line.
ScannedScript scanScript(std::string_view Script, const std::string &Directory) {
  ScannedScript Scan;
  ScriptWord Word;
  bool InWord = false, NextWritten = false;
  auto Flush = [&] {
    if (InWord)
      Scan.Words.push_back(std::move(Word));
    Word = ScriptWord{};
    InWord = false;
  };
  auto Begin = [&] {
    if (!InWord) {
      InWord = true;
      Word.Written = NextWritten;
      NextWritten = false;
    }
  };
  // An expansion at I (Script[I] == '$'); returns the index after it.
  auto Expand = [&](std::size_t I) {
    const std::size_t N = Script.size();
    std::size_t At = I + 1;
    const bool Braced = At < N && Script[At] == '{';
    if (Braced)
      ++At;
    if (At < N && isNameStart(Script[At])) {
      std::size_t End = At;
      while (End < N && isNameChar(Script[End]))
        ++End;
      const std::string Name(Script.substr(At, End - At));
      const bool Whole = !Braced || (End < N && Script[End] == '}');
      if (Name == "ATF_FILE_DIR" && Whole) {
        Word.Text += Directory;
      } else {
        Scan.Variables.insert(Name);
        Word.Expanded = true;
      }
      if (!Braced)
        return End;
      while (End < N && Script[End] != '}')
        ++End;
      return std::min(End + 1, N);
    }
    // $(...), $1, $?, ${#x}, a lone $: expanded all the same.
    Word.Expanded = true;
    if (At < N && (Script[At] == '(' || Braced))
      return Braced ? At : I + 1;
    return std::min(At + 1, N);
  };
  for (std::size_t I = 0; I < Script.size();) {
    const char C = Script[I];
    if (C == '>') {
      Flush();
      NextWritten = true;
      ++I;
    } else if (C == ' ' || C == '\t' || C == '\n' || C == ';' || C == '|' || C == '&' || C == '(' ||
               C == ')' || C == '<' || C == '`') {
      Flush();
      ++I;
    } else if (C == '#' && !InWord) {
      while (I < Script.size() && Script[I] != '\n')
        ++I;
    } else if (C == '\\') {
      Begin();
      if (I + 1 < Script.size() && Script[I + 1] != '\n')
        Word.Text += Script[I + 1];
      I += 2;
    } else if (C == '\'') {
      Begin();
      const std::size_t Close = Script.find('\'', I + 1);
      const std::size_t End = Close == std::string_view::npos ? Script.size() : Close;
      Word.Text += Script.substr(I + 1, End - I - 1);
      I = End + 1;
    } else if (C == '"') {
      Begin();
      for (++I; I < Script.size() && Script[I] != '"';) {
        if (Script[I] == '\\' && I + 1 < Script.size() &&
            std::string_view("\"\\$`\n").find(Script[I + 1]) != std::string_view::npos) {
          if (Script[I + 1] != '\n')
            Word.Text += Script[I + 1];
          I += 2;
        } else if (Script[I] == '$') {
          I = Expand(I);
        } else if (Script[I] == '`') {
          Word.Expanded = true;
          ++I;
        } else {
          Word.Text += Script[I++];
        }
      }
      ++I;
    } else if (C == '$') {
      Begin();
      I = Expand(I);
    } else {
      Begin();
      Word.Text += C;
      ++I;
    }
  }
  Flush();
  return Scan;
}

} // namespace

ScriptNames namesInScript(const std::string &Script, const std::string &Directory) {
  const ScannedScript Scan = scanScript(Script, Directory);
  ScriptNames Names;
  for (const ScriptWord &W : Scan.Words) {
    // An assignment or another expansion names no file known now.
    if (W.Expanded || W.Text.empty() || (!W.Written && W.Text.find('=') != std::string::npos))
      continue;
    fs::path Path(W.Text);
    if (Path.is_relative())
      Path = fs::path(Directory) / Path;
    Path = Path.lexically_normal();
    std::error_code EC;
    if (W.Written)
      Names.Written.push_back(Path.string());
    else if (fs::is_regular_file(Path, EC) && !isSystemPath(Path.string()))
      Names.Read.push_back(Path.string());
  }
  Names.Variables.assign(Scan.Variables.begin(), Scan.Variables.end());
  return Names;
}

std::optional<MeasuredFiles> measuredFilesOf(const FrontendResult &File, const std::string &Blanked,
                                             DiagnosticSink &Diags) {
  std::error_code EC;
  const fs::path Directory =
      fs::absolute(fs::path(File.FileName), EC).lexically_normal().parent_path();
  const fs::path Self = fs::absolute(fs::path(File.FileName), EC).lexically_normal();

  // The paths, absolute.
  std::set<std::string> Named;
  if (sourceLanguageForPath(File.FileName) == SourceLanguage::CFamily)
    for (const std::string &Included : includedFilesOf(File.FileName, Blanked))
      Named.insert(fs::path(Included).lexically_normal().string());
  // A check script decides which configurations are valid.
  std::vector<const std::string *> Scripts;
  for (const std::optional<StringArgument> *Script :
       {&File.Spec.CompileScript, &File.Spec.RunScript})
    if (*Script)
      Scripts.push_back(&(*Script)->Value);
  if (File.Spec.Check && File.Spec.Check->Kind == CheckKind::Script)
    Scripts.push_back(&File.Spec.Check->Script.Value);
  // The variables the scripts expand from the tuner's environment (not
  // those the files they call read: a script's own knobs stay out); not
  // those atfc sets for each configuration, nor those that say where and
  // when a run happens rather than what it measures (a batch job's own
  // temporary directory would otherwise key each job's results apart).
  std::set<std::string> Own = {"ATF_SOURCE", "ATF_FILE_DIR", "ATF_WORK_DIR", "PWD",   "OLDPWD",
                               "TMPDIR",     "TMP",          "TEMP",         "SHLVL", "PPID",
                               "RANDOM",     "SRANDOM",      "SECONDS",      "LINENO"};
  for (const TuningParameter &P : File.Spec.Parameters)
    Own.insert(P.Name.Name);
  for (const InputVariable &Input : File.Spec.Inputs)
    Own.insert(Input.Name.Name);
  std::set<std::string> Variables, Written;
  for (const std::string *Script : Scripts) {
    ScriptNames Names = namesInScript(*Script, Directory.string());
    for (const std::string &Path : Names.Read)
      Named.insert(Path);
    Written.insert(Names.Written.begin(), Names.Written.end());
    for (std::string &Name : Names.Variables)
      if (!Own.contains(Name) && Name.rfind("ATFC_", 0) != 0 && Name.rfind("SLURM_", 0) != 0 &&
          Name.rfind("PBS_", 0) != 0)
        Variables.insert(std::move(Name));
  }
  // What one script writes (`> "$ATF_FILE_DIR/out"`) is output even where
  // another reads it: it changes with every run.
  for (const std::string &Path : Written)
    Named.erase(Path);
  std::map<std::string, DependedFile> Depended;
  for (DependedFile &D : dependedFilesOf(File)) {
    Named.insert(D.Path);
    Depended.emplace(D.Path, std::move(D));
  }
  Named.erase(Self.string()); // the source itself is in the key already

  MeasuredFiles Result;
  std::vector<std::string> Parts;
  for (const std::string &Path : Named) {
    // Hashed in chunks: a file of any size joins the key in constant
    // memory, and a FIFO or a device is refused before it is read.
    Expected<std::string> Digest = hashRegularFile(Path);
    if (!Digest) {
      Diags.setSource(File.FileName, File.Source);
      const std::string Why = Digest.error().message();
      const std::size_t Colon = Why.find("': ");
      const std::string Reason = Colon == std::string::npos ? Why : Why.substr(Colon + 3);
      if (auto D = Depended.find(Path); D != Depended.end())
        Diags.error({File.FileName, D->second.Where.Line, D->second.Where.Column},
                    unreadableDependedFileMessage(D->second, Reason));
      else
        Diags.error("cannot read '" + Path + "', which the results depend on: " + Reason);
      return std::nullopt;
    }
    Result.Paths.push_back(keyName(Path, Directory));
    Result.AbsolutePaths.push_back(Path);
    Parts.push_back(Result.Paths.back());
    Parts.push_back(std::move(*Digest));
  }
  // An unset variable differs from every value: a value has no NUL.
  for (const std::string &Name : Variables) {
    const char *Value = std::getenv(Name.c_str());
    Result.Variables.push_back(Name);
    Parts.push_back("$" + Name);
    Parts.push_back(Value ? std::string(Value) : std::string(1, '\0'));
  }
  if (!Parts.empty()) {
    std::vector<std::string_view> Views(Parts.begin(), Parts.end());
    Result.Key = resultKey(Views);
  }
  return Result;
}

} // namespace atfc
