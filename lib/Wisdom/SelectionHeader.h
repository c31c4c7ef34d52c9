//===- Wisdom/SelectionHeader.h - Wisdom as a C header ---------*- C++ -*-===//
//
// `<stem>_select.h`: the wisdom of a file (Wisdom.h) for C and C++
// programs, so that a program built once picks its configuration at run
// time by device and input size. It declares, all `static` (one copy per
// translation unit, no library to link):
//
//   typedef struct { long long WPT; ... } <stem>_config;   one member per
//       tuning parameter: long long, double, int for bool, const char *;
//   <stem>_wisdom[], <stem>_wisdom_size: the table of tuned entries
//       (device, family, the inputs, the configuration);
//   int <stem>_fits(<inputs>, const <stem>_config *): whether a
//       configuration satisfies the file's constraints at these inputs
//       (those written as C: SelectionConstraints.h);
//   <stem>_selection <stem>_select_fitting(<inputs>, const char *device):
//       the entry chosen, its configuration, and whether it fits;
//   size_t <stem>_select_index(<inputs>, const char *device);
//   <stem>_config <stem>_select(<inputs>, const char *device);
//
// where <inputs> are the file's positional inputs in declaration order with
// their declared types (bool as int, strings as const char *). Selection
// follows the rule of selectEntry (Wisdom.h) exactly, then takes of the
// entries it would consider the nearest that fits, else selectEntry's.
//
// Every name comes from a file that may be hostile (a wisdom file, a
// results database): each must pass Support/GeneratedName.h, an input's
// type must be one of the value types a positional input has, and every
// text (device names, string values) is a C string literal
// (Support/CStringLiteral.h), so that no name or value writes code.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_WISDOM_SELECTIONHEADER_H
#define ATFC_WISDOM_SELECTIONHEADER_H

#include "Wisdom/Wisdom.h"

#include <optional>
#include <string>

namespace atfc {

/// The C type of an input's parameter in <stem>_select(): the declared type
/// without `std::`, bool as int, strings as const char *; nullopt for a type
/// that is not one of a positional input's (an integer, floating-point,
/// bool or string type).
std::optional<std::string> selectionInputType(const std::string &DeclaredType);

/// Whether W's names and types can be written into a selection header
/// (GeneratedName.h; no two parameters or inputs of one name); an error
/// naming the name or type otherwise. With a Stem, input names must not
/// begin with the header's own `<Stem>_`, and Stem must make valid names.
Expected<void> checkSelectionNames(const Wisdom &W, const std::string &Stem = {});

/// The header's text for W with names made from Stem (a C identifier);
/// the error of checkSelectionNames. W must have at least one entry.
Expected<std::string> selectionHeader(const Wisdom &W, const std::string &Stem);

} // namespace atfc

#endif
