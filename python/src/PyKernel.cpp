//===- python/src/PyKernel.cpp - Kernels measured for Python --------------===//
//
// atfc.cost_functions.opencl and .cuda: a kernel measured as a generated
// tuner measures it, in atfc's device worker (the measurer of
// atf/device.hpp, which <atf.hpp>'s kernel cost functions use too): a
// kernel that does not build, that the device refuses, that crashes or
// hangs, or whose result differs from its gold is an invalid
// configuration, and the Python process loads no driver. Python hands over
// the kernel's arguments as NumPy's bytes and dtypes, its gold buffers,
// and its launch sizes as callables of a configuration (called with the
// interpreter lock held).
//
// Tested through test/python/test_kernels.py.
//
//===----------------------------------------------------------------------===//
#include "PyTuning.h"

#include "atf/opencl.hpp"

#include <pybind11/stl.h>

#include <map>

namespace atfc::python {

namespace {

/// A scalar argument of NumPy's dtype Code ("f4", "i8", ...) from its bytes.
KernelArgument scalarOf(const std::string &Code, const std::string &Bytes) {
  auto Make = [&](auto Zero) {
    decltype(Zero) V;
    if (Bytes.size() != sizeof(V))
      throw EngineError("a scalar kernel argument of dtype " + Code + " has " +
                        std::to_string(Bytes.size()) + " bytes");
    std::memcpy(&V, Bytes.data(), sizeof(V));
    return KernelArgument::scalar(V);
  };
  static const std::map<std::string, int> Codes = {{"i1", 0}, {"i2", 1}, {"i4", 2}, {"i8", 3},
                                                   {"u1", 4}, {"u2", 5}, {"u4", 6}, {"u8", 7},
                                                   {"f4", 8}, {"f8", 9}};
  switch (Codes.count(Code) ? Codes.at(Code) : -1) {
  case 0:
    return Make(std::int8_t());
  case 1:
    return Make(std::int16_t());
  case 2:
    return Make(std::int32_t());
  case 3:
    return Make(std::int64_t());
  case 4:
    return Make(std::uint8_t());
  case 5:
    return Make(std::uint16_t());
  case 6:
    return Make(std::uint32_t());
  case 7:
    return Make(std::uint64_t());
  case 8:
    return Make(float());
  case 9:
    return Make(double());
  default:
    throw EngineError("kernel arguments of dtype " + Code + " are not supported");
  }
}

KernelArgument bufferOf(const std::string &Code, std::uint64_t Count) {
  if (Code == "i1")
    return KernelArgument::buffer<std::int8_t>(Count);
  if (Code == "i2")
    return KernelArgument::buffer<std::int16_t>(Count);
  if (Code == "i4")
    return KernelArgument::buffer<std::int32_t>(Count);
  if (Code == "i8")
    return KernelArgument::buffer<std::int64_t>(Count);
  if (Code == "u1")
    return KernelArgument::buffer<std::uint8_t>(Count);
  if (Code == "u2")
    return KernelArgument::buffer<std::uint16_t>(Count);
  if (Code == "u4")
    return KernelArgument::buffer<std::uint32_t>(Count);
  if (Code == "u8")
    return KernelArgument::buffer<std::uint64_t>(Count);
  if (Code == "f4")
    return KernelArgument::buffer<float>(Count);
  if (Code == "f8")
    return KernelArgument::buffer<double>(Count);
  throw EngineError("kernel arguments of dtype " + Code + " are not supported");
}

/// The sizes Python computed, as the engine holds them: a negative one in
/// two's complement, as a C++ expression's (DeviceBackends/
/// LaunchSizeCheck.h refuses it by its value). One beyond 64 bits, which
/// the engine cannot hold, makes Problem say so, naming it (pybind11's
/// cast error ended tune()).
std::vector<std::uint64_t> launchSizes(const py::handle &Given, const char *What,
                                       std::string &Problem) {
  std::vector<std::uint64_t> Sizes;
  std::string Text;
  std::size_t Beyond = 0;
  for (py::handle S : Given) {
    const py::int_ Size = py::reinterpret_borrow<py::object>(S);
    int Overflow = 0;
    const long long Value = PyLong_AsLongLongAndOverflow(Size.ptr(), &Overflow);
    if (Value == -1 && PyErr_Occurred())
      throw py::error_already_set();
    if (Overflow != 0 && Beyond == 0)
      Beyond = Sizes.size() + 1;
    Sizes.push_back(Overflow != 0 ? 0 : static_cast<std::uint64_t>(Value));
    Text += (Text.empty() ? "" : ", ") + py::str(py::handle(Size)).cast<std::string>();
  }
  if (Beyond != 0 && Problem.empty())
    Problem = std::string("the ") + What + " (" + Text + ") does not fit in 64 bits in dimension " +
              std::to_string(Beyond) + " at this configuration; a size is at most 2^63 - 1";
  return Sizes;
}

std::vector<unsigned char> bytesOf(const py::bytes &B) {
  const std::string S = B;
  return std::vector<unsigned char>(S.begin(), S.end());
}

} // namespace

/// The measurer of a kernel of Space. Options: api ("opencl" or "cuda"),
/// code, file_name, kernel_name, platform_id, device_id (None: the
/// default), args (a list of (kind, dtype, count, bytes): kind "scalar"
/// or "buffer"), sizes (a callable of a configuration dict returning
/// (global or grid, local or block) as lists), check (None, or
/// (tolerance, [(index, gold bytes)])), warmups, evaluations, timeout (0:
/// the directives' default).
std::shared_ptr<ConfigurationMeasurer> kernelMeasurer(std::shared_ptr<ChainOfTrees> Space,
                                                      const py::dict &Options) {
  const bool OpenCL = Options["api"].cast<std::string>() == "opencl";
  auto Made = std::make_unique<atf::detail::kernel_measurer>();
  TuningSetup &S = Made->Setup;
  S.Kind = OpenCL ? MeasurementKind::OpenCL : MeasurementKind::CUDA;
  if (!Options["platform_id"].is_none())
    S.PlatformId = Options["platform_id"].cast<std::uint64_t>();
  if (!Options["device_id"].is_none())
    S.DeviceId = Options["device_id"].cast<std::uint64_t>();
  S.KernelName = Options["kernel_name"].cast<std::string>();
  // A string value is the define's text, as pyATF's -D NAME=VALUE.
  S.StringsAsText = true;
  if (!Options["warmups"].is_none())
    S.Warmups = Options["warmups"].cast<unsigned>();
  if (!Options["evaluations"].is_none())
    S.Repetitions = Options["evaluations"].cast<unsigned>();
  S.TimeoutSeconds = Options["timeout"].cast<double>();
  std::size_t Index = 0;
  for (py::handle A : Options["args"]) {
    py::tuple T = py::reinterpret_borrow<py::tuple>(A);
    const std::string Kind = T[0].cast<std::string>(), Code = T[1].cast<std::string>();
    if (Kind == "scalar") {
      S.Arguments.push_back(scalarOf(Code, T[3].cast<std::string>()));
    } else {
      KernelArgument B = bufferOf(Code, T[2].cast<std::uint64_t>());
      S.Arguments.push_back(
          B.withData(Made->write("input_" + std::to_string(Index) + ".bin", bytesOf(T[3])), 0, 0));
    }
    ++Index;
  }
  if (!Options["check"].is_none()) {
    py::tuple C = Options["check"].cast<py::tuple>();
    CheckSetup Check;
    Check.Kind = CheckAgainst::GoldFile;
    Check.Tolerance = C[0].cast<double>();
    std::vector<unsigned char> Gold;
    for (py::handle G : C[1]) {
      py::tuple T = py::reinterpret_borrow<py::tuple>(G);
      Check.Buffers.push_back(T[0].cast<unsigned>() + 1);
      const std::vector<unsigned char> Bytes = bytesOf(T[1]);
      Gold.insert(Gold.end(), Bytes.begin(), Bytes.end());
    }
    Check.GoldFile = Made->write("gold.bin", Gold);
    S.Check = Check;
  }
  auto Sizes = std::make_shared<PyRef>(Options["sizes"]);
  S.Launch = [Sizes, Space, OpenCL](std::span<const Value> Values, const DeviceLimits &) {
    py::gil_scoped_acquire Lock;
    const std::vector<Value> Copy(Values.begin(), Values.end());
    py::tuple Both = Sizes->Object(namedToDict(namedValuesOf(*Space, Copy)));
    LaunchDimensions D;
    D.Outer = launchSizes(Both[0], OpenCL ? "global size" : "grid", D.Problem);
    D.Inner = launchSizes(Both[1], OpenCL ? "local size" : "block", D.Problem);
    return D;
  };
  MeasurerContext Context;
  Context.FileName = Options["file_name"].cast<std::string>();
  Context.BlankedSource = Options["code"].cast<std::string>();
  Context.OutputDirectory = Made->Directory;
  Context.WorkerCommand = {atf::detail::device_worker_path(), DeviceWorkerFlag};
  Expected<std::unique_ptr<ConfigurationMeasurer>> Measurer = [&] {
    py::gil_scoped_release Unlocked;
    return makeMeasurer(S, Context);
  }();
  if (!Measurer)
    throw EngineError(std::string(OpenCL ? "the OpenCL" : "the CUDA") +
                      " cost function of kernel " + S.KernelName +
                      " cannot measure: " + Measurer.error().message());
  Made->Inner = Measurer.take();
  return std::shared_ptr<ConfigurationMeasurer>(std::move(Made));
}

void bindKernels(py::module_ &M) {
  M.def(
      "opencl_limits",
      [](std::uint64_t Platform, std::uint64_t Device) {
        DeviceLimits L;
        try {
          L = atf::detail::opencl_device_limits(Platform, Device);
        } catch (const atf::error &E) {
          throw EngineError(E.what());
        }
        py::dict D;
        D["max_work_group_size"] = L.MaxWorkGroupSize;
        D["max_work_item_sizes"] =
            std::vector<std::uint64_t>(L.MaxWorkItemSizes.begin(), L.MaxWorkItemSizes.end());
        D["local_mem_size"] = L.LocalMemorySize;
        return D;
      },
      py::arg("platform_id"), py::arg("device_id"));
}

} // namespace atfc::python
