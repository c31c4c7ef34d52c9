//===- Invocation/TunerInvocation.h - atfc's options as one value --*- C++ -*-===//
//
// atfc hands its tuner every option as one value, `--invocation JSON`, the
// TunerOptions themselves serialised: nothing is spelled twice, so an option
// that atfc knows cannot be lost or misread on the way (a program argument
// that looks like an option, a value with spaces or quotes). Header-only so
// that atfc, which never links the runtime's backends, shares it.
//
// Tested through TunerCommandLineTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_INVOCATION_TUNERINVOCATION_H
#define ATFC_INVOCATION_TUNERINVOCATION_H

#include "Invocation/TunerCommandLine.h"
#include "Support/BoundedJson.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// The tuner option that carries a serialised TunerOptions.
inline constexpr std::string_view kInvocationOption = "--invocation";

inline const char *tunerModeName(TunerMode Mode) {
  switch (Mode) {
  case TunerMode::Space:
    return "space";
  case TunerMode::Tune:
    return "tune";
  case TunerMode::Replay:
    return "replay";
  case TunerMode::Devices:
    return "devices";
  }
  return "space";
}

/// Options as one JSON value. Help is not part of it (atfc handles --help).
inline std::string toInvocation(const TunerOptions &O) {
  nlohmann::json J = {{"mode", tunerModeName(O.Mode)},
                      {"json", O.Json},
                      {"list", O.List},
                      {"threads", O.Threads},
                      {"repetitions", O.Repetitions},
                      {"output", O.OutputDirectory},
                      {"blanked", O.BlankedSource},
                      {"technique", O.Technique},
                      {"abort_condition", O.AbortCondition},
                      {"resume", O.Resume},
                      {"verbose", O.Verbose},
                      {"inputs_key", O.InputsKey},
                      {"fresh", O.Fresh},
                      {"space_identity", O.SpaceIdentity},
                      {"fixed", O.Fixed},
                      {"replay_arguments", O.ReplayArguments},
                      {"device_limits", O.DeviceLimits}};
  nlohmann::json Priors = nlohmann::json::array();
  for (const PriorData &P : O.Priors)
    Priors.push_back({{"path", P.Path}, {"run", P.Run}});
  J["priors"] = std::move(Priors);
  J["seed"] = O.Seed ? nlohmann::json(*O.Seed) : nlohmann::json(nullptr);
  J["compile_ahead"] = O.CompileAhead ? nlohmann::json(*O.CompileAhead) : nlohmann::json(nullptr);
  // Throws for text that is not UTF-8 (JSON holds only UTF-8); the tuned
  // program's arguments, which may be any bytes, travel after `--` instead.
  return J.dump(-1, ' ', false, nlohmann::json::error_handler_t::strict);
}

/// The tuner's command line (without the program name) for O: the
/// invocation value, then `--` and the tuned program's arguments as they
/// are. parseTunerCommandLine() reads it back to O.
inline std::vector<std::string> tunerCommandLine(const TunerOptions &O) {
  std::vector<std::string> Args = {std::string(kInvocationOption), toInvocation(O), "--"};
  Args.insert(Args.end(), O.Arguments.begin(), O.Arguments.end());
  return Args;
}

/// The options an invocation value holds, or why it is not one (a tuner of
/// another atfc version, a hand-written mistake).
inline Expected<TunerOptions> fromInvocation(std::string_view Text) {
  const std::string NotOurs = "the invocation value is not one of this tuner: ";
  // nlohmann's parse(), at() and get<>() throw on text that is not JSON, a
  // missing key or a value of the wrong type: the library's own way to
  // say the value is not an invocation.
  try {
    Expected<nlohmann::json> Parsed = parseBoundedJson<nlohmann::json>(Text);
    if (!Parsed)
      return Error(NotOurs + Parsed.error().message());
    const nlohmann::json &J = *Parsed;
    TunerOptions O;
    const std::string Mode = J.at("mode").get<std::string>();
    if (Mode == "tune")
      O.Mode = TunerMode::Tune;
    else if (Mode == "replay")
      O.Mode = TunerMode::Replay;
    else if (Mode == "space")
      O.Mode = TunerMode::Space;
    else if (Mode == "devices")
      O.Mode = TunerMode::Devices;
    else
      return Error(NotOurs + "unknown mode '" + Mode + "'");
    O.Json = J.at("json").get<bool>();
    O.List = J.at("list").get<std::uint64_t>();
    O.Threads = J.at("threads").get<unsigned>();
    O.Repetitions = J.at("repetitions").get<unsigned>();
    O.OutputDirectory = J.at("output").get<std::string>();
    O.BlankedSource = J.at("blanked").get<std::string>();
    O.Technique = J.at("technique").get<std::string>();
    O.AbortCondition = J.at("abort_condition").get<std::string>();
    if (!J.at("seed").is_null())
      O.Seed = J.at("seed").get<std::uint64_t>();
    O.Resume = J.at("resume").get<bool>();
    O.Verbose = J.at("verbose").get<bool>();
    O.InputsKey = J.at("inputs_key").get<std::string>();
    O.Fresh = J.at("fresh").get<bool>();
    if (!J.at("compile_ahead").is_null())
      O.CompileAhead = J.at("compile_ahead").get<unsigned>();
    O.SpaceIdentity = J.at("space_identity").get<std::string>();
    O.Fixed = J.at("fixed").get<std::vector<std::string>>();
    O.ReplayArguments = J.at("replay_arguments").get<std::vector<std::string>>();
    O.DeviceLimits = J.at("device_limits").get<GivenDeviceLimits>();
    for (const nlohmann::json &P : J.at("priors"))
      O.Priors.push_back({P.at("path").get<std::string>(), P.at("run").get<std::int64_t>()});
    return O;
  } catch (const nlohmann::json::exception &E) {
    return Error(NotOurs + E.what());
  }
}

} // namespace atfc

#endif
