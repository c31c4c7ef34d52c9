//===- KernelData/NumpyArray.cpp - NumPy .npy files and raw data ----------===//
//
// The header of a .npy file is the magic "\x93NUMPY", a version (1.0: a
// 2-byte length; 2.0 and 3.0: a 4-byte length, little-endian) and a Python
// dict literal such as {'descr': '<f4', 'fortran_order': False, 'shape':
// (32, 32), }. The dict is parsed by hand, strictly: every length is checked
// before it is used, so a truncated or corrupt file is an Error, never a read
// past the end.
//
//===----------------------------------------------------------------------===//
#include "KernelData/NumpyArray.h"

#include "Support/Digest128.h"
#include "System/RegularFiles.h"
#include "System/WriteAll.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace atfc {

namespace {

constexpr std::string_view kMagic = "\x93NUMPY";
constexpr char kNativeOrder = std::endian::native == std::endian::little ? '<' : '>';

/// A cursor over the header dict's text.
class DictParser {
public:
  explicit DictParser(std::string_view Text) : Text(Text) {}

  Expected<NumpyHeader> parse() {
    NumpyHeader H;
    bool HaveDescr = false, HaveOrder = false, HaveShape = false;
    skipBlanks();
    if (!take('{'))
      return fail("the header is not a dict ('{' expected)");
    for (;;) {
      skipBlanks();
      if (take('}'))
        break;
      std::string Key;
      if (!string(Key))
        return fail("a key of the header dict is not a quoted string");
      skipBlanks();
      if (!take(':'))
        return fail("':' expected after '" + Key + "' in the header");
      skipBlanks();
      if (Key == "descr") {
        if (peek() == '[')
          return fail("the array has a structured dtype; only plain numbers are kernel data");
        if (!string(H.Descr))
          return fail("'descr' is not a quoted string");
        HaveDescr = true;
      } else if (Key == "fortran_order") {
        if (word("True"))
          H.FortranOrder = true;
        else if (word("False"))
          H.FortranOrder = false;
        else
          return fail("'fortran_order' is neither True nor False");
        HaveOrder = true;
      } else if (Key == "shape") {
        if (Expected<void> S = shape(H); !S)
          return S.takeError();
        HaveShape = true;
      } else {
        return fail("unexpected key '" + Key + "' in the header");
      }
      skipBlanks();
      if (take(','))
        continue;
      skipBlanks();
      if (take('}'))
        break;
      return fail("',' or '}' expected after the value of '" + Key + "'");
    }
    skipBlanks();
    if (At != Text.size())
      return fail("unexpected text after the header dict");
    if (!HaveDescr || !HaveOrder || !HaveShape)
      return fail(std::string("the header lacks '") +
                  (!HaveDescr   ? "descr"
                   : !HaveOrder ? "fortran_order"
                                : "shape") +
                  "'");
    if (Expected<void> D = descr(H); !D)
      return D.takeError();
    return H;
  }

private:
  static Error fail(const std::string &Message) {
    return Error("malformed .npy header: " + Message);
  }

  char peek() const { return At < Text.size() ? Text[At] : '\0'; }
  bool take(char C) {
    if (peek() != C || At >= Text.size())
      return false;
    ++At;
    return true;
  }
  void skipBlanks() {
    while (At < Text.size() && (Text[At] == ' ' || Text[At] == '\t' || Text[At] == '\n'))
      ++At;
  }
  bool word(std::string_view W) {
    if (Text.substr(At, W.size()) != W)
      return false;
    At += W.size();
    return true;
  }
  bool string(std::string &Out) {
    const char Quote = peek();
    if (Quote != '\'' && Quote != '"')
      return false;
    const std::size_t End = Text.find(Quote, At + 1);
    if (End == std::string_view::npos)
      return false;
    Out = std::string(Text.substr(At + 1, End - At - 1));
    At = End + 1;
    return true;
  }

  Expected<void> shape(NumpyHeader &H) {
    if (!take('('))
      return fail("'shape' is not a tuple");
    H.Shape.clear();
    H.Count = 1;
    for (;;) {
      skipBlanks();
      if (take(')'))
        return success();
      if (!std::isdigit(static_cast<unsigned char>(peek())))
        return fail("a dimension of 'shape' is not a non-negative integer");
      std::uint64_t N = 0;
      while (std::isdigit(static_cast<unsigned char>(peek()))) {
        const unsigned Digit = static_cast<unsigned>(Text[At++] - '0');
        if (N > (UINT64_MAX - Digit) / 10)
          return fail("a dimension of 'shape' is too large");
        N = N * 10 + Digit;
      }
      take('L'); // Python 2 wrote long integers with an L
      if (N != 0 && H.Count > UINT64_MAX / N)
        return fail("the shape's element count overflows");
      H.Count *= N;
      H.Shape.push_back(N);
      skipBlanks();
      if (take(','))
        continue;
      skipBlanks();
      if (take(')'))
        return success();
      return fail("',' or ')' expected in 'shape'");
    }
  }

