#!/usr/bin/env python3
"""The reports of atfc in a real browser (headless Chromium).

  report_in_browser.py test --atfc ATFC --results-fixture F --run-fixture G
                            --inputs DIR --out DIR
      makes reports of real data (a results database with failures, a
      recorded-data file, a two-objective run, a replay), opens each, and
      checks the page: no script error or console error, every evaluation a
      point of the progress plot (data-evaluation), every plot's axes
      labelled, sorting works; saves a screenshot of each under --out.
      Exits 77 (skipped) when Chromium is not installed.

  report_in_browser.py pages --atfc ATFC --run-fixture G --source DIR
                             --datasets DIR --out DIR
      the pages docs/report.md shows: the GEMM demo tuned on this machine's
      OpenCL device (its report.html, as atfc tune leaves it), a replay on a
      shared dataset, and a 10,000-evaluation run; each must open without
      errors, the last under 2 MB. Prints their sizes and load times and
      saves screenshots. Exits 77 (skipped) without Chromium or the datasets.

  report_in_browser.py measure PAGE.html... [--screenshots DIR]
      prints each page's size, the time from navigation to the load event
      and two animation frames after it (painted; best of three), and its
      errors; for docs/report.md.
"""

import argparse
import gzip
import json
import os
import shutil
import sqlite3
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium_page import Chromium, find_chromium  # noqa: E402

SKIPPED = 77
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message)


def run(*command):
    print("$ " + " ".join(command))
    subprocess.run(command, check=True)


def evaluations_in_database(path, run_id=None):
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    if run_id is None:
        run_id = db.execute("SELECT max(id) FROM runs").fetchone()[0]
    return db.execute("SELECT count(*) FROM evaluations WHERE run_id = ?", (run_id,)).fetchone()[0]


def entries_in_cache(path):
    opener = gzip.open if open(path, "rb").read(2) == b"\x1f\x8b" else open
    with opener(path, "rt") as f:
        return len(json.load(f)["cache"])


# What the page says about itself, gathered in the browser.
INSPECT = """(() => {
  const figures = [...document.querySelectorAll("figure svg")];
  return {
    title: document.title,
    progressPoints: document.querySelectorAll("#by-evaluation [data-evaluation]").length,
    distinctEvaluations: new Set([...document.querySelectorAll("[data-evaluation]")]
                                 .map(e => e.dataset.evaluation)).size,
    plots: figures.length,
    unlabelled: figures.filter(svg => [...svg.querySelectorAll(".axis-label")]
                                        .filter(t => t.textContent.trim()).length < 2)
                       .map(svg => svg.getAttribute("aria-label")),
    frontPoints: document.querySelectorAll("#objectives .front-pt").length,
    series: document.querySelectorAll("#replay-curves [data-series]").length,
    external: [...document.querySelectorAll("[src],link[href]")].length,
    outcomeKinds: [...document.querySelectorAll("#failure-counts tbody tr")]
                    .map(r => r.cells[0].textContent),
    importanceBars: document.querySelectorAll(
        'svg[aria-label="parameter importance"] rect.bar').length,
    importanceIntervals: document.querySelectorAll(
        'svg[aria-label="parameter importance"] line.interval').length,
    // Text that runs past its plot's edge is cut off there.
    clipped: [...document.querySelectorAll("svg")].flatMap(svg => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll("text")].filter(t => t.textContent.trim()).filter(t => {
        const r = t.getBoundingClientRect();
        return r.left < box.left - 0.5 || r.right > box.right + 0.5 ||
               r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
      }).map(t => svg.getAttribute("aria-label") + ": " + t.textContent);
    }),
  };
})()"""

SORT_BY_EVALUATION = """(() => {
  const table = document.getElementById("best-configurations");
  const heading = [...table.tHead.rows[0].cells].find(c => c.textContent === "evaluation");
  const column = () => [...table.tBodies[0].rows].map(r => +r.cells[heading.cellIndex].dataset.sort);
  heading.click();
  const ascending = column();
  heading.click();
  return {ascending, descending: column()};
})()"""


