//===- Directives/ClauseParser.cpp - Parse directive clauses ----------------===//
//
// The entry of the clause parser: each directive of the scan is looked up
// in the directive table (DirectiveTable.h), its spelling and backend
// checked, and dispatched to its parse function (DirectiveClauses.h), whose
// errors point at the offending character of the user's file.
//
//===----------------------------------------------------------------------===//
#include "Directives/ClauseParser.h"

#include "Directives/DirectiveClauses.h"
#include "Directives/DirectiveTable.h"
#include "Support/Suggestions.h"

#include <optional>
#include <string>
#include <utility>

namespace atfc::clauses {
namespace {

/// Parses the directives of one file into a TuningSpec.
class SpecParser : public DirectiveClauses {
public:
  ClauseParse run(const DirectiveScan &Scan) {
    FileName = Scan.FileName;
    for (const Directive &Each : Scan.Directives) {
      D = &Each;
      Text = Each.Text;
      parseDirective();
    }
    reportFloorDivisionComments();
    sortByLocation(Result.Diagnostics);
    return std::move(Result);
  }

private:
  void parseDirective() {
    std::size_t I = skipBlanks(Text, 0);
    NameIndex = I;
    std::size_t End = isIdentifierStart(I < Text.size() ? Text[I] : '\0') ? wordEnd(Text, I) : I;
    if (End == I) {
      error(I, "expected a directive name after '#atf::', such as tp or var");
      return;
    }
    if (Text.slice(I, End) == "var") {
      Spelling = "#atf::var";
      parseVar(End);
      return;
    }
    while (Text.substr(End).startswith("::") && End + 2 < Text.size() &&
           isIdentifierStart(Text[End + 2]))
      End = wordEnd(Text, End + 2);
    StringRef Path = Text.slice(I, End);
    Spelling = "#atf::" + Path.str();
    auto [Prefix, Name] =
        Path.contains("::") ? Path.split("::") : std::make_pair(StringRef(), Path);
    unsigned Where = prefixMask(Prefix);
    const DirectiveInfo *Info = findDirective(Name);

    if (!Info || !Where || !(Info->Where & Where)) {
      std::string Message;
      if (Info && Where == Unprefixed) {
        Message = "'" + Spelling + "' needs a backend prefix: write ";
        if (Info->Where & OpenCLPrefix)
          Message += "#atf::ocl::" + Name.str() + " for OpenCL";
        if ((Info->Where & OpenCLPrefix) && (Info->Where & CUDAPrefix))
          Message += " or ";
        if (Info->Where & CUDAPrefix)
          Message += "#atf::cuda::" + Name.str() + " for CUDA";
      } else if (Info && Where && Info->Where == Unprefixed) {
        Message = "'" + Spelling + "' takes no backend prefix; write #atf::" + Name.str();
      } else if (Info && Where) {
        bool ForCUDA = Info->Where & CUDAPrefix;
        Message = "'" + Name.str() + (ForCUDA ? "' is a CUDA" : "' is an OpenCL") +
                  " directive (#atf::" + (ForCUDA ? "cuda::" : "ocl::") + Name.str() +
                  (ForCUDA ? "), not an OpenCL one" : "), not a CUDA one");
      } else {
        Message = "unknown directive '" + Spelling + "'";
        if (std::string_view Suggestion = closestSpelling(Path, allDirectiveSpellings());
            !Suggestion.empty())
          Message += "; did you mean '#atf::" + std::string(Suggestion) + "'?";
      }
      error(I, std::move(Message));
      return;
    }
    if (!selectBackend(Where))
      return;

    std::size_t Arg = skipBlanks(Text, End);
    switch (Info->Kind) {
    case DirectiveKind::Var: // Handled above: `var<T>` has no `::` path.
      return;
    case DirectiveKind::TuningParameter:
      return parseTuningParameter(Arg);
    case DirectiveKind::SearchTechnique:
      return parseSearchTechnique(Arg, /*AsAbortCondition=*/false);
    case DirectiveKind::AbortCondition:
      return parseSearchTechnique(Arg, /*AsAbortCondition=*/true);
    case DirectiveKind::Seed:
      return storeOnce("seed", singleExpression(Arg), Spec.Seed);
    case DirectiveKind::Timeout:
      return storeOnce("timeout", singleExpression(Arg), Spec.Timeout);
    case DirectiveKind::Warmups:
      return storeOnce("warmups", singleExpression(Arg), Spec.Warmups);
    case DirectiveKind::Repetitions:
      return parseRepetitions(Arg);
    case DirectiveKind::CompileScript:
      return storeOnce("compile_script", stringArgument(Arg, Text.size(), Spelling),
                       Spec.CompileScript);
    case DirectiveKind::RunScript:
      return storeOnce("run_script", stringArgument(Arg, Text.size(), Spelling), Spec.RunScript);
    case DirectiveKind::CostFile:
      return storeOnce("cost_file", stringArgument(Arg, Text.size(), Spelling), Spec.CostFile);
    case DirectiveKind::Depends:
      return parseDepends(Arg);
    case DirectiveKind::Objective:
      return parseObjective(Arg);
    case DirectiveKind::Check:
      return parseCheck(Arg);
    case DirectiveKind::DeviceInfo:
      return parseDeviceInfo(Arg);
    case DirectiveKind::PlatformId:
    case DirectiveKind::DeviceId: {
      std::optional<SourceExpr> X = singleExpression(Arg);
      if (!X)
        return;
      bool Platform = Info->Kind == DirectiveKind::PlatformId;
      StringRef Key = Platform ? "platform_id" : "device_id";
      if (std::optional<SourcePosition> First = firstOccurrence(Key, pos(NameIndex))) {
        error(NameIndex, "'" + Key.str() + "' is already given at " + formatPosition(*First));
        return;
      }
      (Platform ? Spec.Device.PlatformId : Spec.Device.DeviceId) = std::move(X);
      if (!Spec.Device.Selection)
        Spec.Device.Selection = D->Hash;
      return;
    }
    case DirectiveKind::KernelName: {
      std::optional<SourceExpr> X = singleExpression(Arg);
      if (!X)
        return;
      return storeOnce("kernel_name", identifierFrom(*X, "a kernel"), Spec.Device.KernelName);
    }
    case DirectiveKind::Input:
      return parseKernelInput(Arg);
    case DirectiveKind::GlobalSize:
      return parseSize(Arg, "global_size", Spec.Device.GlobalSize);
    case DirectiveKind::LocalSize:
      return parseSize(Arg, "local_size", Spec.Device.LocalSize);
    case DirectiveKind::GridDim:
      return parseSize(Arg, "grid_dim", Spec.Device.GridDim);
    case DirectiveKind::BlockDim:
      return parseSize(Arg, "block_dim", Spec.Device.BlockDim);
    case DirectiveKind::SharedMemory:
      return storeOnce("shared_memory", singleExpression(Arg), Spec.Device.SharedMemory);
    }
  }
};

} // namespace
} // namespace atfc::clauses

atfc::ClauseParse atfc::parseClauses(const DirectiveScan &Scan) {
  return clauses::SpecParser().run(Scan);
}
