//===- Report/Svg.cpp - A small SVG writer --------------------------------===//
#include "Report/Svg.h"

#include "Support/DisplayWidth.h"

#include <cassert>
#include <cmath>
#include <cstdio>

namespace atfc::report {

std::string escapeXml(std::string_view Raw) {
  // The page says it is UTF-8: a byte of no UTF-8 sequence (a cost file's
  // Latin-1) becomes U+FFFD, as a browser would show it.
  const std::string Text = validUtf8(Raw);
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      // Control characters other than tab and line breaks are not allowed
      // in XML text: show them as U+FFFD rather than break the page.
      if (static_cast<unsigned char>(C) < 0x20 && C != '\n' && C != '\t' && C != '\r')
        Out += "\xEF\xBF\xBD";
      else
        Out += C;
    }
  }
  return Out;
}

std::string coordinate(double V) {
  if (!std::isfinite(V))
    V = 0;
  long long Tenths = std::llround(V * 10);
  std::string Sign = Tenths < 0 ? "-" : "";
  if (Tenths < 0)
    Tenths = -Tenths;
  std::string Text = Sign + std::to_string(Tenths / 10);
  if (Tenths % 10 != 0)
    Text += "." + std::to_string(Tenths % 10);
  return Text == "-0" ? "0" : Text;
}

std::string humanNumber(double V, int Digits) {
  if (std::isnan(V))
    return "nan";
  if (std::isinf(V))
    return V > 0 ? "inf" : "-inf";
  char Buffer[64];
  std::snprintf(Buffer, sizeof(Buffer), "%.*g", Digits, V);
  return Buffer;
}

SvgWriter::SvgWriter(double Width, double Height, std::string_view Label) {
  Out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + coordinate(Width) + " " +
        coordinate(Height) + "\" width=\"" + coordinate(Width) + "\" height=\"" +
        coordinate(Height) + "\" role=\"img\" aria-label=\"" + escapeXml(Label) + "\">";
}

namespace {

std::string classAttr(std::string_view Class) {
  return Class.empty() ? std::string() : " class=\"" + escapeXml(Class) + "\"";
}

std::string extraAttrs(const Attributes &Extra) {
  std::string Text;
  for (const auto &[Name, Value] : Extra)
    Text += " " + Name + "=\"" + escapeXml(Value) + "\"";
  return Text;
}

std::string evaluationAttr(std::optional<std::int64_t> Evaluation) {
  return Evaluation ? " data-evaluation=\"" + std::to_string(*Evaluation) + "\"" : std::string();
}

std::string pointList(const std::vector<std::pair<double, double>> &Points) {
  std::string Text;
  for (const auto &[X, Y] : Points) {
    if (!Text.empty())
      Text += ' ';
    Text += coordinate(X) + "," + coordinate(Y);
  }
  return Text;
}

} // namespace

void SvgWriter::line(double X1, double Y1, double X2, double Y2, std::string_view Class) {
  Out += "<line x1=\"" + coordinate(X1) + "\" y1=\"" + coordinate(Y1) + "\" x2=\"" +
         coordinate(X2) + "\" y2=\"" + coordinate(Y2) + "\"" + classAttr(Class) + "/>";
}

void SvgWriter::rect(double X, double Y, double W, double H, std::string_view Class,
                     const Attributes &Extra) {
  Out += "<rect x=\"" + coordinate(X) + "\" y=\"" + coordinate(Y) + "\" width=\"" +
         coordinate(std::max(0.0, W)) + "\" height=\"" + coordinate(std::max(0.0, H)) + "\"" +
         classAttr(Class) + extraAttrs(Extra) + "/>";
}

void SvgWriter::circle(double X, double Y, double R, std::string_view Class,
                       std::optional<std::int64_t> Evaluation, std::string_view Title) {
  Out += "<circle cx=\"" + coordinate(X) + "\" cy=\"" + coordinate(Y) + "\" r=\"" + coordinate(R) +
         "\"" + classAttr(Class) + evaluationAttr(Evaluation);
  if (Title.empty())
    Out += "/>";
  else
    Out += "><title>" + escapeXml(Title) + "</title></circle>";
}

void SvgWriter::cross(double X, double Y, double R, std::string_view Class,
                      std::optional<std::int64_t> Evaluation) {
  Out += "<path d=\"M" + coordinate(X - R) + " " + coordinate(Y - R) + "l" + coordinate(2 * R) +
         " " + coordinate(2 * R) + "m0 " + coordinate(-2 * R) + "l" + coordinate(-2 * R) + " " +
         coordinate(2 * R) + "\"" + classAttr(Class) + evaluationAttr(Evaluation) + "/>";
}

void SvgWriter::polyline(const std::vector<std::pair<double, double>> &Points,
                         std::string_view Class, std::string_view Stroke) {
  if (Points.empty())
    return;
  Out += "<polyline points=\"" + pointList(Points) + "\"" + classAttr(Class);
  if (!Stroke.empty())
    Out += " stroke=\"" + escapeXml(Stroke) + "\"";
  Out += "/>";
}

void SvgWriter::polygon(const std::vector<std::pair<double, double>> &Points,
                        std::string_view Class, std::string_view Fill) {
  if (Points.empty())
    return;
  Out += "<polygon points=\"" + pointList(Points) + "\"" + classAttr(Class);
  if (!Fill.empty())
    Out += " fill=\"" + escapeXml(Fill) + "\"";
  Out += "/>";
}

void SvgWriter::text(double X, double Y, std::string_view Text, std::string_view Class,
                     std::string_view Anchor, double Rotate) {
  Out += "<text x=\"" + coordinate(X) + "\" y=\"" + coordinate(Y) + "\"" + classAttr(Class);
  if (Anchor != "start")
    Out += " text-anchor=\"" + std::string(Anchor) + "\"";
  if (Rotate != 0)
    Out += " transform=\"rotate(" + coordinate(Rotate) + " " + coordinate(X) + " " + coordinate(Y) +
           ")\"";
  Out += ">" + escapeXml(Text) + "</text>";
}

void SvgWriter::openGroup(std::string_view Class, const Attributes &Extra) {
  Out += "<g" + classAttr(Class) + extraAttrs(Extra) + ">";
  ++OpenGroups;
}

void SvgWriter::closeGroup() {
  assert(OpenGroups > 0 && "closeGroup without openGroup");
  Out += "</g>";
  --OpenGroups;
}

std::string SvgWriter::finish() {
  while (OpenGroups > 0)
    closeGroup();
  Out += "</svg>";
  return std::move(Out);
}

} // namespace atfc::report
