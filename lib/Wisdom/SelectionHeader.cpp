//===- Wisdom/SelectionHeader.cpp - Wisdom as a C header -----------------===//
#include "Wisdom/SelectionHeader.h"

#include "Support/CStringLiteral.h"
#include "Support/GeneratedName.h"
#include "Wisdom/SelectionConstraints.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>

namespace atfc {

namespace {

bool isStringType(const std::string &CType) { return CType == "const char *"; }

/// Text for a line of the head comment: as it is when the escaper leaves it
/// alone, else as a C string literal (`*/`, a newline, `??/`).
std::string commentText(const std::string &Text) {
  std::string Literal = cStringLiteral(Text);
  return Literal.size() == Text.size() + 2 ? Text : Literal;
}

std::string cDouble(double V) {
  if (std::isnan(V))
    return "NAN";
  if (std::isinf(V))
    return V > 0 ? "INFINITY" : "(-INFINITY)";
  std::string Text = fmt::format("{}", V);
  if (Text.find_first_of(".en") == std::string::npos)
    Text += ".0";
  return Text;
}

std::string cValue(const Value &V) {
  if (const auto *I = std::get_if<std::int64_t>(&V)) {
    if (*I == std::numeric_limits<std::int64_t>::min())
      return "(-9223372036854775807LL - 1)";
    return fmt::format("{}LL", *I);
  }
  if (const auto *U = std::get_if<std::uint64_t>(&V)) {
    if (*U > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      return fmt::format("(long long){}ULL", *U);
    return fmt::format("{}LL", *U);
  }
  if (const auto *D = std::get_if<double>(&V))
    return cDouble(*D);
  if (const auto *B = std::get_if<bool>(&V))
    return *B ? "1" : "0";
  return cStringLiteral(std::get<std::string>(V));
}

const char *cMemberType(ValueKind Kind) {
  switch (Kind) {
  case ValueKind::Int:
  case ValueKind::UInt:
    return "long long";
  case ValueKind::Double:
    return "double";
  case ValueKind::Bool:
    return "int";
  case ValueKind::String:
    return "const char *";
  }
  return "long long";
}

/// `static inline int <Stem>_build_(<Stem>_config *, inputs..., size_t
/// near)`: when no tuned configuration fits these inputs, the one that
/// fits, built from the values any entry holds of each numeric or bool
/// parameter (strings stay the nearest entry's), nearest to the nearest
/// entry's configuration: the fewest parameters changed, then the smallest
/// product of <Stem>_ratio_ over them; ties: the first in the order of the
/// entries, the first parameter varying slowest. Writes it and returns 2;
/// 0 when none fits (after at most kMostBuildTries).
std::string builderFunction(const Wisdom &W, const std::string &Stem,
                            const std::string &InputParameters, const std::string &InputArguments) {
  constexpr std::uint64_t kMostBuildTries = 1000000;
  std::string Declarations, Gather, Loop, Set, Distance;
  std::vector<std::size_t> Varied;
  for (std::size_t P = 0; P < W.Parameters.size(); ++P)
    if (W.Parameters[P].Kind != ValueKind::String)
      Varied.push_back(P);
  if (Varied.empty()) {
    std::string H = fmt::format("/* No parameter to build a configuration from: 0. */\n"
                                "static inline int {0}_build_({0}_config *atfc_out, {1}size_t "
                                "atfc_near) {{\n  (void)atfc_out;\n  (void)atfc_near;\n",
                                Stem, InputParameters);
    for (const WisdomInput &I : W.Inputs)
      H += "  (void)" + I.Name + ";\n";
    return H + "  return 0;\n}\n\n";
  }
  const std::size_t Size = W.Entries.size() + 1;
  for (std::size_t V : Varied) {
    const WisdomParameter &P = W.Parameters[V];
    const std::string T = cMemberType(P.Kind);
    Declarations +=
        fmt::format("  {0} atfc_c{1}[{2}];\n  size_t atfc_n{1} = 0, atfc_i{1};\n", T, V, Size);
    Gather += fmt::format("    for (atfc_j = 0; atfc_j < atfc_n{0} && atfc_c{0}[atfc_j] != "
                          "atfc_e->{1}; ++atfc_j) {{}}\n"
                          "    if (atfc_j == atfc_n{0}) atfc_c{0}[atfc_n{0}++] = atfc_e->{1};\n",
                          V, P.Name);
    Loop += fmt::format("  for (atfc_i{0} = 0; atfc_i{0} < atfc_n{0}; ++atfc_i{0}) {{\n", V);
    Set += fmt::format("    atfc_try.{0} = atfc_c{1}[atfc_i{1}];\n", P.Name, V);
    Distance += fmt::format("    if (atfc_try.{0} != atfc_base.{0}) {{\n"
                            "      ++atfc_changed;\n"
                            "      atfc_ratio *= {1}_ratio_((double)atfc_try.{0}, "
                            "(double)atfc_base.{0});\n    }}\n",
                            P.Name, Stem);
  }
  std::string H =
      fmt::format("/* When no tuned configuration fits these inputs: the configuration that\n"
                  " * fits, built from the values any entry holds of each numeric or bool\n"
                  " * parameter (strings stay the nearest entry's), nearest to that of entry\n"
                  " * atfc_near (fewest parameters changed, then the smallest product of\n"
                  " * ratios; ties: the first in the entries' order); 2 when one was found\n"
                  " * (written to *atfc_out), else 0. At most {0} tries. */\n"
                  "static inline int {1}_build_({1}_config *atfc_out, {2}size_t atfc_near) {{\n"
                  "  const {1}_config atfc_base = {1}_wisdom[atfc_near].config;\n"
                  "  {1}_config atfc_try = atfc_base;\n"
                  "  size_t atfc_k, atfc_j, atfc_best_changed = 0;\n"
                  "  unsigned long atfc_tries = 0;\n"
                  "  double atfc_best_ratio = 0;\n  int atfc_found = 0;\n{3}"
                  "  for (atfc_k = 0; atfc_k < {1}_wisdom_size; ++atfc_k) {{\n"
                  "    const {1}_config *atfc_e = &{1}_wisdom[atfc_k].config;\n"
                  "    (void)atfc_e;\n    (void)atfc_j;\n{4}  }}\n",
                  kMostBuildTries, Stem, InputParameters, Declarations, Gather);
  H += Loop;
  H += "    size_t atfc_changed = 0;\n    double atfc_ratio = 1;\n";
  H += fmt::format("    if (++atfc_tries > {}UL) goto atfc_done;\n", kMostBuildTries);
  H += Set + Distance;
  H += fmt::format(
      "    if (!{0}_fits({1}&atfc_try)) continue;\n"
      "    if (!atfc_found || atfc_changed < atfc_best_changed ||\n"
      "        (atfc_changed == atfc_best_changed && atfc_ratio < atfc_best_ratio)) {{\n"
      "      atfc_found = 1;\n      *atfc_out = atfc_try;\n"
      "      atfc_best_changed = atfc_changed;\n      atfc_best_ratio = atfc_ratio;\n"
      "    }}\n",
      Stem, InputArguments);
  for (std::size_t I = 0; I < Varied.size(); ++I)
    H += "  }\n";
  H += "atfc_done:\n  return atfc_found ? 2 : 0;\n}\n\n";
  return H;
}

} // namespace

std::optional<std::string> selectionInputType(const std::string &DeclaredType) {
  std::string T = DeclaredType;
  for (std::size_t At; (At = T.find("std::")) != std::string::npos;)
    T.erase(At, 5);
  if (T == "bool")
    return "int";
  if (T == "string" || T == "const char *" || T == "char *")
    return "const char *";
  // The value types of a positional input (Invocation/PositionalInputs.h),
  // as C spells them: nothing else is pasted into the header.
  static const char *const Known[] = {
      "char",           "signed char",   "unsigned char", "short",
      "unsigned short", "int",           "unsigned",      "unsigned int",
      "long",           "unsigned long", "long long",     "unsigned long long",
      "size_t",         "ptrdiff_t",     "int8_t",        "int16_t",
      "int32_t",        "int64_t",       "uint8_t",       "uint16_t",
      "uint32_t",       "uint64_t",      "float",         "double",
      "long double"};
  for (const char *K : Known)
    if (T == K)
      return T;
  return std::nullopt;
}

Expected<void> checkSelectionNames(const Wisdom &W, const std::string &Stem) {
  if (!Stem.empty())
    if (std::string Why = generatedNameProblem(Stem + "_config"); !Why.empty())
      return Error("the header's prefix '" + nameForMessage(Stem) +
                   "' makes names that cannot be written into generated code (" + Why +
                   "); choose another with --prefix");
  std::vector<std::string> Names;
  for (const WisdomParameter &P : W.Parameters)
    Names.push_back(P.Name);
  if (std::string Why = generatedNamesProblem(Names, "tuning parameter"); !Why.empty())
    return Error(Why);
  Names.clear();
  for (const WisdomInput &I : W.Inputs) {
    Names.push_back(I.Name);
    if (!selectionInputType(I.Type))
      return Error("the input '" + nameForMessage(I.Name) + "' has the type '" +
                   nameForMessage(I.Type) +
                   "', which is not the type of a positional input (an integer, floating-point, "
                   "bool or string type)");
  }
  const std::string Own = Stem.empty() ? std::string() : Stem + "_";
  if (std::string Why = generatedNamesProblem(Names, "input", Own); !Why.empty())
    return Error(Why);
  return {};
}

Expected<std::string> selectionHeader(const Wisdom &W, const std::string &Stem) {
  if (Expected<void> Checked = checkSelectionNames(W, Stem); !Checked)
    return Checked.takeError();
  const std::string Guard = headerGuard(Stem, "select");
  const std::string Config = Stem + "_config";
  const std::string Entry = Stem + "_wisdom_entry";
  std::vector<std::string> Types;
  std::string InputParameters, InputArguments;
  for (const WisdomInput &I : W.Inputs) {
    Types.push_back(*selectionInputType(I.Type));
    InputParameters += Types.back() + (isStringType(Types.back()) ? "" : " ") + I.Name + ", ";
    InputArguments += I.Name + ", ";
  }
  Expected<FitsCode> Fits = fitsFunction(W, Stem, InputParameters);
  if (!Fits)
    return Fits.takeError();

  std::string H = fmt::format(
      "/* {0}_select.h: the best configurations atfc found for {1}, per device\n"
      " * and input set ({2} entries). Written by atfc; do not edit.\n"
      " *\n"
      " * {0}_select(inputs..., device) returns the configuration tuned on the\n"
      " * device named (NULL: any) for the nearest tuned inputs: devices named\n"
      " * exactly, else of the same vendor family, else any; then the fewest\n"
      " * differing string inputs, then the smallest product over the numeric\n"
      " * inputs of max(1+|a|, 1+|b|) / min(1+|a|, 1+|b|); ties: the first entry.\n"
      " * Of those it takes the nearest whose configuration fits the inputs (the\n"
      " * file's constraints at these inputs, {0}_fits()); when none fits, the\n"
      " * configuration that fits, built from the values tuned for any entry,\n"
      " * nearest to the nearest entry's (fewest parameters changed, then the\n"
      " * smallest product of ratios); else the nearest entry's.\n"
      " * {0}_select_fitting() says which (.fits). Valid C (C99) and C++.\n",
      Stem, cStringLiteral(W.File.substr(W.File.find_last_of('/') + 1)), W.Entries.size());
  if (!W.Constraints)
    H += " *\n * The wisdom does not hold the file's constraints (written before atfc\n"
         " * recorded them): every configuration is taken to fit.\n";
  if (!Fits->Checked.empty())
    H += " *\n * Constraints checked (C, as the tuner computes them):\n";
  for (const std::string &Line : Fits->Checked)
    H += " *   " + commentText(Line) + "\n";
  if (!Fits->Unchecked.empty())
    H += " *\n * Constraints not checked here (taken to hold; check them yourself):\n";
  for (const std::string &Line : Fits->Unchecked)
    H += " *   " + commentText(Line) + "\n";
  H += fmt::format(" */\n#ifndef {0}\n#define {0}\n\n#include <math.h>\n#include <stddef.h>\n"
                   "#include <stdint.h>\n#include <string.h>\n\n",
                   Guard);

  H += "typedef struct {\n";
  for (const WisdomParameter &P : W.Parameters)
    H += fmt::format("  {} {};\n", cMemberType(P.Kind), P.Name);
  if (W.Parameters.empty())
    H += "  int unused_;\n";
  H += fmt::format("}} {};\n\n", Config);

  H += "/* One tuned entry: the device, the inputs it was tuned for, the best\n"
       " * configuration found there. */\ntypedef struct {\n"
       "  const char *device;\n  const char *device_name;\n  const char *device_family;\n";
  for (std::size_t I = 0; I < W.Inputs.size(); ++I) {
    H += fmt::format("  {} in_{};\n", isStringType(Types[I]) ? "const char *" : "double",
                     W.Inputs[I].Name);
  }
  H += fmt::format("  {} config;\n}} {};\n\n", Config, Entry);

  H += fmt::format("static const {} {}_wisdom[] = {{\n", Entry, Stem);
  for (const WisdomEntry &E : W.Entries) {
    const std::string Name = wisdomDeviceName(E.Device);
    H += fmt::format("  {{{}, {}, {}", cStringLiteral(E.Device), cStringLiteral(Name),
                     cStringLiteral(wisdomDeviceFamily(Name)));
    for (std::size_t I = 0; I < W.Inputs.size(); ++I) {
      const std::string &Text = E.Arguments[W.Inputs[I].Argument - 1];
      if (isStringType(Types[I]))
        H += ", " + cStringLiteral(Text);
      else
        H += ", " + cDouble(numericInput(W.Inputs[I], Text).value_or(NAN));
    }
    H += ", {";
    for (std::size_t P = 0; P < E.Values.size(); ++P)
      H += (P ? ", " : "") + cValue(E.Values[P]);
    if (E.Values.empty())
      H += "0";
    H += "}},\n";
  }
  H += fmt::format("}};\nstatic const size_t {0}_wisdom_size = {1};\n\n", Stem, W.Entries.size());

  // The family rule of wisdomDeviceFamily, in C.
  H += fmt::format(
      "static inline int {0}_contains_(const char *text, const char *word) {{\n"
      "  size_t i, j;\n"
      "  for (i = 0; text[i]; ++i) {{\n"
      "    for (j = 0; word[j]; ++j) {{\n"
      "      char c = text[i + j];\n"
      "      if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');\n"
      "      if (c != word[j]) break;\n"
      "    }}\n"
      "    if (!word[j]) return 1;\n"
      "  }}\n"
      "  return 0;\n"
      "}}\n\n"
      "static inline const char *{0}_device_family(const char *name) {{\n"
      "  static const char *const words[][2] = {{\n"
      "    {{\"cpu\", \"cpu\"}}, {{\"pthread\", \"cpu\"}}, {{\"nvidia\", \"nvidia\"}},\n"
      "    {{\"geforce\", \"nvidia\"}}, {{\"quadro\", \"nvidia\"}}, {{\"tesla\", \"nvidia\"}},\n"
      "    {{\"amd\", \"amd\"}}, {{\"radeon\", \"amd\"}}, {{\"gfx\", \"amd\"}}, {{\"intel\", "
      "\"intel\"}},\n"
      "    {{\"apple\", \"apple\"}}, {{\"mali\", \"arm\"}}, {{\"adreno\", \"qualcomm\"}}}};\n"
      "  size_t k;\n"
      "  for (k = 0; k < sizeof words / sizeof words[0]; ++k)\n"
      "    if ({0}_contains_(name, words[k][0])) return words[k][1];\n"
      "  return \"\";\n"
      "}}\n\n"
      "static inline double {0}_ratio_(double a, double b) {{\n"
      "  double x = 1 + (a < 0 ? -a : a), y = 1 + (b < 0 ? -b : b);\n"
      "  if ((a < 0) != (b < 0)) return x * y;\n"
      "  return x > y ? x / y : y / x;\n"
      "}}\n\n",
      Stem);

  std::string Parameters, Arguments;
  for (std::size_t I = 0; I < W.Inputs.size(); ++I) {
    Parameters += Types[I] + (isStringType(Types[I]) ? "" : " ") + W.Inputs[I].Name + ", ";
    Arguments += W.Inputs[I].Name + ", ";
  }
  // The device's parameter, unless an input has that name.
  bool DeviceTaken = false;
  for (const WisdomInput &I : W.Inputs)
    DeviceTaken = DeviceTaken || I.Name == "device";
  const std::string Device = DeviceTaken ? "atfc_device" : "device";
  Parameters += "const char *" + Device;
  Arguments += Device;

  H += Fits->Code;
  H += builderFunction(W, Stem, InputParameters, InputArguments);
  H += fmt::format("/* What {0}_select_fitting() returns: the entry chosen, and whether its\n"
                   " * configuration fits these inputs: 1, a tuned configuration fits; 2,\n"
                   " * none does and config is built from the tuned values to fit, nearest to\n"
                   " * the nearest entry's; 0, nothing fits (config is the nearest entry's). */\n"
                   "typedef struct {{\n  {1} config;\n  size_t index;\n  int fits;\n}} "
                   "{0}_selection;\n\n",
                   Stem, Config);
  H += fmt::format(
      "/* The entry for these inputs on device: the nearest whose configuration\n"
      " * fits them, else the nearest with fits = 0. */\n"
      "static inline {4}_selection {4}_select_fitting({1}) {{\n"
      "  /* 0: the device named exactly, 1: its family, 2: any */\n"
      "  int atfc_tier = 2;\n  const char *atfc_family = \"\";\n"
      "  size_t atfc_k, atfc_best = 0, atfc_near = 0;\n  int atfc_found = 0, atfc_fits = 0;\n"
      "  size_t atfc_best_mismatches = 0, atfc_near_mismatches = 0;\n"
      "  double atfc_best_distance = 0, atfc_near_distance = 0;\n"
      "  {4}_selection atfc_chosen;\n"
      "  if ({3} && *{3}) {{\n"
      "    for (atfc_k = 0; atfc_k < {0}_wisdom_size; ++atfc_k)\n"
      "      if (!strcmp({0}_wisdom[atfc_k].device, {3}) ||\n"
      "          !strcmp({0}_wisdom[atfc_k].device_name, {3})) atfc_tier = 0;\n"
      "    if (atfc_tier != 0) {{\n"
      "      atfc_family = {0}_device_family({3});\n"
      "      for (atfc_k = 0; *atfc_family && atfc_k < {0}_wisdom_size; ++atfc_k)\n"
      "        if (!strcmp({0}_wisdom[atfc_k].device_family, atfc_family)) atfc_tier = 1;\n"
      "    }}\n"
      "  }}\n"
      "  for (atfc_k = 0; atfc_k < {0}_wisdom_size; ++atfc_k) {{\n"
      "    const {2} *atfc_e = &{0}_wisdom[atfc_k];\n"
      "    size_t atfc_mismatches = 0;\n    double atfc_distance = 1;\n"
      "    if (atfc_tier == 0 && strcmp(atfc_e->device, {3}) && "
      "strcmp(atfc_e->device_name, {3})) continue;\n"
      "    if (atfc_tier == 1 && strcmp(atfc_e->device_family, atfc_family)) continue;\n",
      Stem, Parameters, Entry, Device, Stem);
  for (std::size_t I = 0; I < W.Inputs.size(); ++I) {
    const std::string &Name = W.Inputs[I].Name;
    if (isStringType(Types[I]))
      H += fmt::format("    if (strcmp({0} ? {0} : \"\", atfc_e->in_{0})) ++atfc_mismatches;\n",
                       Name);
    else if (W.Inputs[I].Type == "bool")
      H += fmt::format("    atfc_distance *= {0}_ratio_({1} != 0, atfc_e->in_{1});\n", Stem, Name);
    else
      H += fmt::format("    atfc_distance *= {0}_ratio_((double){1}, atfc_e->in_{1});\n", Stem,
                       Name);
  }
  H += fmt::format("    if (!atfc_found || atfc_mismatches < atfc_near_mismatches ||\n"
                   "        (atfc_mismatches == atfc_near_mismatches && atfc_distance < "
                   "atfc_near_distance)) {{\n"
                   "      atfc_near = atfc_k;\n      atfc_near_mismatches = atfc_mismatches;\n"
                   "      atfc_near_distance = atfc_distance;\n    }}\n"
                   "    atfc_found = 1;\n"
                   "    if (!{0}_fits({1}&atfc_e->config)) continue;\n"
                   "    if (!atfc_fits || atfc_mismatches < atfc_best_mismatches ||\n"
                   "        (atfc_mismatches == atfc_best_mismatches && atfc_distance < "
                   "atfc_best_distance)) {{\n"
                   "      atfc_fits = 1;\n      atfc_best = atfc_k;\n"
                   "      atfc_best_mismatches = atfc_mismatches;\n"
                   "      atfc_best_distance = atfc_distance;\n    }}\n  }}\n"
                   "  atfc_chosen.index = atfc_fits ? atfc_best : atfc_near;\n"
                   "  atfc_chosen.config = {0}_wisdom[atfc_chosen.index].config;\n"
                   "  atfc_chosen.fits = atfc_fits;\n"
                   "  if (!atfc_fits && atfc_found)\n"
                   "    atfc_chosen.fits = {0}_build_(&atfc_chosen.config, {1}atfc_near);\n"
                   "  return atfc_chosen;\n}}\n\n",
                   Stem, InputArguments);
  H += fmt::format("/* The index in {1}_wisdom of the entry for these inputs on device (NULL:\n"
                   " * any): that of {1}_select_fitting(). */\n"
                   "static inline size_t {1}_select_index({2}) {{\n"
                   "  return {1}_select_fitting({3}).index;\n}}\n\n"
                   "/* The best known configuration for these inputs on device (NULL: any)\n"
                   " * that fits them, else the nearest's: {1}_select_fitting() says which. */\n"
                   "static inline {0} {1}_select({2}) {{\n"
                   "  return {1}_select_fitting({3}).config;\n}}\n\n#endif\n",
                   Config, Stem, Parameters, Arguments);
  return H;
}

} // namespace atfc
