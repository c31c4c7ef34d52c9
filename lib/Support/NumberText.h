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

/// Seconds rounded to whole nanoseconds, the clocks' resolution: a sum or
/// difference of clock readings (0.000823619 - 0.000580096) carries float
/// noise in its last bits that shortestText() would show
/// (0.00024352300000000005); rounded, it reads 0.000243523.
double wholeNanoseconds(double Seconds);

} // namespace atfc

#endif