  static Expected<void> descr(NumpyHeader &H) {
    std::string_view D = H.Descr;
    if (!D.empty() && std::string_view("<>|=").find(D.front()) != std::string_view::npos) {
      H.ByteOrder = D.front();
      D.remove_prefix(1);
    } else {
      H.ByteOrder = '=';
    }
    if (D.empty() || !std::isalpha(static_cast<unsigned char>(D.front())))
      return fail("the dtype '" + H.Descr + "' is not understood");
    H.Kind = D.front();
    D.remove_prefix(1);
    if (D.empty() || D.size() > 3 ||
        !std::all_of(D.begin(), D.end(), [](char C) { return std::isdigit((unsigned char)C); }))
      return Error("the dtype '" + H.Descr + "' is no plain number type");
    H.ItemSize = std::stoull(std::string(D));
    if (H.ItemSize == 0)
      return fail("the dtype '" + H.Descr + "' has no size");
    return success();
  }

  std::string_view Text;
  std::size_t At = 0;
};

std::uint32_t littleEndian(std::string_view Bytes) {
  std::uint32_t V = 0;
  for (std::size_t I = Bytes.size(); I-- > 0;)
    V = (V << 8) | static_cast<unsigned char>(Bytes[I]);
  return V;
}

/// NumPy's kind letter of Type ('i', 'u' or 'f'), from the one table of
/// element types.
char numpyKindOf(ElementType Type) { return elementTypeDtype(Type)[1]; }

std::string shapeText(const std::vector<std::uint64_t> &Shape) {
  std::string Text = "(";
  for (std::size_t I = 0; I < Shape.size(); ++I)
    Text += (I ? ", " : "") + std::to_string(Shape[I]);
  return Text + (Shape.size() == 1 ? ",)" : ")");
}

std::string errnoText() { return std::strerror(errno); }

} // namespace

Expected<NumpyHeader> parseNumpyHeader(std::string_view Bytes) {
  if (Bytes.substr(0, kMagic.size()) != kMagic)
    return Error("not a .npy file: it does not begin with NumPy's magic string \\x93NUMPY");
  if (Bytes.size() < 8)
    return Error("malformed .npy file: it ends inside its version");
  const unsigned Major = static_cast<unsigned char>(Bytes[6]);
  const unsigned Minor = static_cast<unsigned char>(Bytes[7]);
  if (Major < 1 || Major > 3 || Minor != 0)
    return Error("unsupported .npy version " + std::to_string(Major) + "." + std::to_string(Minor) +
                 " (1.0, 2.0 and 3.0 are read)");
  const std::size_t LengthBytes = Major == 1 ? 2 : 4;
  if (Bytes.size() < 8 + LengthBytes)
    return Error("malformed .npy file: it ends inside its header length");
  const std::uint64_t Length = littleEndian(Bytes.substr(8, LengthBytes));
  if (Length > kMaxNumpyHeaderBytes)
    return Error("malformed .npy header: it claims " + std::to_string(Length) + " bytes");
  const std::uint64_t Begin = 8 + LengthBytes;
  if (Bytes.size() < Begin + Length)
    return Error("malformed .npy file: it ends inside its header");
  Expected<NumpyHeader> H = DictParser(Bytes.substr(Begin, Length)).parse();
  if (H)
    H->DataOffset = Begin + Length;
  return H;
}

std::string numpyTypeName(const NumpyHeader &Header) {
  const std::string Bits = std::to_string(Header.ItemSize * 8);
  switch (Header.Kind) {
  case 'i':
    return "int" + Bits;
  case 'u':
    return "uint" + Bits;
  case 'f':
    return "float" + Bits;
  case 'b':
    return "bool";
  default:
    return Header.Descr;
  }
}

std::string numpyDescrOf(ElementType Type) {
  const std::size_t Size = elementSize(Type);
  return std::string(1, Size == 1 ? '|' : kNativeOrder) + numpyKindOf(Type) + std::to_string(Size);
}

