//===- Results/PythonJson.h - JSON as Kernel Tuner writes it ----*- C++ -*-===//
//
// Kernel Tuner writes its caches and T4 files with Python's json module,
// whose text is JSON but for two habits that nlohmann refuses and Kernel
// Tuner itself reads: the words NaN, Infinity and -Infinity for floats
// (a GFLOP/s of a time of 0), and a cache left open while tuning (it is
// appended to entry by entry and closed when tuning ends). These turn such
// text into JSON, before the one JSON reader (Support/BoundedJson.h) sees
// it; text that is JSON already comes back unchanged.
//
// Tested through KernelTunerCacheTest.cpp
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_PYTHONJSON_H
#define ATFC_RESULTS_PYTHONJSON_H

#include <string>

namespace atfc {

/// Text with each NaN, Infinity and -Infinity outside strings made the
/// string "NaN", "Infinity" or "-Infinity", which the readers take as no
/// number (isPythonNonFinite).
std::string withPythonNonFiniteAsText(std::string Text);

/// Whether Text is one of the strings withPythonNonFiniteAsText makes.
bool isPythonNonFinite(const std::string &Text);

/// A Kernel Tuner cache left open (ending in an entry's comma, or in the
/// header's "cache": {) closed as Kernel Tuner closes it; any other text
/// as it is. Text that ends so is no JSON: nothing valid is changed.
std::string closedKernelTunerCache(std::string Text);

} // namespace atfc

#endif
