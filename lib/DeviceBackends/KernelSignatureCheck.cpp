//===- DeviceBackends/KernelSignatureCheck.cpp - Arguments against a kernel --===//
//
// Only what would compute garbage or fail at the launch is refused: an
// element of another kind (integer or floating point) or size, a buffer
// for a value, a value for a pointer. Signedness is not (a NumPy int32 for
// a `uint` count is common and reads the same bits), nor a vector element
// type over a buffer of its scalars (float4* over floats).
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/KernelSignatureCheck.h"

#include <cctype>
#include <cstddef>

namespace atfc {
namespace {

struct ScalarShape {
  bool Floating = false;
  unsigned Bytes = 0;
};

/// The element of an OpenCL scalar or vector type name ("float", "uint4",
/// "half16"); none for any other name (a typedef, a struct, an image).
std::optional<ScalarShape> scalarShapeOf(std::string Name) {
  while (!Name.empty() && std::isdigit(static_cast<unsigned char>(Name.back())))
    Name.pop_back(); // a vector's width
  struct Known {
    const char *Name;
    ScalarShape Shape;
  };
  static const Known Types[] = {
      {"char", {false, 1}}, {"uchar", {false, 1}}, {"short", {false, 2}}, {"ushort", {false, 2}},
      {"int", {false, 4}},  {"uint", {false, 4}},  {"long", {false, 8}},  {"ulong", {false, 8}},
      {"half", {true, 2}},  {"float", {true, 4}},  {"double", {true, 8}},
  };
  for (const Known &K : Types)
    if (Name == K.Name)
      return K.Shape;
  return std::nullopt;
}

ScalarShape shapeOf(ElementType Type) {
  const bool Floating =
      Type == ElementType::Half || Type == ElementType::Float || Type == ElementType::Double;
  return {Floating, static_cast<unsigned>(elementSize(Type))};
}

const char *spaceWord(KernelAddressSpace Space) {
  switch (Space) {
  case KernelAddressSpace::Global:
    return "__global ";
  case KernelAddressSpace::Constant:
    return "__constant ";
  case KernelAddressSpace::Local:
    return "__local ";
  case KernelAddressSpace::Private:
    break;
  }
  return "";
}

} // namespace

std::optional<std::string> kernelSignatureMismatch(const std::string &KernelName,
                                                   const std::vector<KernelArgument> &Given,
                                                   const std::vector<DeclaredParameter> &Declared) {
  if (Given.size() != Declared.size())
    return KernelName + " has " + std::to_string(Declared.size()) + " parameter" +
           (Declared.size() == 1 ? "" : "s") + "; " + std::to_string(Given.size()) + " argument" +
           (Given.size() == 1 ? " is" : "s are") + " given";
  for (std::size_t I = 0; I < Given.size(); ++I) {
    const KernelArgument &Argument = Given[I];
    const DeclaredParameter &Parameter = Declared[I];
    if (Parameter.TypeName.empty())
      continue;
    std::string Type = Parameter.TypeName;
    const bool Pointer = !Type.empty() && Type.back() == '*';
    if (Pointer)
      Type.pop_back();
    const std::optional<ScalarShape> Declares = scalarShapeOf(Type);
    if (!Declares && !Pointer)
      continue; // a typedef, a struct, an image: the device's to judge
    const bool SpaceFits =
        Argument.isBuffer()  ? Pointer && (Parameter.Space == KernelAddressSpace::Global ||
                                          Parameter.Space == KernelAddressSpace::Constant)
        : Argument.isLocal() ? Pointer && Parameter.Space == KernelAddressSpace::Local
                             : !Pointer && Parameter.Space == KernelAddressSpace::Private;
    const ScalarShape Gives = shapeOf(Argument.Type);
    // A value's type must be the scalar itself; a pointer's element may be
    // a vector of it.
    const bool Vector = !Type.empty() && std::isdigit(static_cast<unsigned char>(Type.back()));
    const bool ElementFits = !Declares || (Declares->Floating == Gives.Floating &&
                                           Declares->Bytes == Gives.Bytes && (Pointer || !Vector));
    if (SpaceFits && ElementFits)
      continue;
    std::string Text = "kernel argument " + std::to_string(I + 1) + " is " + describe(Argument) +
                       "; " + KernelName + "'s parameter " + std::to_string(I + 1);
    if (!Parameter.Name.empty())
      Text += " (" + Parameter.Name + ")";
    return Text + " is `" + spaceWord(Parameter.Space) + Parameter.TypeName + "`";
  }
  return std::nullopt;
}

} // namespace atfc
