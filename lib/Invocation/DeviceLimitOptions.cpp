//===- Invocation/DeviceLimitOptions.cpp - --device-limit NAME=VALUE --------===//
#include "Invocation/DeviceLimitOptions.h"

#include "Invocation/CommandLine.h"
#include "Invocation/PositionalInputs.h"
#include "Support/Suggestions.h"

#include <fmt/format.h>

#include <algorithm>

namespace atfc {
namespace {

/// One ATF_DEVICE_LIMIT line: where the value goes in DeviceLimits.
struct LimitEntry {
  std::string_view Backend;
  std::string_view Name;
  std::uint64_t &(*Field)(DeviceLimits &);
};

const std::vector<LimitEntry> &limitTable() {
  static const std::vector<LimitEntry> Table = {
#define ATF_DEVICE_LIMIT(Backend, Name, Field)                                                     \
  {#Backend, #Name, [](DeviceLimits &L) -> std::uint64_t & { return L.Field; }},
#include "Language/Language.def"
  };
  return Table;
}

std::string joined(const std::vector<std::string> &Names) {
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "" : ", ") + N;
  return Out;
}

std::string backendName(std::string_view Backend) {
  return Backend == "ocl" ? "OpenCL" : Backend == "cuda" ? "CUDA" : std::string(Backend);
}

} // namespace

std::vector<std::string> deviceLimitNames(std::string_view Backend) {
  std::vector<std::string> Names;
  for (const LimitEntry &E : limitTable())
    if (Backend.empty() || E.Backend == Backend)
      Names.emplace_back(E.Name);
  std::sort(Names.begin(), Names.end());
  Names.erase(std::unique(Names.begin(), Names.end()), Names.end());
  return Names;
}

std::pair<std::string, std::uint64_t> deviceLimitOptionValue(std::string_view Text) {
  const std::size_t Equals = Text.find('=');
  if (Equals == std::string_view::npos)
    refuseOptionValue(fmt::format("option '--device-limit' needs NAME=VALUE, not '{}'", Text));
  const std::string Name(Text.substr(0, Equals));
  const std::string_view ValueText = Text.substr(Equals + 1);
  const std::vector<std::string> Names = deviceLimitNames();
  if (!std::binary_search(Names.begin(), Names.end(), Name)) {
    std::string Message = fmt::format("--device-limit: unknown device limit '{}'", Name);
    if (const std::string_view Close = closestSpelling(Name, Names); !Close.empty())
      Message += fmt::format("; did you mean '{}'?", Close);
    refuseOptionValue(Message + " (device limits: " + joined(Names) + ")");
  }
  std::uint64_t Value = 0;
  if (parseArgument(ValueText, Value) != ArgumentProblem::None || Value == 0)
    refuseOptionValue(fmt::format("--device-limit {} needs a whole number from 1 to {}, not '{}'",
                                  Name, UINT64_MAX, ValueText));
  return {Name, Value};
}

Expected<DeviceLimits> applyDeviceLimits(DeviceLimits Limits, std::string_view Backend,
                                         const GivenDeviceLimits &Given) {
  // Which name set each field, to refuse two names of one limit that differ.
  std::map<const std::uint64_t *, std::string> SetBy;
  for (const auto &[Name, Value] : Given) {
    const auto Entry =
        std::find_if(limitTable().begin(), limitTable().end(),
                     [&](const LimitEntry &E) { return E.Backend == Backend && E.Name == Name; });
    if (Entry == limitTable().end())
      return Error(fmt::format("--device-limit {} is no {} device limit; the file's are: {}", Name,
                               backendName(Backend), joined(deviceLimitNames(Backend))));
    std::uint64_t &Field = Entry->Field(Limits);
    if (auto Earlier = SetBy.find(&Field); Earlier != SetBy.end() && Field != Value)
      return Error(fmt::format("--device-limit {}={} and {}={} give one {} limit two values",
                               Earlier->second, Field, Name, Value, backendName(Backend)));
    Field = Value;
    SetBy[&Field] = Name;
  }
  return Limits;
}

std::vector<std::string> missingDeviceLimits(const std::vector<std::string> &Named,
                                             const GivenDeviceLimits &Given) {
  std::vector<std::string> Missing;
  for (const std::string &N : Named)
    if (!Given.contains(N))
      Missing.push_back(N);
  return Missing;
}

} // namespace atfc
