//===- Support/GeneratedName.cpp - Names atfc writes into C and C++ -------===//
//
// The tables: keywords, the macros of the standard headers and what the
// compilers predefine (gcc and clang on Linux: `cc -dM -E` of the headers
// the generated files include and those a program including best.h most
// likely does), the C library names the generated headers use, and the
// patterns ISO C reserves for its headers' macros.
//
//===----------------------------------------------------------------------===//
#include "Support/GeneratedName.h"

#include <algorithm>
#include <cstdio>
#include <regex>
#include <set>

namespace atfc {

namespace {

bool isAsciiLetter(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }
bool isAsciiDigit(char C) { return C >= '0' && C <= '9'; }

bool isCIdentifierText(std::string_view Text) {
  if (Text.empty() || isAsciiDigit(Text.front()))
    return false;
  return std::all_of(Text.begin(), Text.end(),
                     [](char C) { return isAsciiLetter(C) || isAsciiDigit(C) || C == '_'; });
}

constexpr std::string_view kKeywords[] = {
    // C23 and C++20, the alternative tokens included.
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
    "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
    "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
    "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
    "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if",
    "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
    "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
    "requires", "restrict", "return", "short", "signed", "sizeof", "static", "static_assert",
    "static_cast", "struct", "switch", "template", "this", "thread_local", "throw", "true", "try",
    "typedef", "typeid", "typename", "typeof", "typeof_unqual", "union", "unsigned", "using",
    "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
    // OpenCL C: a `#define global 4` would break every kernel.
    "kernel", "global", "local", "constant", "read_only", "write_only", "read_write", "pipe"};

constexpr std::string_view kMacros[] = {
    // Predefined by gcc and clang on Linux.
    "unix", "linux", "i386",
    // <assert.h>, <stdio.h>, <stdlib.h>, <stddef.h>, <errno.h>, <setjmp.h>,
    // <stdarg.h>, <stdbool.h>, <locale.h>, <time.h>, <complex.h>.
    "assert", "NDEBUG", "NULL", "EOF", "BUFSIZ", "FILENAME_MAX", "FOPEN_MAX", "L_tmpnam", "TMP_MAX",
    "SEEK_SET", "SEEK_CUR", "SEEK_END", "stdin", "stdout", "stderr", "EXIT_SUCCESS", "EXIT_FAILURE",
    "RAND_MAX", "MB_CUR_MAX", "MB_LEN_MAX", "offsetof", "errno", "setjmp", "va_arg", "va_start",
    "va_end", "va_copy", "alloca", "CLOCKS_PER_SEC", "TIME_UTC", "complex", "imaginary", "noreturn",
    "static_assert", "alignas", "alignof", "unreachable",
    // <math.h>.
    "INFINITY", "NAN", "HUGE_VAL", "HUGE_VALF", "HUGE_VALL", "MAXFLOAT", "fpclassify", "isfinite",
    "isinf", "isnan", "isnormal", "issubnormal", "signbit", "isgreater", "isgreaterequal", "isless",
    "islessequal", "islessgreater", "isunordered", "math_errhandling",
    // <limits.h>, <float.h>, <stdint.h> (the rest by pattern below).
    "CHAR_BIT", "CHAR_MAX", "CHAR_MIN", "SCHAR_MAX", "SCHAR_MIN", "UCHAR_MAX", "SHRT_MAX",
    "SHRT_MIN", "USHRT_MAX", "INT_MAX", "INT_MIN", "UINT_MAX", "LONG_MAX", "LONG_MIN", "ULONG_MAX",
    "LLONG_MAX", "LLONG_MIN", "ULLONG_MAX", "SIZE_MAX", "SIZE_WIDTH", "PTRDIFF_MAX", "PTRDIFF_MIN",
    "PTRDIFF_WIDTH", "WCHAR_MAX", "WCHAR_MIN", "WINT_MAX", "WINT_MIN", "SIG_ATOMIC_MAX",
    "SIG_ATOMIC_MIN", "DECIMAL_DIG", "PATH_MAX", "NAME_MAX", "LINE_MAX", "PIPE_BUF",
    // <endian.h> and <sys/select.h>, which <stdlib.h> pulls in for C++.
    "BIG_ENDIAN", "LITTLE_ENDIAN", "PDP_ENDIAN", "BYTE_ORDER", "FD_SET", "FD_CLR", "FD_ISSET",
    "FD_ZERO", "FD_SETSIZE", "NFDBITS", "WEXITSTATUS", "WIFEXITED", "WIFSIGNALED", "WIFSTOPPED",
    "WIFCONTINUED", "WSTOPSIG", "WTERMSIG", "WNOHANG", "WUNTRACED", "WCONTINUED", "WEXITED",
    "WNOWAIT", "WSTOPPED",
    // The errno codes of Linux.
    "E2BIG", "EACCES", "EADDRINUSE", "EADDRNOTAVAIL", "EADV", "EAFNOSUPPORT", "EAGAIN", "EALREADY",
    "EBADE", "EBADF", "EBADFD", "EBADMSG", "EBADR", "EBADRQC", "EBADSLT", "EBFONT", "EBUSY",
    "ECANCELED", "ECHILD", "ECHRNG", "ECOMM", "ECONNABORTED", "ECONNREFUSED", "ECONNRESET",
    "EDEADLK", "EDEADLOCK", "EDESTADDRREQ", "EDOM", "EDOTDOT", "EDQUOT", "EEXIST", "EFAULT",
    "EFBIG", "EHOSTDOWN", "EHOSTUNREACH", "EHWPOISON", "EIDRM", "EILSEQ", "EINPROGRESS", "EINTR",
    "EINVAL", "EIO", "EISCONN", "EISDIR", "EISNAM", "EKEYEXPIRED", "EKEYREJECTED", "EKEYREVOKED",
    "EL2HLT", "EL2NSYNC", "EL3HLT", "EL3RST", "ELIBACC", "ELIBBAD", "ELIBEXEC", "ELIBMAX",
    "ELIBSCN", "ELNRNG", "ELOOP", "EMEDIUMTYPE", "EMFILE", "EMLINK", "EMSGSIZE", "EMULTIHOP",
    "ENAMETOOLONG", "ENAVAIL", "ENETDOWN", "ENETRESET", "ENETUNREACH", "ENFILE", "ENOANO",
    "ENOBUFS", "ENOCSI", "ENODATA", "ENODEV", "ENOENT", "ENOEXEC", "ENOKEY", "ENOLCK", "ENOLINK",
    "ENOMEDIUM", "ENOMEM", "ENOMSG", "ENONET", "ENOPKG", "ENOPROTOOPT", "ENOSPC", "ENOSR", "ENOSTR",
    "ENOSYS", "ENOTBLK", "ENOTCONN", "ENOTDIR", "ENOTEMPTY", "ENOTNAM", "ENOTRECOVERABLE",
    "ENOTSOCK", "ENOTSUP", "ENOTTY", "ENOTUNIQ", "ENXIO", "EOPNOTSUPP", "EOVERFLOW", "EOWNERDEAD",
    "EPERM", "EPFNOSUPPORT", "EPIPE", "EPROTO", "EPROTONOSUPPORT", "EPROTOTYPE", "ERANGE",
    "EREMCHG", "EREMOTE", "EREMOTEIO", "ERESTART", "ERFKILL", "EROFS", "ESHUTDOWN",
    "ESOCKTNOSUPPORT", "ESPIPE", "ESRCH", "ESRMNT", "ESTALE", "ESTRPIPE", "ETIME", "ETIMEDOUT",
    "ETOOMANYREFS", "ETXTBSY", "EUCLEAN", "EUNATCH", "EUSERS", "EWOULDBLOCK", "EXDEV", "EXFULL",
    // Signals.
    "SIGABRT", "SIGALRM", "SIGBUS", "SIGCHLD", "SIGCONT", "SIGFPE", "SIGHUP", "SIGILL", "SIGINT",
    "SIGIO", "SIGKILL", "SIGPIPE", "SIGPOLL", "SIGPROF", "SIGQUIT", "SIGRTMAX", "SIGRTMIN",
    "SIGSEGV", "SIGSTOP", "SIGSYS", "SIGTERM", "SIGTRAP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG",
    "SIGUSR1", "SIGUSR2", "SIGVTALRM", "SIGWINCH", "SIGXCPU", "SIGXFSZ"};

/// Names of the C library the generated headers use or declare with, and
/// its common types: a `#define size_t 4` or a parameter named `strcmp`
/// would break them.
constexpr std::string_view kLibraryNames[] = {
    "strcmp",    "size_t",   "ptrdiff_t", "max_align_t", "nullptr_t", "int8_t",       "int16_t",
    "int32_t",   "int64_t",  "uint8_t",   "uint16_t",    "uint32_t",  "uint64_t",     "intptr_t",
    "uintptr_t", "intmax_t", "uintmax_t", "FILE",        "fpos_t",    "va_list",      "jmp_buf",
    "time_t",    "clock_t",  "div_t",     "ldiv_t",      "lldiv_t",   "sig_atomic_t", "mbstate_t",
    "wint_t",    "float_t",  "double_t",  "std",         "main"};

/// Patterns of macro names ISO C and POSIX reserve for their headers.
const std::regex &reservedMacroPattern() {
  static const std::regex Pattern(
      "U?INT[A-Z0-9_]*_(MAX|MIN|C|WIDTH)"                // <stdint.h>
      "|(PRI|SCN)[a-zX][A-Za-z0-9]*"                     // <inttypes.h>
      "|(FE|FP|LC|SIG|TIME|ATOMIC|MATH)_[A-Z][A-Z0-9_]*" // <fenv.h>, <math.h>, ...
      "|(FLT|DBL|LDBL)_[A-Z][A-Z0-9_]*"                  // <float.h>
      "|M_(E|LOG2E|LOG10E|LN2|LN10|PI|PI_2|PI_4|1_PI|2_PI|2_SQRTPI|SQRT2|SQRT1_2)"
      "(f|l|f[0-9]+x?)?"           // <math.h>'s constants
      "|(HUGE_VAL|SNAN)[A-Z0-9]*", // <math.h>
      std::regex::optimize);
  return Pattern;
}

bool startsWithInAnyCase(std::string_view Text, std::string_view Prefix) {
  if (Text.size() < Prefix.size())
    return false;
  for (std::size_t I = 0; I < Prefix.size(); ++I) {
    char C = Text[I];
    if (C >= 'A' && C <= 'Z')
      C = static_cast<char>(C - 'A' + 'a');
    if (C != Prefix[I])
      return false;
  }
  return true;
}

bool isAtfcOwn(std::string_view Name) {
  return startsWithInAnyCase(Name, "atf_") || startsWithInAnyCase(Name, "atfc_") ||
         (Name.size() == 3 && startsWithInAnyCase(Name, "atf")) ||
         (Name.size() == 4 && startsWithInAnyCase(Name, "atfc"));
}

} // namespace

bool isCOrCxxKeyword(std::string_view Word) {
  return std::find(std::begin(kKeywords), std::end(kKeywords), Word) != std::end(kKeywords);
}

std::string nameForMessage(std::string_view Name) {
  std::string Out;
  for (std::size_t I = 0; I < Name.size() && I < 64; ++I) {
    const auto C = static_cast<unsigned char>(Name[I]);
    if (C < 0x20 || C >= 0x7f || C == '\\') {
      char Hex[5];
      std::snprintf(Hex, sizeof Hex, "\\x%02x", C);
      Out += Hex;
    } else {
      Out += static_cast<char>(C);
    }
  }
  if (Name.size() > 64)
    Out += "...";
  return Out;
}

std::string generatedNameProblem(std::string_view Name, std::string_view ExtraReservedPrefix) {
  if (Name.empty())
    return "it is empty";
  if (!isCIdentifierText(Name))
    return "it is not a C identifier (ASCII letters, digits and '_', not starting with a digit)";
  if (Name.size() > kMaxGeneratedNameLength)
    return "it is longer than " + std::to_string(kMaxGeneratedNameLength) + " characters";
  if (isCOrCxxKeyword(Name))
    return "it is a keyword of C, C++ or OpenCL C";
  if ((Name.size() > 1 && Name[0] == '_' && Name[1] >= 'A' && Name[1] <= 'Z') ||
      Name.find("__") != std::string_view::npos)
    return "names beginning with '_' and a capital letter or containing '__' are reserved to "
           "the compiler and its library (as __LINE__ is a predefined macro)";
  if (std::find(std::begin(kMacros), std::end(kMacros), Name) != std::end(kMacros) ||
      std::regex_match(Name.begin(), Name.end(), reservedMacroPattern()))
    return "it is a macro of the compiler or of a standard C header, which would replace it";
  if (std::find(std::begin(kLibraryNames), std::end(kLibraryNames), Name) !=
      std::end(kLibraryNames))
    return "it names a type or function of the C library that generated code uses";
  if (isAtfcOwn(Name))
    return "names beginning with 'atf_' or 'atfc_' (in any case) are atfc's own in the code it "
           "generates";
  if (!ExtraReservedPrefix.empty() &&
      Name.substr(0, ExtraReservedPrefix.size()) == ExtraReservedPrefix)
    return "names beginning with '" + std::string(ExtraReservedPrefix) +
           "' are the generated file's own";
  return {};
}

std::string generatedNamesProblem(std::span<const std::string> Names, std::string_view What,
                                  std::string_view ExtraReservedPrefix) {
  std::set<std::string_view> Seen;
  for (const std::string &Name : Names) {
    if (std::string Why = generatedNameProblem(Name, ExtraReservedPrefix); !Why.empty())
      return "the " + std::string(What) + " name '" + nameForMessage(Name) +
             "' cannot be written into generated code: " + Why;
    if (!Seen.insert(Name).second)
      return "the " + std::string(What) + " name '" + nameForMessage(Name) + "' appears twice";
  }
  return {};
}

} // namespace atfc
