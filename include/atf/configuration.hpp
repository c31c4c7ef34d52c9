//===- atf/configuration.hpp - A configuration as a program sees it -*- C++ -*-===//
//
// cppATF's configuration: the parameters' values by name, each converting
// to the type the program asks for (`size_t B = config["BLOCK"].value();`)
// and printing as it reads (`WPT=4`). What tune() returns as the best, and
// what a cost function is called with.
//
//===----------------------------------------------------------------------===//
#ifndef ATF_CONFIGURATION_HPP
#define ATF_CONFIGURATION_HPP

#include "atf/parameter.hpp"

#include "SearchSpace/Configuration.h"
#include "SearchSpace/Value.h"

#include <map>
#include <ostream>
#include <string>
#include <type_traits>
#include <variant>

namespace atf {

/// One parameter's value, converting to any arithmetic type or a string.
class value_type {
public:
  value_type() = default;
  explicit value_type(atfc::Value V) : V(std::move(V)) {}
  template <class T>
  requires std::is_arithmetic_v<T>
  operator T() const {
    return std::visit(
        [](const auto &X) -> T {
          using X_t = std::decay_t<decltype(X)>;
          if constexpr (std::is_same_v<X_t, std::string>)
            throw error("a string parameter value cannot be read as a number: " + X);
          else
            return static_cast<T>(X);
        },
        V);
  }
  operator std::string() const { return atfc::toString(V); }
  const atfc::Value &engine_value() const { return V; }
  friend std::ostream &operator<<(std::ostream &Out, const value_type &X) {
    return Out << atfc::toString(X.V);
  }
  friend bool operator==(const value_type &, const value_type &) = default;

private:
  atfc::Value V;
};

/// A parameter's name and its value in a configuration.
class tp_value {
public:
  tp_value() = default;
  tp_value(std::string Name, atfc::Value V) : Name(std::move(Name)), Value(std::move(V)) {}
  const std::string &name() const { return Name; }
  const value_type &value() const { return Value; }
  template <class T>
  requires std::is_arithmetic_v<T>
  operator T() const { return static_cast<T>(Value); }
  operator std::string() const { return static_cast<std::string>(Value); }
  friend std::ostream &operator<<(std::ostream &Out, const tp_value &X) { return Out << X.Value; }
  friend bool operator==(const tp_value &, const tp_value &) = default;

private:
  std::string Name;
  value_type Value;
};

/// Every parameter's value, by name.
class configuration : public std::map<std::string, tp_value> {
public:
  configuration() = default;
  explicit configuration(const atfc::ParameterValues &Values) {
    for (const atfc::NamedValue &V : Values)
      emplace(V.Name, tp_value(V.Name, V.Val));
  }
  /// The value of parameter Name; an error for a name it does not have.
  const tp_value &operator[](const std::string &Name) const {
    auto Found = find(Name);
    if (Found == end())
      throw error("the configuration has no tuning parameter " + Name);
    return Found->second;
  }
  friend std::ostream &operator<<(std::ostream &Out, const configuration &C) {
    const char *Separator = "";
    for (const auto &[Name, V] : C) {
      Out << Separator << Name << '=' << V;
      Separator = " ";
    }
    return Out;
  }
};

} // namespace atf

#endif
