//===- Backends/FailureSummary.cpp - Why configurations failed, in words --===//
#include "Backends/FailureSummary.h"

#include "Backends/UsefulLogLine.h"

#include <algorithm>

namespace atfc {

std::string failureDetail(FailureKind Kind, std::string_view Reason, std::string_view Log) {
  const std::string_view Name = failureName(Kind);
  std::string Detail(Name);
  if (!Reason.empty() && Reason != Name)
    Detail = Name.empty() || Reason.starts_with(Name) ? std::string(Reason)
                                                      : Detail + ": " + std::string(Reason);
  const std::string Line = usefulLogLine(Log);
  if (!Line.empty() && Detail.find(Line) == std::string::npos)
    Detail += (Detail.empty() ? "" : ": ") + Line;
  return Detail.empty() ? std::string("invalid") : Detail;
}

std::string briefFailureDetail(FailureKind Kind, std::string_view Reason, std::string_view Log) {
  const bool ReasonSaysMore = !Reason.empty() && Reason != failureName(Kind);
  return failureDetail(Kind, Reason, ReasonSaysMore ? std::string_view() : Log);
}

namespace {

/// Reason with each run of digits as `#` and each quoted text as `"…"`: the
/// shape that failures of one cause share. The number of an exit status or
/// a signal is kept: it is the cause (139 a segfault, 127 a missing tool),
/// not data.
std::string reasonShape(std::string_view Reason) {
  std::string Shape;
  for (std::size_t I = 0; I < Reason.size(); ++I) {
    const char C = Reason[I];
    if (C >= '0' && C <= '9') {
      const bool Cause = Shape.ends_with("status ") || Shape.ends_with("signal ");
      const std::size_t Begin = I;
      while (I + 1 < Reason.size() && Reason[I + 1] >= '0' && Reason[I + 1] <= '9')
        ++I;
      Shape += Cause ? Reason.substr(Begin, I + 1 - Begin) : "#";
    } else if (C == '"' || C == '\'') {
      const std::size_t Close = Reason.find(C, I + 1);
      if (Close == std::string_view::npos) {
        Shape += Reason.substr(I);
        break;
      }
      Shape += C;
      Shape += C;
      I = Close;
    } else {
      Shape += C;
    }
  }
  return Shape;
}

} // namespace

void FailureTally::add(FailureKind Kind, std::string_view Reason, std::string_view Log) {
  if (Kind == FailureKind::None)
    return;
  const std::string Shape = reasonShape(Reason);
  std::size_t OfKind = 0;
  Group *Other = nullptr;
  for (Group &G : Groups) {
    if (G.Failures.Kind != Kind)
      continue;
    if (G.Others) {
      Other = &G;
      continue;
    }
    if (G.Shape == Shape) {
      ++G.Failures.Count;
      // The first one's log line stands for the group only while every
      // member's says the same (but for numbers).
      if (!G.LogsDiffer && reasonShape(usefulLogLine(Log)) != G.LogShape) {
        G.LogsDiffer = true;
        G.Failures.Example = failureDetail(Kind, G.FirstReason, "");
      }
      return;
    }
    ++OfKind;
  }
  if (Other) {
    ++Other->Failures.Count;
    Other->OtherShapes.insert(Shape);
    return;
  }
  Group New;
  New.Failures.Kind = Kind;
  New.Failures.Count = 1;
  New.Others = OfKind >= kMaxReasonsPerKind;
  New.Failures.Example = failureDetail(Kind, Reason, Log);
  New.Shape = Shape;
  New.FirstReason = Reason;
  New.LogShape = reasonShape(usefulLogLine(Log));
  if (New.Others)
    New.OtherShapes.insert(Shape);
  Groups.push_back(std::move(New));
}

std::vector<FailureGroup> FailureTally::groups() const {
  std::vector<FailureGroup> Result;
  for (const Group &G : Groups) {
    Result.push_back(G.Failures);
    if (G.OtherShapes.size() > 1)
      Result.back().Example = std::string(failureName(G.Failures.Kind)) + ", for " +
                              std::to_string(G.OtherShapes.size()) + " other reasons";
  }
  std::stable_sort(Result.begin(), Result.end(), [](const FailureGroup &A, const FailureGroup &B) {
    return A.Count != B.Count ? A.Count > B.Count : A.Kind < B.Kind;
  });
  return Result;
}

std::uint64_t FailureTally::total() const {
  std::uint64_t Total = 0;
  for (const Group &G : Groups)
    Total += G.Failures.Count;
  return Total;
}

} // namespace atfc
