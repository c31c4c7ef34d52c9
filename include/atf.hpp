//===- atf.hpp - atfc's online C++ interface ---------------------*- C++ -*-===//
//
// The ATF slides' and cppATF's C++ interface on atfc's engine:
//
//   #include <atf.hpp>
//   auto WPT = atf::tuning_parameter("WPT", atf::interval<size_t>(1, N), atf::divides(N));
//   auto LS  = atf::tuning_parameter("LS", atf::interval<size_t>(1, N), atf::divides(N / WPT));
//   auto result = atf::tuner().tuning_parameters(WPT, LS)
//                             .search_technique(atf::auc_bandit())
//                             .tune(cost_function, atf::evaluations(50));
//
// Link the CMake target atfc::atf (find_package(atfc)). docs/cpp-api.md
// lists every name, cppATF's spellings beside atfc's. The OpenCL and CUDA
// cost functions (atf/opencl.hpp, atf/cuda.hpp) are always included, as
// cppATF's examples expect: they cost a program no OpenCL or CUDA library,
// since their kernels run in the worker atfc-device-worker.
//
//===----------------------------------------------------------------------===//
#ifndef ATF_HPP
#define ATF_HPP

#if __cplusplus < 202002L
// (Checked before any header: past this line C++17 meets hundreds of errors.)
#error "<atf.hpp> needs C++20: compile with -std=c++20 (atfc::atf's cxx_std_20 asks for it)"
#else

#include "atf/configuration.hpp"
#include "atf/cost_functions.hpp"
#include "atf/cuda.hpp"
#include "atf/opencl.hpp"
#include "atf/parameter.hpp"
#include "atf/search.hpp"
#include "atf/space.hpp"
#include "atf/tuner.hpp"

#endif
#endif