bool isNumpyPath(std::string_view Path) {
  return Path.size() >= 4 && Path.substr(Path.size() - 4) == ".npy";
}

namespace {

/// inspectDataFile() of File, opened from Path.
Expected<DataFileLayout> inspectOpenDataFile(const RegularFile &File, const std::string &Path,
                                             const std::string &Shown, ElementType Type,
                                             std::uint64_t Count) {
  const std::uint64_t Size = File.size();
  const std::uint64_t Element = elementSize(Type);
  // Count * Element wrapped once (buffer<float>(2^62) took an empty file).
  if (Count > (UINT64_MAX - kMaxNumpyHeaderBytes - 12) / Element)
    return Error("'" + Shown + "' cannot hold " + std::to_string(Count) + " elements of " +
                 elementTypeName(Type) + ": their bytes overflow 64 bits");
  const std::string Needed =
      std::to_string(Count) + " element" + (Count == 1 ? "" : "s") + " of " + elementTypeName(Type);
  if (!isNumpyPath(Path)) {
    if (Size != Count * Element)
      return Error("'" + Shown + "' has " + std::to_string(Size) + " bytes; the argument needs " +
                   std::to_string(Count * Element) + " (" + Needed +
                   ", native binary; a file ending in .npy is read as NumPy's format)");
    return DataFileLayout{0};
  }

  std::string Prefix(12, '\0');
  Expected<std::size_t> Read = File.readAt(0, Prefix.data(), Prefix.size());
  if (!Read)
    return Read.takeError();
  Prefix.resize(*Read);
  // The header's full length, once its length field is there.
  std::uint64_t HeaderEnd = Prefix.size();
  if (Prefix.size() >= 10 && Prefix.substr(0, 6) == kMagic) {
    const bool Short = static_cast<unsigned char>(Prefix[6]) == 1;
    if (Short || Prefix.size() >= 12)
      HeaderEnd =
          (Short ? 10 : 12) + std::min<std::uint64_t>(littleEndian(Prefix.substr(8, Short ? 2 : 4)),
                                                      kMaxNumpyHeaderBytes + 1);
  }
  if (HeaderEnd > Prefix.size()) {
    const std::size_t Have = Prefix.size();
    Prefix.resize(static_cast<std::size_t>(std::min(HeaderEnd, Size)));
    Read = File.readAt(Have, Prefix.data() + Have, Prefix.size() - Have);
    if (!Read)
      return Read.takeError();
    Prefix.resize(Have + *Read);
  }
  Expected<NumpyHeader> H = parseNumpyHeader(Prefix);
  if (!H)
    return Error("'" + Shown + "': " + H.error().message());
  const std::string Want = numpyDescrOf(Type);
  const std::string WantName = std::string(numpyKindOf(Type) == 'f'   ? "float"
                                           : numpyKindOf(Type) == 'u' ? "uint"
                                                                      : "int") +
                               std::to_string(Element * 8);
  if (H->Kind != numpyKindOf(Type) || H->ItemSize != Element)
    return Error("'" + Shown + "' holds " + numpyTypeName(*H) + " ('" + H->Descr +
                 "'); the argument's " + elementTypeName(Type) + " needs " + WantName + " ('" +
                 Want + "'): save it with numpy's astype('" + Want + "')");
  if (H->ItemSize > 1 && H->ByteOrder != '=' && H->ByteOrder != kNativeOrder)
    return Error("'" + Shown + "' is in the other byte order ('" + H->Descr + "'); save it with " +
                 "numpy's astype('" + Want + "')");
  if (H->FortranOrder)
    return Error("'" + Shown + "' is in Fortran order; save it in C order " +
                 "(numpy.ascontiguousarray)");
  if (H->Count != Count)
    return Error("'" + Shown + "' holds " + std::to_string(H->Count) + " element" +
                 (H->Count == 1 ? "" : "s") + " (shape " + shapeText(H->Shape) +
                 "); the argument has " + std::to_string(Count));
  const std::uint64_t Expected = H->DataOffset + Count * Element;
  if (Size < Expected)
    return Error("'" + Shown + "' is truncated: it has " + std::to_string(Size) +
                 " bytes, its header promises " + std::to_string(Expected));
  if (Size > Expected)
    return Error("'" + Shown + "' has " + std::to_string(Size - Expected) +
                 " bytes after its array's data");
  return DataFileLayout{H->DataOffset};
}

} // namespace

