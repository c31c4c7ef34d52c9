//===- python/src/PyTuning.h - The tuning loop for Python -------*- C++ -*-===//
//
// Python's atfc.Tuner runs Online/OnlineTuning.h's loop: whole (tune())
// or a step at a time (make_step()). What measures is a Python callable
// (the cost function, called with the interpreter lock held around the
// call only) or one of atfc's backends (atfc.cost_functions.generic: the
// script backend), whose every result is handed to Python afterwards so
// that its TuningData and user-defined abort conditions see it. A Python
// exception inside a cost function stops the run; Python raises it again
// once the loop has ended and its results are written.
//
// Tested through test/python (the package's pytest suite).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_PYTHON_PYTUNING_H
#define ATFC_PYTHON_PYTUNING_H

#include "Backends/ConfigurationMeasurer.h"
#include "Online/OnlineTuning.h"

#include <pybind11/pybind11.h>

#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace atfc::python {

namespace py = pybind11;

/// An error of the engine (a results directory that cannot be opened, a
/// technique's text it does not know): atfc._atfc.Error in Python.
struct EngineError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A Python object that the engine may drop without the interpreter lock
/// (a technique or abort condition ends on the engine's side).
struct PyRef {
  explicit PyRef(py::object O) : Object(std::move(O)) {}
  ~PyRef() {
    py::gil_scoped_acquire Lock;
    Object = py::object();
  }
  py::object Object;
};

/// A configuration's values by name, as Python values.
py::dict namedToDict(const ParameterValues &Values);

void bindAbortConditions(py::module_ &M);
void bindMeasurers(py::module_ &M);
/// The device queries (PyKernel.cpp).
void bindKernels(py::module_ &M);
/// The measurer of a kernel of Space, measured in atfc's device worker
/// (PyKernel.cpp; its options there).
std::shared_ptr<ConfigurationMeasurer> kernelMeasurer(std::shared_ptr<ChainOfTrees> Space,
                                                      const py::dict &Options);

/// What a program's technique raised where the engine could not pass it on.
struct FinalizeError;

class PyTuning {
public:
  /// Options: technique (text or None), own_technique (an object with
  /// pyATF's technique methods, or None) and own_kind ("coordinates" or
  /// "indices"), abort (atfc._atfc.Abort or None), seed, program_name,
  /// results ("" for none), verbose, silent; measure (a callable of a
  /// configuration returning (valid, costs, reason, log), or None to stop
  /// the run; a valid one's log says what the Python cost was, for a
  /// later run that reuses it: tuner.py's _cost_log) or measurer (an
  /// atfc._atfc.Measurer) with observe (called with the configuration,
  /// valid, costs and reason of each measurement).
  PyTuning(std::shared_ptr<ChainOfTrees> Space, const py::dict &Options);
  ~PyTuning();

  /// Measures until the abort condition holds or a cost function raises.
  /// Whether a signal stopped it.
  bool run();
  /// Program-guided: the next configuration, or None when there is none.
  py::object next();
  /// Records the measurement of the configuration next() returned; Log: a
  /// valid one's, as measure's.
  void report(bool Valid, std::vector<double> Costs, std::string Reason, std::string Log);
  void finish();
  /// evaluations, valid_evaluations, seconds, stalled (Exploration::stallMessage:
  /// "" for a run that did not stall),
  /// space_size, best_cost,
  /// best_configuration, improvements.
  py::dict status() const;
  /// Every evaluation recorded, numbered after AfterEvaluation:
  /// (timestamp, configuration, valid, costs, reason, number, reused, log).
  py::list evaluations(std::int64_t AfterEvaluation);
  std::string resultsDirectory() const;
  /// Ends the run for good: finishes it where it began and did not end,
  /// removes its temporary directory, and drops the cost function and
  /// observer, which refer back to the Python objects that hold this one
  /// (a cycle through a native object, which Python's collector cannot
  /// see: without close(), the run and its directory lived until the
  /// process ended). Every later call but close() raises. Raises what the
  /// program's technique's finalize() raised.
  void close();
  /// Closes every run not running now, as the interpreter exits (atexit):
  /// one that a cycle through a native object kept (a constraint or cost
  /// function that refers to its tuner) would otherwise never end.
  static void closeOpenRuns();

private:
  /// The runs constructed and not closed.
  static std::vector<PyTuning *> &openRuns();
  /// The run, or an error saying that it was closed.
  online::OnlineTuning &open() const;
  void release();

  class Measurer;
  std::shared_ptr<ChainOfTrees> Space;
  /// What the program's technique's finalize() raised, for close().
  std::shared_ptr<FinalizeError> Finalized;
  std::unique_ptr<Measurer> Measure;
  std::unique_ptr<online::OnlineTuning> Tuning;
  /// Inside run() (changed with the interpreter lock held).
  bool Running = false;
};

} // namespace atfc::python

#endif
