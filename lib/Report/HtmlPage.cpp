//===- Report/HtmlPage.cpp - One self-contained HTML page -----------------===//
#include "Report/HtmlPage.h"

#include "Report/Svg.h"

namespace atfc::report {

Cell textCell(std::string Text) { return Cell{std::move(Text), false, 0, false}; }

Cell numberCell(double V, std::string Text) { return Cell{std::move(Text), true, V, false}; }

Cell numberCell(double V) { return numberCell(V, humanNumber(V, 6)); }

std::string tableHtml(const Table &T) {
  std::string Html = "<table";
  if (!T.Id.empty())
    Html += " id=\"" + escapeXml(T.Id) + "\"";
  if (T.Sortable)
    Html += " class=\"sortable\"";
  Html += "><thead><tr>";
  for (const std::string &H : T.Header)
    Html += "<th>" + escapeXml(H) + "</th>";
  Html += "</tr></thead><tbody>";
  for (const auto &Row : T.Rows) {
    Html += "<tr>";
    for (const Cell &C : Row) {
      if (C.Numeric)
        Html += "<td class=\"num\" data-sort=\"" + humanNumber(C.Number, 17) + "\">";
      else
        Html += "<td>";
      Html += C.Pre ? "<pre>" + escapeXml(C.Text) + "</pre>" : escapeXml(C.Text);
      Html += "</td>";
    }
    Html += "</tr>";
  }
  return Html + "</tbody></table>";
}

std::string factsHtml(const std::vector<std::pair<std::string, std::string>> &Facts) {
  std::string Html = "<dl class=\"facts\">";
  for (const auto &[Name, Value] : Facts)
    Html += "<dt>" + escapeXml(Name) + "</dt><dd>" + escapeXml(Value) + "</dd>";
  return Html + "</dl>";
}

HtmlPage::HtmlPage(std::string Title, int RefreshSeconds)
    : Title(std::move(Title)), RefreshSeconds(RefreshSeconds) {}

void HtmlPage::section(const std::string &Id, const std::string &Heading, const std::string &Body) {
  Contents.push_back({Id, Heading});
  this->Body += "<section id=\"" + escapeXml(Id) + "\"><h2>" + escapeXml(Heading) + "</h2>" + Body +
                "</section>\n";
}

namespace {

// The page's look: quiet colours, plots at their natural size, tables that
// scroll sideways rather than overflow.
constexpr const char *kStyle = R"css(
:root{--fg:#1d2330;--muted:#5b6473;--line:#d9dde4;--accent:#0072B2;--bad:#c0392b}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--fg);margin:0;background:#f6f7f9}
header{background:#1d2330;color:#fff;padding:18px 28px}
header h1{margin:0;font-size:20px;font-weight:600}
header p{margin:4px 0 0;color:#c8cdd6}
nav{padding:8px 28px;background:#fff;border-bottom:1px solid var(--line);position:sticky;top:0;z-index:1}
nav a{margin-right:16px;color:var(--accent);text-decoration:none}
main{padding:8px 28px 40px;max-width:1200px}
section{background:#fff;border:1px solid var(--line);border-radius:6px;padding:14px 18px;margin:16px 0}
h2{font-size:16px;margin:0 0 10px}
h3{font-size:14px;margin:14px 0 6px;color:var(--muted)}
p.note{color:var(--muted);margin:6px 0}
.plots{display:flex;flex-wrap:wrap;gap:8px 16px}
.plots figure{flex:1 1 520px;max-width:640px;margin:0}
figure{margin:6px 0}
svg{max-width:100%;height:auto;background:#fff}
.frame{fill:none;stroke:#9aa3b0}
.grid{stroke:#eceff3}
.tick{font-size:11px;fill:#5b6473}
.axis-label{font-size:12.5px;fill:#1d2330;font-weight:600}
.legend-text{font-size:12px;fill:#1d2330}
.swatch-dash{stroke-dasharray:4 2}
.swatch-band{opacity:.3}
.pt{fill:#3b6db3;fill-opacity:.5;stroke:none}
.pt.dense{fill-opacity:.22}
.pt:hover,.front-pt:hover{fill-opacity:1;stroke:#000}
.failed{stroke:#c0392b;stroke-width:1.3;fill:none}
.best-line{fill:none;stroke:#111;stroke-width:2}
.best-marker{fill:none;stroke:#111;stroke-width:2}
.annotation{font-size:12px;font-weight:600;fill:#111}
.band{fill-opacity:.16;stroke:none}
.faint .band{fill-opacity:.08}
.median{fill:none;stroke-width:2}
.dashed{stroke-dasharray:6 4}
.front-line{fill:none;stroke:#D55E00;stroke-width:1.5}
.front-pt{fill:#D55E00;stroke:#fff;stroke-width:1}
.box{fill:#888;fill-opacity:.18;stroke:#777}
.box-median{stroke:#333;stroke-width:2}
.whisker{stroke:#999}
.bar{fill:var(--accent);fill-opacity:.8}
.bar.pale{fill-opacity:.25}
.interval{stroke:#1d2330;stroke-width:1.2}
.bar-name{font-size:12px;fill:#1d2330}
.bar-value{font-size:11px;fill:#5b6473}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:3px 18px;margin:0}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;word-break:break-all}
.tablebox{overflow-x:auto;max-height:640px;overflow-y:auto}
table{border-collapse:collapse;font-size:13px}
th,td{padding:3px 9px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{background:#eef1f5;position:sticky;top:0}
td.num{text-align:right;font-variant-numeric:tabular-nums}
table.sortable th{cursor:pointer;user-select:none}
table.sortable th:hover{background:#dde3ec}
th.asc::after{content:" \25B2"}th.desc::after{content:" \25BC"}
pre{margin:0;font-size:12px;white-space:pre-wrap;max-width:520px;max-height:140px;overflow:auto}
)css";

// Sorting by a clicked heading: numeric cells by data-sort, the rest as
// text; a second click reverses.
constexpr const char *kScript = R"js(
document.querySelectorAll("table.sortable th").forEach(function(th) {
  th.addEventListener("click", function() {
    var table = th.closest("table"), body = table.tBodies[0], col = th.cellIndex;
    var asc = !th.classList.contains("asc");
    table.querySelectorAll("th").forEach(function(h) { h.classList.remove("asc", "desc"); });
    th.classList.add(asc ? "asc" : "desc");
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function(a, b) {
      var x = a.cells[col], y = b.cells[col], r;
      if (x.dataset.sort !== undefined && y.dataset.sort !== undefined)
        r = parseFloat(x.dataset.sort) - parseFloat(y.dataset.sort);
      else
        r = x.textContent.localeCompare(y.textContent, undefined, {numeric: true});
      return asc ? r : -r;
    });
    rows.forEach(function(r) { body.appendChild(r); });
  });
});
)js";

} // namespace

std::string HtmlPage::finish() const {
  std::string Html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  if (RefreshSeconds > 0)
    Html += "<meta http-equiv=\"refresh\" content=\"" + std::to_string(RefreshSeconds) + "\">";
  Html += "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">";
  Html += kGeneratorMeta;
  Html += "<title>" + escapeXml(Title) + "</title><style>" + kStyle + "</style></head>\n<body>";
  Html += "<header><h1>" + escapeXml(Title) + "</h1><p>atfc report</p></header><nav>";
  for (const auto &[Id, Heading] : Contents)
    Html += "<a href=\"#" + escapeXml(Id) + "\">" + escapeXml(Heading) + "</a>";
  Html += "</nav><main>\n" + Body + "</main><script>" + kScript + "</script></body></html>\n";
  return Html;
}

} // namespace atfc::report
