//===- Tuning/ProgressLine.cpp - What a run is doing, on a terminal ------===//
#include "Tuning/ProgressLine.h"

#include "Results/RunObjectives.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <ostream>

namespace atfc {

std::string formatDuration(double Seconds) {
  const auto S = static_cast<long long>(std::llround(std::max(0.0, Seconds)));
  if (S >= 3600)
    return fmt::format("{}:{:02}:{:02}", S / 3600, S / 60 % 60, S % 60);
  return fmt::format("{}:{:02}", S / 60, S % 60);
}

std::string formatCost(const Cost &C) {
  std::string Text;
  for (std::size_t I = 0; I < C.size(); ++I)
    Text += (I ? ", " : "") + fmt::format("{}", C[I]); // shortest that reads back exactly
  return Text;
}

std::string progressText(const ProgressState &S) {
  // Evaluations are measured configurations; those prepared ahead are
  // counted apart, as the abort condition may discard them.
  std::string Text = fmt::format(
      "[{} evaluations, {} valid, {} invalid{}] best {}  {} elapsed", S.Evaluations, S.Valid,
      S.Evaluations - S.Valid, S.Ahead ? fmt::format("; {} ahead", S.Ahead) : "",
      S.Best ? formatNamedCost(*S.Best, S.Objectives) : "-", formatDuration(S.ElapsedSeconds));
  // The ETA extrapolates the abort condition's progress linearly; only
  // meaningful once there is some.
  if (S.Progress > 0.01 && S.Progress < 1)
    Text += ", ETA " + formatDuration(S.ElapsedSeconds / S.Progress * (1 - S.Progress));
  return Text;
}

void ProgressLine::update(const ProgressState &S) {
  if (!Enabled)
    return;
  const double Now =
      std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  if (LastDraw >= 0 && Now - LastDraw < 0.1)
    return;
  LastDraw = Now;
  const std::string Text = progressText(S);
  Out << '\r' << Text;
  if (Text.size() < Width)
    Out << std::string(Width - Text.size(), ' ');
  Width = Text.size();
  Out.flush();
}

void ProgressLine::clear() {
  if (!Enabled || Width == 0)
    return;
  Out << '\r' << std::string(Width, ' ') << '\r';
  Out.flush();
  Width = 0;
  LastDraw = -1;
}

} // namespace atfc