def inspect_page(browser, html, screenshot):
    browser.events.clear()
    seconds = browser.open("file://" + os.path.abspath(html))
    page = browser.evaluate(INSPECT)
    check(browser.errors() == [], "%s: errors in the browser: %s" % (html, browser.errors()))
    check(page["plots"] > 0, "%s: no plot" % html)
    check(page["unlabelled"] == [], "%s: plots without axis labels: %s" % (html, page["unlabelled"]))
    check(page["external"] == 0, "%s: refers to external resources" % html)
    check(page["clipped"] == [], "%s: labels cut off at a plot's edge: %s" % (html, page["clipped"]))
    # One row per kind of outcome, however many messages it had.
    kinds = page["outcomeKinds"]
    check(len(kinds) == len(set(kinds)), "%s: an outcome kind in several rows: %s" % (html, kinds))
    # Importance bars come with their interval: a whisker and two caps.
    if page["importanceBars"]:
        check(page["importanceIntervals"] >= 3 and page["importanceIntervals"] % 3 == 0,
              "%s: %d importance bars, %d interval lines" %
              (html, page["importanceBars"], page["importanceIntervals"]))
    height = browser.screenshot(screenshot)
    print("%s: %d bytes, loaded in %.2f s, %d plots; screenshot %s (1280x%d)" %
          (html, os.path.getsize(html), seconds, page["plots"], screenshot, height))
    return page


