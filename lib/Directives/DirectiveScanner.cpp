//===- Directives/DirectiveScanner.cpp - Find #atf:: directives -*- C++ -*-===//
//
// Two parts: finding where directives start, and reading one directive from
// there. Where they start depends on the language (Clang's raw lexer for
// C-family files, a line scan otherwise); reading a directive is shared, and
// is done on the file's text rather than on tokens, because a directive is
// not C++ (`$1`, unbalanced quotes in scripts) and its text must map back to
// exact columns.
//
//===----------------------------------------------------------------------===//
#include "Directives/DirectiveScanner.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/TokenKinds.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <optional>
#include <utility>

using namespace atfc;

namespace {

constexpr llvm::StringLiteral DirectivePrefix = "#atf::";
constexpr llvm::StringLiteral Blanks = " \t\f\v";
constexpr llvm::StringLiteral Utf8ByteOrderMark = "\xEF\xBB\xBF";

bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\f' || C == '\v'; }

bool isIdentifierChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') || C == '_';
}

bool isDigit(char C) { return C >= '0' && C <= '9'; }

/// The file split into physical lines. Lines end at "\n"; a "\r" before it
/// (CRLF files) is not part of the line.
class LineTable {
public:
  explicit LineTable(llvm::StringRef Text) : Source(Text) {
    Starts.push_back(0);
    for (std::size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n' && I + 1 < Text.size())
        Starts.push_back(I + 1);
  }

  /// Number of lines; a final "\n" does not begin another line.
  unsigned size() const { return static_cast<unsigned>(Starts.size()); }

  /// Offset of the first character of line L (0-based).
  std::size_t start(unsigned L) const { return Starts[L]; }

  /// Line L (0-based) without its line ending.
  llvm::StringRef line(unsigned L) const {
    std::size_t End = L + 1 < Starts.size() ? Starts[L + 1] : Source.size();
    llvm::StringRef Text = Source.slice(Starts[L], End);
    if (Text.endswith("\n"))
      Text = Text.drop_back();
    if (Text.endswith("\r"))
      Text = Text.drop_back();
    return Text;
  }

  /// The line (0-based) holding Offset.
  unsigned lineOf(std::size_t Offset) const {
    return static_cast<unsigned>(std::upper_bound(Starts.begin(), Starts.end(), Offset) -
                                 Starts.begin() - 1);
  }

private:
  llvm::StringRef Source;
  std::vector<std::size_t> Starts;
};

/// Whether the text of line L before column Col (0-based) is blank, so that
/// what stands at Col is the line's first non-blank character. A UTF-8 byte
/// order mark at the start of the file counts as blank, as it does for
/// compilers.
bool onlyBlanksBefore(llvm::StringRef Line, unsigned L, std::size_t Col) {
  llvm::StringRef Before = Line.take_front(Col);
  if (L == 0)
    Before.consume_front(Utf8ByteOrderMark);
  return Before.find_first_not_of(Blanks) == llvm::StringRef::npos;
}

/// The leading `::`-separated identifier path of a directive's text:
/// `tp`, `ocl::device_info`, `var` for `var<int> N = 1`.
llvm::StringRef directiveHead(llvm::StringRef Text) {
  std::size_t End = 0;
  while (true) {
    std::size_t WordEnd = End;
    while (WordEnd < Text.size() && isIdentifierChar(Text[WordEnd]))
      ++WordEnd;
    if (WordEnd == End)
      break;
    End = WordEnd;
    if (!Text.substr(End).startswith("::"))
      break;
    End += 2;
  }
  return Text.take_front(End).rtrim(':');
}

/// Whether Word is a clause keyword of the directive with the given head
/// (Language.def: ATF_CLAUSE); none for directives without clauses.
bool isClauseKeyword(llvm::StringRef Head, llvm::StringRef Word) {
  llvm::StringRef Last = Head.rsplit("::").second;
  if (Last.empty())
    Last = Head;
#define ATF_CLAUSE(Directive, Keyword)                                                             \
  if (Last == #Directive && Word == #Keyword && (Head == "tp") == (Last == "tp"))                  \
    return true;
#include "Language/Language.def"
  return false;
}

/// Whether Line continues a directive with the given head in paper style:
/// its first word is one of the directive's clause keywords. An indented
/// line always does; an unindented one (as the TACO paper prints them) only
/// when the keyword is followed by an argument and the line does not end
/// like a C statement, so that code after a directive stays code.
bool continuesClauses(llvm::StringRef Line, llvm::StringRef Head) {
  if (Line.empty())
    return false;
  const bool Indented = isBlank(Line.front());
  llvm::StringRef Rest = Line.ltrim(Blanks);
  llvm::StringRef Word = Rest.take_while(isIdentifierChar);
  if (Word.empty() || !isClauseKeyword(Head, Word))
    return false;
  if (Indented)
    return true;
  llvm::StringRef After = Rest.drop_front(Word.size());
  llvm::StringRef Argument = After.ltrim(Blanks);
  if (After.size() == Argument.size() || Argument.empty())
    return false;
  const char First = Argument.front();
  // What may begin an expression or a type: not `=`, `;`, `.`, `->`, ...
  const bool Operand = isIdentifierChar(First) || llvm::StringRef("\"'{[(!~-+*&:").contains(First);
  const llvm::StringRef Trimmed = Rest.rtrim(Blanks);
  return Operand && !Trimmed.endswith(";") && !Trimmed.endswith("{");
}

/// A line that looks like a directive whose prefix is misspelt (`#atf:tp`,
/// `# atf::tp`, `#ATF::tp`): the length of the misspelt prefix, else 0.
/// Line starts at its `#`.
std::size_t nearMissPrefix(llvm::StringRef Line) {
  if (!Line.startswith("#") || Line.startswith(DirectivePrefix))
    return 0;
  llvm::StringRef Rest = Line.drop_front().ltrim(Blanks);
  if (Rest.size() < 4 || !Rest.take_front(3).equals_insensitive("atf") || Rest[3] != ':')
    return 0;
  Rest = Rest.drop_front(3);
  const std::size_t Colons = Rest.find_first_not_of(':');
  if (Colons == llvm::StringRef::npos || Colons > 3 || !isIdentifierChar(Rest[Colons]))
    return 0;
  return Line.size() - Rest.size() + Colons;
}

void warnNearMiss(llvm::StringRef Line, unsigned L, std::size_t Col,
                  std::vector<Diagnostic> &Diagnostics) {
  const llvm::StringRef Written = Line.substr(Col).rtrim(Blanks);
  const std::size_t Prefix = nearMissPrefix(Written);
  if (Prefix == 0)
    return;
  // The file is filled in by scanDirectives.
  Diagnostics.push_back(diagnosticAt(Severity::Warning, {"", L + 1, static_cast<unsigned>(Col + 1)},
                                     "'" + Written.take_front(Prefix).str() +
                                         "' is not the directive prefix '" + DirectivePrefix.str() +
                                         "', so this line is ignored",
                                     (DirectivePrefix + Written.drop_front(Prefix)).str()));
}

/// Whether the quote at Text[I] is a C++14 digit separator (`1'000`) rather
/// than the start of a character literal: it is inside a number.
bool isDigitSeparator(llvm::StringRef Text, std::size_t I) {
  std::size_t Begin = I;
  while (Begin > 0 &&
         (isIdentifierChar(Text[Begin - 1]) || Text[Begin - 1] == '\'' || Text[Begin - 1] == '.'))
    --Begin;
  return Begin < I && isDigit(Text[Begin]);
}

/// Reads one directive from its `#` on: the text of its physical lines,
/// joined, with a position for every character. One reader per directive.
class DirectiveReader {
public:
  DirectiveReader(const LineTable &FileLines, SourceLanguage Language, std::vector<Diagnostic> &Out)
      : Lines(FileLines), DropComments(Language == SourceLanguage::CFamily), Diagnostics(Out) {}

  /// Reads the directive whose `#` is at column HashCol (0-based) of line
  /// HashLine (0-based).
  Directive read(unsigned HashLine, std::size_t HashCol);

private:
  /// Where the reader is inside the directive's text; only C-family files
  /// leave Code, because only there do comments and literals matter.
  enum class State { Code, StringLiteral, CharLiteral, BlockComment };

  void append(char C, unsigned L, std::size_t Col) {
    D.Text.push_back(C);
    D.TextPositions.push_back({L + 1, static_cast<unsigned>(Col + 1)});
  }

  void dropTrailingBlanks() {
    while (!D.Text.empty() && isBlank(D.Text.back())) {
      D.Text.pop_back();
      D.TextPositions.pop_back();
    }
  }

  /// Joins the next line on: one space, mapped to (L, Col), in place of the
  /// line break and the blanks around it. Returns the column at which
  /// reading the next line starts.
  std::size_t join(unsigned L, std::size_t Col, llvm::StringRef NextLine) {
    // Inside a literal that a `\` continues, the blanks are the user's text.
    if (S != State::Code) {
      append(' ', L, Col);
      return 0;
    }
    dropTrailingBlanks();
    append(' ', L, Col);
    return std::min(NextLine.find_first_not_of(Blanks), NextLine.size());
  }

  /// Appends the part [Begin, End) of line L, dropping comments in C-family
  /// files.
  void readLine(unsigned L, llvm::StringRef Line, std::size_t Begin, std::size_t End);

  void report(unsigned L, std::size_t Col, std::string Message) {
    Diagnostics.push_back(diagnosticAt(Severity::Error, {"", L + 1, static_cast<unsigned>(Col + 1)},
                                       std::move(Message)));
  }

  const LineTable &Lines;
  bool DropComments;
  std::vector<Diagnostic> &Diagnostics;
  Directive D;
  State S = State::Code;
  /// Where the block comment the reader is in began, for an error if it never
  /// ends.
  unsigned CommentLine = 0;
  std::size_t CommentCol = 0;
};

void DirectiveReader::readLine(unsigned L, llvm::StringRef Line, std::size_t Begin,
                               std::size_t End) {
  for (std::size_t I = Begin; I < End; ++I) {
    char C = Line[I];
    char Next = I + 1 < End ? Line[I + 1] : '\0';
    if (!DropComments) {
      append(C, L, I);
      continue;
    }
    switch (S) {
    case State::BlockComment:
      if (C == '*' && Next == '/') {
        S = State::Code;
        ++I;
      } else {
        D.Comments.back().Body.push_back(C);
      }
      continue;
    case State::StringLiteral:
    case State::CharLiteral:
      append(C, L, I);
      if (C == '\\' && I + 1 < End) {
        append(Next, L, I + 1);
        ++I;
      } else if (C == (S == State::StringLiteral ? '"' : '\'')) {
        S = State::Code;
      }
      continue;
    case State::Code:
      if (C == '/' && Next == '/') {
        // The rest of the line is a comment.
        D.Comments.push_back({D.Text.size(),
                              {L + 1, static_cast<unsigned>(I + 1)},
                              /*IsLine=*/true,
                              Line.slice(I + 2, End).str()});
        return;
      }
      if (C == '/' && Next == '*') {
        // Like a compiler, read the comment as one space.
        D.Comments.push_back(
            {D.Text.size(), {L + 1, static_cast<unsigned>(I + 1)}, /*IsLine=*/false, ""});
        append(' ', L, I);
        S = State::BlockComment;
        CommentLine = L;
        CommentCol = I;
        ++I;
        continue;
      }
      if (C == '"')
        S = State::StringLiteral;
      else if (C == '\'' && !isDigitSeparator(Line, I))
        S = State::CharLiteral;
      append(C, L, I);
      continue;
    }
  }
}

Directive DirectiveReader::read(unsigned HashLine, std::size_t HashCol) {
  D.Hash = {HashLine + 1, static_cast<unsigned>(HashCol + 1)};
  D.FirstLine = HashLine + 1;
  unsigned L = HashLine;
  std::size_t Begin = HashCol + DirectivePrefix.size();
  while (true) {
    llvm::StringRef Line = Lines.line(L);
    bool HasNext = L + 1 < Lines.size();
    // A `\` that ends the line (blanks may follow it) splices the next line
    // on, wherever it stands. Unlike in C, a `//` comment ends with its
    // physical line, so `... // note \` still continues the directive.
    llvm::StringRef Trimmed = Line.rtrim(Blanks);
    bool Splices = Trimmed.size() > Begin && Trimmed.endswith("\\");
    std::size_t End = Splices ? Trimmed.size() - 1 : Line.size();
    readLine(L, Line, Begin, End);

    if (S == State::BlockComment) {
      if (!HasNext) {
        report(CommentLine, CommentCol,
               "unterminated /* comment in this directive; close it with */");
        break;
      }
      ++L;
      Begin = 0;
      continue;
    }
    if (Splices) {
      if (!HasNext) {
        report(L, End,
               "unterminated continuation: the file ends after this '\\'; remove it or "
               "continue the directive on the next line");
        break;
      }
      Begin = join(L, End, Lines.line(L + 1));
      ++L;
      continue;
    }
    // A literal that the line break ends is left for the clause parser to
    // report; comment recognition starts afresh on the next line.
    S = State::Code;
    if (HasNext && continuesClauses(Lines.line(L + 1), directiveHead(D.Text))) {
      Begin = join(L, Line.size(), Lines.line(L + 1));
      ++L;
      continue;
    }
    break;
  }
  dropTrailingBlanks();
  D.LastLine = L + 1;
  if (D.TextPositions.empty())
    D.End = {D.Hash.Line, D.Hash.Column + static_cast<unsigned>(DirectivePrefix.size())};
  else
    D.End = {D.TextPositions.back().Line, D.TextPositions.back().Column + 1};
  return std::move(D);
}

/// Language options for finding directives in any C-family file: C++20 with
/// line comments, raw strings and digit separators, which is a superset of
/// what OpenCL C, CUDA and C can spell. Comments are not kept as tokens, so
/// an `#atf::` inside one is never seen.
clang::LangOptions cFamilyLangOptions() {
  clang::LangOptions Opts;
  Opts.LineComment = 1;
  Opts.CPlusPlus = 1;
  Opts.CPlusPlus11 = 1;
  Opts.CPlusPlus14 = 1;
  Opts.CPlusPlus17 = 1;
  Opts.CPlusPlus20 = 1;
  Opts.Digraphs = 1;
  Opts.Bool = 1;
  return Opts;
}

void scanCFamily(const LineTable &Lines, llvm::StringRef Source, DirectiveScan &Scan) {
  // The lexer needs a NUL after the buffer's end; std::string has one.
  std::string Buffer(Source);
  const char *BufStart = Buffer.data();
  const char *BufEnd = BufStart + Buffer.size();
  clang::LangOptions Opts = cFamilyLangOptions();
  // Without a SourceManager, token locations are built from an invalid file
  // location, which makes a token's raw encoding its offset in Buffer.
  const clang::SourceLocation FileLoc{};

  std::size_t Resume = 0;
  bool Found = true;
  while (Found) {
    Found = false;
    // A fresh lexer per directive: the directive's own lines are not C and
    // must not shape how the code after them is lexed. It starts at the
    // beginning of a line, which the lexer takes as a start of line.
    clang::Lexer Lex(FileLoc, Opts, BufStart, BufStart + Resume, BufEnd);
    clang::Token Tok;
    while (true) {
      Lex.LexFromRawLexer(Tok);
      if (Tok.is(clang::tok::eof))
        break;
      if (Tok.isNot(clang::tok::hash) || !Tok.isAtStartOfLine())
        continue;
      std::size_t Offset = Tok.getLocation().getRawEncoding();
      unsigned L = Lines.lineOf(Offset);
      std::size_t Col = Offset - Lines.start(L);
      if (!Source.substr(Offset).startswith(DirectivePrefix)) {
        if (onlyBlanksBefore(Lines.line(L), L, Col))
          warnNearMiss(Lines.line(L), L, Col, Scan.Diagnostics);
        continue;
      }
      // A comment before the `#` leaves it the first token, but not the
      // line's first non-blank characters.
      if (!onlyBlanksBefore(Lines.line(L), L, Col))
        continue;
      Directive D = DirectiveReader(Lines, SourceLanguage::CFamily, Scan.Diagnostics).read(L, Col);
      unsigned Next = D.LastLine; // 0-based index of the line after it.
      Scan.Directives.push_back(std::move(D));
      if (Next >= Lines.size())
        return;
      Resume = Lines.start(Next);
      Found = true;
      break;
    }
  }
}

void scanLines(const LineTable &Lines, DirectiveScan &Scan) {
  for (unsigned L = 0; L < Lines.size(); ++L) {
    llvm::StringRef Line = Lines.line(L);
    std::size_t Col = Line.find(DirectivePrefix);
    if (Col == llvm::StringRef::npos || !onlyBlanksBefore(Line, L, Col)) {
      const std::size_t Hash = Line.find('#');
      if (Hash != llvm::StringRef::npos && onlyBlanksBefore(Line, L, Hash))
        warnNearMiss(Line, L, Hash, Scan.Diagnostics);
      continue;
    }
    Directive D = DirectiveReader(Lines, SourceLanguage::Other, Scan.Diagnostics).read(L, Col);
    L = D.LastLine - 1;
    Scan.Directives.push_back(std::move(D));
  }
}

} // namespace

SourceLanguage atfc::sourceLanguageForExtension(llvm::StringRef Extension) {
  Extension.consume_front(".");
  std::string Lower = Extension.lower();
  return llvm::StringSwitch<SourceLanguage>(Lower)
      .Cases("cl", "cu", "cuh", "c", "h", SourceLanguage::CFamily)
      .Cases("cpp", "cc", "cxx", "c++", "hpp", SourceLanguage::CFamily)
      .Cases("hh", "hxx", "h++", "inl", "ipp", SourceLanguage::CFamily)
      .Default(SourceLanguage::Other);
}

SourceLanguage atfc::sourceLanguageForPath(llvm::StringRef Path) {
  return sourceLanguageForExtension(llvm::sys::path::extension(Path));
}

DirectiveScan atfc::scanDirectives(llvm::StringRef FileName, llvm::StringRef Source,
                                   SourceLanguage Language) {
  DirectiveScan Scan;
  Scan.FileName = FileName.str();
  LineTable Lines(Source);
  if (Language == SourceLanguage::CFamily)
    scanCFamily(Lines, Source, Scan);
  else
    scanLines(Lines, Scan);
  for (Diagnostic &D : Scan.Diagnostics)
    D.Location.File = Scan.FileName;
  return Scan;
}

std::string atfc::blankDirectives(llvm::StringRef Source, llvm::ArrayRef<Directive> Directives) {
  LineTable Lines(Source);
  std::vector<bool> Blank(Lines.size(), false);
  for (const Directive &D : Directives)
    for (unsigned L = D.FirstLine; L <= D.LastLine && L <= Lines.size(); ++L)
      Blank[L - 1] = true;

  std::string Out;
  Out.reserve(Source.size());
  for (unsigned L = 0; L < Lines.size(); ++L) {
    std::size_t Start = Lines.start(L);
    std::size_t End = L + 1 < Lines.size() ? Lines.start(L + 1) : Source.size();
    llvm::StringRef Whole = Source.slice(Start, End);
    if (Blank[L])
      Out += Whole.drop_front(Lines.line(L).size()); // Only the line ending.
    else
      Out += Whole;
  }
  return Out;
}
