//===- KernelSignatureCheckTest.cpp - Arguments against a kernel ----------===//
//
// Every element type atfc passes against every OpenCL scalar type, as a
// value, a buffer and a local array, in every address space: refused
// exactly when the element's kind or size differs or the argument's kind
// does not match the parameter's space, with both sides named; names the
// check cannot read pass; a count that differs is refused.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/KernelSignatureCheck.h"

#include <gtest/gtest.h>

namespace atfc {
namespace {

struct OpenCLType {
  const char *Name;
  bool Floating;
  unsigned Bytes;
};

const OpenCLType OpenCLTypes[] = {
    {"char", false, 1}, {"uchar", false, 1}, {"short", false, 2}, {"ushort", false, 2},
    {"int", false, 4},  {"uint", false, 4},  {"long", false, 8},  {"ulong", false, 8},
    {"half", true, 2},  {"float", true, 4},  {"double", true, 8},
};

std::vector<KernelArgument> everyElementType() {
  std::vector<KernelArgument> All;
#define ATFC_ELEMENT_ARGUMENT(Enumerator, Name, Size, Dtype)                                       \
  {                                                                                                \
    KernelArgument A = KernelArgument::buffer<float>(16);                                          \
    A.Type = ElementType::Enumerator;                                                              \
    All.push_back(A);                                                                              \
  }
  ATFC_ELEMENT_TYPES(ATFC_ELEMENT_ARGUMENT)
#undef ATFC_ELEMENT_ARGUMENT
  return All;
}

bool floating(ElementType Type) {
  return Type == ElementType::Half || Type == ElementType::Float || Type == ElementType::Double;
}

TEST(KernelSignatureCheck, RefusesExactlyWhatWouldComputeGarbage) {
  using Kind = KernelArgument::ArgumentKind;
  const KernelAddressSpace Spaces[] = {KernelAddressSpace::Global, KernelAddressSpace::Constant,
                                       KernelAddressSpace::Local, KernelAddressSpace::Private};
  unsigned Refused = 0, Passed = 0;
  for (KernelArgument Argument : everyElementType())
    for (Kind ArgumentKind : {Kind::Scalar, Kind::Buffer, Kind::Local})
      for (const OpenCLType &Type : OpenCLTypes)
        for (const char *Width : {"", "4"})
          for (bool Pointer : {false, true})
            for (KernelAddressSpace Space : Spaces) {
              Argument.Kind = ArgumentKind;
              const std::string TypeName = std::string(Type.Name) + Width + (Pointer ? "*" : "");
              const DeclaredParameter Parameter{TypeName, Space, "p"};
              const bool SpaceFits =
                  ArgumentKind == Kind::Buffer  ? Pointer && (Space == KernelAddressSpace::Global ||
                                                             Space == KernelAddressSpace::Constant)
                  : ArgumentKind == Kind::Local ? Pointer && Space == KernelAddressSpace::Local
                                                : !Pointer && Space == KernelAddressSpace::Private;
              const bool ElementFits = floating(Argument.Type) == Type.Floating &&
                                       elementSize(Argument.Type) == Type.Bytes &&
                                       (Pointer || *Width == '\0');
              const std::optional<std::string> Mismatch =
                  kernelSignatureMismatch("k", {KernelArgument::scalar<int>(1), Argument},
                                          {{"int", KernelAddressSpace::Private, "n"}, Parameter});
              const std::string Case = describe(Argument) + " for " + TypeName;
              ASSERT_EQ(Mismatch.has_value(), !(SpaceFits && ElementFits)) << Case;
              if (!Mismatch) {
                ++Passed;
                continue;
              }
              ++Refused;
              EXPECT_NE(Mismatch->find("kernel argument 2 is " + describe(Argument)),
                        std::string::npos)
                  << *Mismatch;
              EXPECT_NE(Mismatch->find("k's parameter 2 (p) is `"), std::string::npos) << *Mismatch;
              EXPECT_NE(Mismatch->find(TypeName + "`"), std::string::npos) << *Mismatch;
            }
  EXPECT_GT(Refused, 0u);
  EXPECT_GT(Passed, 0u);
}

TEST(KernelSignatureCheck, NamesTheCheckCannotReadPass) {
  const KernelArgument Buffer = KernelArgument::buffer<double>(8);
  for (const char *Name : {"real*", "struct point*", "image2d_t", "", "my_float*"})
    EXPECT_FALSE(kernelSignatureMismatch("k", {Buffer}, {{Name, KernelAddressSpace::Global, "x"}}))
        << Name;
  // ... but a value for a pointer is seen whatever the pointer's type.
  EXPECT_TRUE(kernelSignatureMismatch("k", {KernelArgument::scalar<double>(1)},
                                      {{"real*", KernelAddressSpace::Global, "x"}}));
}

TEST(KernelSignatureCheck, ACountThatDiffersIsRefused) {
  const KernelArgument N = KernelArgument::scalar<int>(4);
  const DeclaredParameter Int{"int", KernelAddressSpace::Private, "n"};
  EXPECT_EQ(kernelSignatureMismatch("saxpy", {N, N, N}, {Int, Int, Int, Int}),
            "saxpy has 4 parameters; 3 arguments are given");
  EXPECT_EQ(kernelSignatureMismatch("saxpy", {N}, {}),
            "saxpy has 0 parameters; 1 argument is given");
  EXPECT_FALSE(kernelSignatureMismatch("saxpy", {N, N}, {Int, Int}));
}

} // namespace
} // namespace atfc