def test(args):
    chromium = find_chromium()
    if not chromium:
        print("SKIPPED: Chromium is not installed (scripts/install-deps installs Debian's "
              "chromium); the reports were not opened in a browser")
        return SKIPPED
    out = args.out
    os.makedirs(out, exist_ok=True)
    sample_db = os.path.join(out, "sample.db")
    two_objectives_db = os.path.join(out, "two-objectives.db")
    tiny = os.path.join(args.inputs, "tiny.json")
    for f in (sample_db, two_objectives_db):
        if os.path.exists(f):
            os.remove(f)
    run(args.results_fixture, sample_db)
    run(args.run_fixture, tiny, "32", two_objectives_db, "--seed", "3", "--energy")
    # Long labels: a parameter named at length, and one of 24 values that
    # decides the cost, so its bar and interval reach the plot's right edge
    # with "... bits (24 values)" after them.
    wide = os.path.join(out, "wide-labels.json")
    with open(wide, "w") as f:
        json.dump({"device_name": "Test Device", "kernel_name": "wide",
                   "tune_params_keys": ["BLOCK_SIZE_X", "a_rather_long_parameter_name_of_the_kernel"],
                   "tune_params": {"BLOCK_SIZE_X": list(range(1, 25)),
                                   "a_rather_long_parameter_name_of_the_kernel": [0, 1]},
                   "objective": "time",
                   "cache": {"%d,%d" % (x, y): {"BLOCK_SIZE_X": x,
                                                "a_rather_long_parameter_name_of_the_kernel": y,
                                                "time": 10.0 * x + 0.01 * y}
                             for x in range(1, 25) for y in (0, 1)}}, f)
    pages = {
        "run-1": ([args.atfc, "report", sample_db, "--run", "1"], evaluations_in_database(sample_db, 1)),
        "latest-run": ([args.atfc, "report", sample_db], evaluations_in_database(sample_db)),
        "recorded-data": ([args.atfc, "report", tiny], entries_in_cache(tiny)),
        "wide-labels": ([args.atfc, "report", wide], entries_in_cache(wide)),
        "two-objectives": ([args.atfc, "report", two_objectives_db],
                           evaluations_in_database(two_objectives_db)),
    }
    browser = Chromium(chromium)
    try:
        for name, (command, evaluations) in pages.items():
            html = os.path.join(out, name + ".html")
            run(*command, "-o", html)
            page = inspect_page(browser, html, os.path.join(out, name + ".png"))
            check(page["progressPoints"] == evaluations,
                  "%s: %d points in the progress plot for %d evaluations" %
                  (name, page["progressPoints"], evaluations))
            check(page["distinctEvaluations"] == evaluations,
                  "%s: %d distinct data-evaluation numbers for %d evaluations" %
                  (name, page["distinctEvaluations"], evaluations))
            if name == "two-objectives":
                check(page["frontPoints"] > 0, "two-objectives: no Pareto front marked")
            if name == "recorded-data":
                order = browser.evaluate(SORT_BY_EVALUATION)
                check(order["ascending"] == sorted(order["ascending"]) and
                      order["descending"] == sorted(order["ascending"], reverse=True) and
                      len(order["ascending"]) > 1,
                      "sorting the best configurations by evaluation: %s" % order)
        replay = os.path.join(out, "replay.html")
        run(args.atfc, "replay", tiny, "--technique", "exhaustive", "--technique", "random",
            "--evaluations", "30", "--runs", "8", "--report", replay)
        page = inspect_page(browser, replay, os.path.join(out, "replay.png"))
        check(page["series"] == 3, "replay: %d series for two techniques and random search" %
              page["series"])
    finally:
        browser.close()
    if failures:
        print("%d checks failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


def measure_pages(chromium, pages, screenshots):
    """Prints size, load time and errors of each page; returns whether none
    had errors."""
    clean = True
    browser = Chromium(chromium)
    try:
        for html in pages:
            times = []
            for _ in range(3):
                browser.events.clear()
                times.append(browser.open("file://" + os.path.abspath(html)))
            errors = browser.errors()
            clean = clean and not errors
            line = "%s: %.2f MB, load %.2f s (best of 3; %s), %s" % (
                html, os.path.getsize(html) / 1e6, min(times),
                " ".join("%.2f" % t for t in times), "no errors" if not errors else errors)
            if screenshots:
                shot = os.path.join(screenshots,
                                    os.path.splitext(os.path.basename(html))[0] + ".png")
                line += "; screenshot %s (1280x%d)" % (shot, browser.screenshot(shot))
            print(line)
    finally:
        browser.close()
    return clean


def measure(args):
    chromium = find_chromium()
    if not chromium:
        print("Chromium is not installed")
        return 1
    return 0 if measure_pages(chromium, args.pages, args.screenshots) else 1


def pages(args):
    chromium = find_chromium()
    gemm_data = os.path.join(args.datasets, "kt_gemm_RTX3090.json.gz")
    if not chromium or not os.path.exists(gemm_data):
        print("SKIPPED: needs Chromium (scripts/install-deps) and the shared datasets (%s)" %
              args.datasets)
        return SKIPPED
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    demo = os.path.join(out, "gemm.atf")
    subprocess.run(["rm", "-rf", demo], check=True)
    # The README's demo: the bundled GEMM tuned with the file's own settings.
    run(args.atfc, "tune", os.path.join(args.source, "examples", "gemm", "gemm.cl"), "-o", demo,
        "--", "256")
    gemm_demo = os.path.join(out, "gemm-demo.html")
    shutil.copyfile(os.path.join(demo, "report.html"), gemm_demo)
    replay = os.path.join(out, "replay-gemm.html")
    run(args.atfc, "replay", gemm_data, "--technique", "random", "--technique", "auc_bandit",
        "--technique", "simulated_annealing", "--technique", "pattern_search",
        "--evaluations", "1000", "--runs", "20", "--report", replay)
    large_db = os.path.join(out, "run-10000.db")
    large = os.path.join(out, "run-10000.html")
    run(args.run_fixture, gemm_data, "10000", large_db)
    run(args.atfc, "report", large_db, "-o", large)
    clean = measure_pages(chromium, [gemm_demo, replay, large], out)
    check(clean, "errors in the browser")
    check(os.path.getsize(large) < 2e6, "%s: %d bytes, not under 2 MB" % (large, os.path.getsize(large)))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    t = commands.add_parser("test")
    t.add_argument("--atfc", required=True)
    t.add_argument("--results-fixture", required=True)
    t.add_argument("--run-fixture", required=True)
    t.add_argument("--inputs", required=True, help="test/atfc/replay/Inputs (tiny.json)")
    t.add_argument("--out", required=True)
    p = commands.add_parser("pages")
    p.add_argument("--atfc", required=True)
    p.add_argument("--run-fixture", required=True)
    p.add_argument("--source", required=True, help="the source tree (examples/gemm)")
    p.add_argument("--datasets", required=True)
    p.add_argument("--out", required=True)
    m = commands.add_parser("measure")
    m.add_argument("pages", nargs="+")
    m.add_argument("--screenshots")
    args = parser.parse_args()
    return {"test": test, "pages": pages, "measure": measure}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
