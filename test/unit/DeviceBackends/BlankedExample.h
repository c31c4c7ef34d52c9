//===- BlankedExample.h - An example as atfc hands it to a backend -*- C++ -*-===//
//
// The backend tests compile the shipped examples as a tuner would: with
// their directive lines blank, so that line numbers stay the user's.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_UNIT_DEVICEBACKENDS_BLANKEDEXAMPLE_H
#define ATFC_TEST_UNIT_DEVICEBACKENDS_BLANKEDEXAMPLE_H

#include <fstream>
#include <string>

namespace atfc {

/// The file at Path with its directive lines blank (a directive continues
/// on the next line after a backslash).
inline std::string blankedExample(const std::string &Path) {
  std::ifstream In(Path);
  std::string Line, Text;
  bool Continues = false;
  while (std::getline(In, Line)) {
    bool Directive = Continues || Line.rfind("#atf::", 0) == 0;
    Continues = Directive && !Line.empty() && Line.back() == '\\';
    Text += (Directive ? "" : Line) + "\n";
  }
  return Text;
}

} // namespace atfc

#endif
