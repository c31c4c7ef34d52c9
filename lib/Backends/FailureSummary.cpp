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

void FailureTally::add(FailureKind Kind, std::string_view Reason, std::string_view Log) {
  if (Kind == FailureKind::None)
    return;
  FailureGroup &Group = ByKind[static_cast<std::size_t>(Kind)];
  if (Group.Count++ == 0) {
    Group.Kind = Kind;
    Group.Example = failureDetail(Kind, Reason, Log);
  }
}

std::vector<FailureGroup> FailureTally::groups() const {
  std::vector<FailureGroup> Groups;
  for (const FailureGroup &Group : ByKind)
    if (Group.Count > 0)
      Groups.push_back(Group);
  std::stable_sort(Groups.begin(), Groups.end(),
                   [](const FailureGroup &A, const FailureGroup &B) { return A.Count > B.Count; });
  return Groups;
}

std::uint64_t FailureTally::total() const {
  std::uint64_t Total = 0;
  for (const FailureGroup &Group : ByKind)
    Total += Group.Count;
  return Total;
}

} // namespace atfc
