//===- Support/Error.h - The one error type of atfc -------------*- C++ -*-===//
//
// A function that can fail returns Expected<T> (Expected<void> when it has
// no value): the value, or an Error, which is a Diagnostic of severity error.
// Both are [[nodiscard]], so a failure cannot be dropped by accident.
// Libraries never print, throw for validation or exit: they return an Error
// and the tool's main() decides what to do with it (its DiagnosticSink
// prints it). Written here because the runtime, which never links LLVM,
// cannot use llvm::Expected, and the toolchain (GCC 12, C++20) has no
// std::expected. scripts/lint-one-error-type (a ctest) refuses any other
// result type.
//
// What is still an exception, and why (scripts/lint-one-error-type
// refuses any other throw in lib/, runtime/ and tools/):
// - Running out of a resource: std::bad_alloc, and SpaceTooLarge (a space
//   whose store would not fit the memory limit; SearchSpace/StoreEstimate.h)
//   are thrown from deep inside generation and end it.
// - The user's own code: what a constraint (or a range's generator) throws
//   inside the generated tuner crosses oneTBB's tasks to the one handler in
//   runtime/TunerMain.cpp ("generating the search space failed: ...").
// - Third-party libraries that report by exception (nlohmann::json's
//   parse, at(), get<>(), CLI11, oneTBB): caught where they are called and
//   turned into an Error. CLI11 takes a bad value from an option's
//   callback only as CLI::ValidationError: Invocation/CommandLine.cpp
//   throws it there, and returns it from the parse as an Error.
// What is not:
// - A range that cannot be built (SearchSpace/Range.h: "interval: step must
//   be positive", ...) carries its failure; generation returns it as an
//   Error at the range, before any work (SearchSpace/GroupGenerator.h).
// - The recursive-descent parsers of lib/Search return their first error.
// - Misuse of an API, a bug of its caller (a report of a configuration
//   next() never returned, coordinates of the wrong dimension, an index
//   outside the space): reportBug() (Support/Bug.h) says so and aborts.
//   Callers check the user's input before, and return an Error for it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_ERROR_H
#define ATFC_SUPPORT_ERROR_H

#include "Support/Diagnostic.h"

#include <cassert>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace atfc {

class [[nodiscard]] Error {
public:
  /// A failure not tied to a place in a file.
  explicit Error(std::string Message) { D.Message = std::move(Message); }
  /// A failure at a place in the user's file.
  Error(SourceLocation Where, std::string Message) {
    D.Location = std::move(Where);
    D.Message = std::move(Message);
  }
  explicit Error(Diagnostic Diag) : D(std::move(Diag)) { D.Level = Severity::Error; }

  const std::string &message() const { return D.Message; }
  const SourceLocation &location() const { return D.Location; }
  const Diagnostic &diagnostic() const { return D; }

  /// This error with a note, for chaining: `return Error(...).note(...)`.
  Error &&note(std::string Message) && {
    Diagnostic N;
    N.Level = Severity::Note;
    N.Message = std::move(Message);
    D.Notes.push_back(std::move(N));
    return std::move(*this);
  }
  /// This error with Context in front of its message ("reading 'x': ...").
  Error &&context(const std::string &Context) && {
    D.Message = Context + ": " + D.Message;
    return std::move(*this);
  }
  Error &&withFixIt(std::string Text) && {
    D.FixIt = std::move(Text);
    return std::move(*this);
  }

private:
  Diagnostic D;
};

template <class T> class [[nodiscard]] Expected {
  static_assert(!std::is_same_v<std::remove_cv_t<T>, Error>, "Expected<Error> means nothing");

public:
  Expected(T Value) : Storage(std::in_place_index<0>, std::move(Value)) {}
  Expected(Error E) : Storage(std::in_place_index<1>, std::move(E)) {}
  /// From any value convertible to T (a derived unique_ptr, a literal).
  template <class U, class = std::enable_if_t<std::is_convertible_v<U &&, T> &&
                                              !std::is_same_v<std::decay_t<U>, Error> &&
                                              !std::is_same_v<std::decay_t<U>, T>>>
  Expected(U &&Value) : Storage(std::in_place_index<0>, T(std::forward<U>(Value))) {}

  bool ok() const { return Storage.index() == 0; }
  explicit operator bool() const { return ok(); }

  T &operator*() {
    assert(ok());
    return *std::get_if<0>(&Storage);
  }
  const T &operator*() const {
    assert(ok());
    return *std::get_if<0>(&Storage);
  }
  T *operator->() { return &**this; }
  const T *operator->() const { return &**this; }
  /// The value, moved out.
  T take() { return std::move(**this); }

  const Error &error() const {
    assert(!ok());
    return *std::get_if<1>(&Storage);
  }
  /// The error, moved out (to return it from a caller of another type).
  Error takeError() {
    assert(!ok());
    return std::move(*std::get_if<1>(&Storage));
  }

private:
  std::variant<T, Error> Storage;
};

template <> class [[nodiscard]] Expected<void> {
public:
  Expected() = default;
  Expected(Error E) : Failure(std::move(E)) {}

  bool ok() const { return !Failure; }
  explicit operator bool() const { return ok(); }
  const Error &error() const {
    assert(!ok());
    return *Failure;
  }
  Error takeError() {
    assert(!ok());
    return std::move(*Failure);
  }

private:
  std::optional<Error> Failure;
};

/// The success of an Expected<void> function: `return success();`.
inline Expected<void> success() { return {}; }

} // namespace atfc

#endif
