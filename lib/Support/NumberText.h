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

/// X rounded to 15 significant digits, the most a double holds exactly: a
/// mean's division leaves noise in the last bits of the quotient that
/// shortestText() would show (the mean of 14206, 14206, 14206, 14206 and
/// 14207 ns is 1.4206200000000001e-05); rounded, it reads 1.42062e-05. The
/// change is below one part in 10^15, far below any measurement's noise.
double fifteenDigits(double X);

} // namespace atfc

#endif
