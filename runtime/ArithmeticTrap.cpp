//===- runtime/ArithmeticTrap.cpp - A trapping expression, named ----------===//
//
// The handler runs on the trapping thread and cannot return (the faulting
// instruction would run again): it writes its line with write(2) and ends
// the process with _exit, both async-signal-safe.
//
//===----------------------------------------------------------------------===//
#include "runtime/ArithmeticTrap.h"

#include "SearchSpace/Parameter.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <unistd.h>

namespace atfc {
namespace {

std::atomic<const char *> Expression{nullptr};
std::atomic<const char *> ExpressionName{"this range"};
// The file's name, copied where the handler may read it.
char FileName[1024];

void writeText(const char *Text) {
  [[maybe_unused]] ssize_t Written = ::write(STDERR_FILENO, Text, std::strlen(Text));
}

void writeNumber(unsigned N) {
  char Digits[16];
  char *At = Digits + sizeof Digits;
  *--At = '\0';
  do
    *--At = static_cast<char>('0' + N % 10);
  while ((N /= 10) != 0);
  writeText(At);
}

extern "C" void onArithmeticTrap(int) {
  if (const char *Where = Expression.load()) {
    writeText(Where);
    writeText(": error: evaluating ");
    writeText(ExpressionName.load());
    writeText(" trapped: a division by zero or an overflow\n");
  } else if (const EvaluatedConstraint C = CurrentConstraint; C.Where && C.Where->Line != 0) {
    // A generating thread's constraint, at its place in the file.
    writeText(C.Where->File.c_str());
    writeText(":");
    writeNumber(C.Where->Line);
    writeText(":");
    writeNumber(C.Where->Column);
    writeText(": error: evaluating the constraint of ");
    writeText(C.Name->c_str());
    writeText(" trapped: a division by zero or an overflow\n");
  } else {
    writeText(FileName);
    writeText(": error: generating the search space trapped: a division by zero or an overflow "
              "in a constraint\n");
  }
  _exit(1);
}

constexpr int kTraps[] = {SIGFPE, SIGILL};

} // namespace

void evaluatingExpression(const char *Where, const char *What) noexcept {
  ExpressionName.store(What);
  Expression.store(Where);
}

// No expression of the file runs before the name is copied.
ArithmeticTrapReport::ArithmeticTrapReport(const std::string &Name)
    : Handlers(kTraps, onArithmeticTrap) {
  const std::size_t N = std::min(Name.size(), sizeof FileName - 1);
  std::memcpy(FileName, Name.data(), N);
  FileName[N] = '\0';
  Expression.store(nullptr);
}

ArithmeticTrapReport::~ArithmeticTrapReport() { Expression.store(nullptr); }

} // namespace atfc