Expected<DataFileLayout> inspectDataFile(const std::string &Path, const std::string &Shown,
                                         ElementType Type, std::uint64_t Count) {
  Expected<RegularFile> File = RegularFile::open(Path, Shown);
  if (!File)
    return File.takeError();
  Expected<DataFileLayout> Layout = inspectOpenDataFile(*File, Path, Shown, Type, Count);
  if (!Layout)
    return Layout.takeError();
  Expected<std::string> Digest = File->digest();
  if (!Digest)
    return Digest.takeError();
  Layout->Digest = Digest.take();
  return Layout;
}

Expected<std::vector<unsigned char>> readDataFile(const std::string &Path, const std::string &Shown,
                                                  ElementType Type, std::uint64_t Count,
                                                  const std::string &Digest) {
  // One open file, inspected and read: what is read is what was checked.
  Expected<RegularFile> File = RegularFile::open(Path, Shown);
  if (!File)
    return File.takeError();
  Expected<DataFileLayout> Layout = inspectOpenDataFile(*File, Path, Shown, Type, Count);
  if (!Layout)
    return Layout.takeError();
  if (!Digest.empty()) {
    // Read whole and hashed as read: the bytes used are those hashed, and
    // they must be those the run's results key holds (a restarted worker
    // reads the file again).
    std::vector<unsigned char> Whole(static_cast<std::size_t>(File->size()));
    char *Into = reinterpret_cast<char *>(Whole.data());
    Expected<std::size_t> Read = File->readAt(0, Into, Whole.size());
    if (!Read)
      return Read.takeError();
    char Beyond;
    Expected<std::size_t> More = File->readAt(Whole.size(), &Beyond, 1);
    Digest128 Now;
    Now.add(std::string_view(Into, *Read));
    if (*Read != Whole.size() || !More || *More != 0 || Now.hex(*Read) != Digest)
      return Error("'" + Shown +
                   "' changed since the run began: the results are keyed by its contents "
                   "then; start the run again to measure the new data");
    Whole.erase(Whole.begin(), Whole.begin() + static_cast<std::ptrdiff_t>(Layout->DataOffset));
    return Whole;
  }
  std::vector<unsigned char> Bytes(Count * elementSize(Type));
  Expected<std::size_t> Read =
      File->readAt(Layout->DataOffset, reinterpret_cast<char *>(Bytes.data()), Bytes.size());
  if (!Read)
    return Read.takeError();
  if (*Read != Bytes.size())
    return Error("cannot read '" + Shown + "': it changed while it was read");
  return Bytes;
}

std::string numpyFileBytes(ElementType Type, std::uint64_t Count, const unsigned char *Data) {
  std::string Dict = "{'descr': '" + numpyDescrOf(Type) + "', 'fortran_order': False, 'shape': (" +
                     std::to_string(Count) + ",), }";
  // NumPy pads the header with blanks and a newline so that the data is
  // aligned to 64 bytes.
  const std::size_t Unpadded = kMagic.size() + 4 + Dict.size() + 1;
  Dict.append((64 - Unpadded % 64) % 64, ' ');
  Dict += '\n';
  std::string Bytes(kMagic);
  Bytes += '\x01';
  Bytes += '\x00';
  Bytes += static_cast<char>(Dict.size() & 0xff);
  Bytes += static_cast<char>(Dict.size() >> 8);
  Bytes += Dict;
  Bytes.append(reinterpret_cast<const char *>(Data), Count * elementSize(Type));
  return Bytes;
}

Expected<void> writeNumpyFile(const std::string &Path, ElementType Type, std::uint64_t Count,
                              const unsigned char *Data) {
  return writeNumpyFileAt(AT_FDCWD, Path, Path, Type, Count, Data);
}

Expected<void> writeNumpyFileAt(int DirFd, const std::string &Name, const std::string &Path,
                                ElementType Type, std::uint64_t Count, const unsigned char *Data) {
  // A new file only, never through a link: it is written into a directory
  // inside the output directory.
  const int Fd =
      ::openat(DirFd, Name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (Fd < 0)
    return Error("cannot write '" + Path + "': " + errnoText());
  if (Expected<void> Written = writeAll(Fd, numpyFileBytes(Type, Count, Data)); !Written) {
    ::close(Fd);
    return Error("cannot write '" + Path + "': " + Written.error().message());
  }
  if (::close(Fd) != 0)
    return Error("cannot write '" + Path + "': " + errnoText());
  return success();
}

} // namespace atfc
