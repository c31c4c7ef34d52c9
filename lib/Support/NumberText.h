//===- Support/NumberText.h - Numbers as the shortest exact text -*- C++ -*-===//
//
// Every number atfc writes for a reader (costs, technique arguments, CSV,
// messages) is written here: the shortest text that reads back as exactly
// the same double, so that a printed value can be pasted back and two
// different costs never print alike.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_NUMBERTEXT_H
#define ATFC_SUPPORT_NUMBERTEXT_H

#include <string>

namespace atfc {

/// X in its shortest form that reads back exactly: "0.2", "20", "1e-06",
/// "inf", "-inf", "nan".
std::string shortestText(double X);

} // namespace atfc

#endif
