//===- ScopedEnvironment.h - An environment variable for one scope -*- C++ -*-===//
//
// Sets (or unsets) an environment variable while the object lives and
// restores what was there when it goes, also when a failed assertion ends
// the test early: the next test in the same process sees the environment
// it started with.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_UNIT_SCOPEDENVIRONMENT_H
#define ATFC_TEST_UNIT_SCOPEDENVIRONMENT_H

#include <cstdlib>
#include <optional>
#include <string>

namespace atfc::test {

/// Name set to Value (unset where Value is null) while it lives.
class ScopedEnvironment {
public:
  ScopedEnvironment(const char *Name, const char *Value) : Name(Name) {
    if (const char *Old = std::getenv(Name))
      Saved = Old;
    if (Value)
      ::setenv(Name, Value, 1);
    else
      ::unsetenv(Name);
  }
  ~ScopedEnvironment() {
    if (Saved)
      ::setenv(Name, Saved->c_str(), 1);
    else
      ::unsetenv(Name);
  }
  ScopedEnvironment(const ScopedEnvironment &) = delete;
  ScopedEnvironment &operator=(const ScopedEnvironment &) = delete;

private:
  const char *Name;
  std::optional<std::string> Saved;
};

} // namespace atfc::test

#endif // ATFC_TEST_UNIT_SCOPEDENVIRONMENT_H
