#!/usr/bin/env python3
"""End-to-end test of `gesturetune serve` in a real browser.

Makes a store with two optimization runs of one small synthetic corpus
(seed 1 tuning the defaults, seed 2 two constants only), starts `gesturetune serve` on loopback (a free port) and
opens it in Debian's headless Chromium, driven by Playwright with the
system browser:
- the run list: both runs, newest first;
- a comparison, reached from the list's link;
- the misfire explorer, filtered by kind with its form: every group of that kind;
- a session's timeline, from a misfire's link: the slider, then End, Home
  and the arrow keys move the cursor, the fingers and the events passed;
with reduced motion the Play button is gone and the slider still works.
Every page at 390 px (light and dark) and at 1280 px: nothing wider than the
screen outside a scroller, no console error, no exception, no request
outside the server. The store is byte-identical afterwards. Screenshots go
to --screenshots (serve-runs.png, serve-compare.png, serve-misfires.png,
serve-session.png and -phone variants).

usage: serve-browser-test.py [--gesturetune PATH] [--chromium PATH] [--screenshots DIR]
Prints `N passed, N failed` at the end; exits 1 on any failure.
"""
import argparse
import hashlib
import os
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def expect(self, condition, what):
        if condition:
            self.passed += 1
            print(f"ok: {what}")
        else:
            self.failed += 1
            print(f"FAIL: {what}", file=sys.stderr)


def run(gesturetune, *arguments):
    result = subprocess.run([gesturetune, *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"serve-browser-test: gesturetune {' '.join(arguments)} failed: {result.stderr}")
    return result.stdout


def make_store(gesturetune, scratch):
    corpus = os.path.join(scratch, "corpus.jsonl")
    db = os.path.join(scratch, "team.sqlite")
    run(gesturetune, "synth", "--seed", "11", "--users", "16", "--devices", "3", "--sessions", "1",
        "--gestures", "30", "--out", corpus)
    run(gesturetune, "ingest", "--db", db, corpus)
    # Run 2 tunes two constants only, so the runs differ (as ServeEndToEndTests' do).
    for seed, tune in (("1", []), ("2", ["--tune", "swipeActions.threshold,tabSwipe.distanceThreshold"])):
        run(gesturetune, "optimize", "--db", db, "--seed", seed, "--max-evals", "12", "--sensitivity-points", "3",
            "--no-pareto", "--out", os.path.join(scratch, f"run-{seed}"), *tune)
    return db


def digest(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


# Wider than the screen: the page itself, or an element outside a scroller
# (tables and charts scroll inside `.scroll`; the events list scrolls itself).
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.scroll, ol.events, [hidden]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.right > width + 1 || r.left < -1)) wide.push(el.tagName + '.' + el.className);
  }
  return {page: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5)};
}"""


def check_layout(checks, page, what):
    layout = page.evaluate(OVERFLOW)
    checks.expect(layout["page"] <= 1 and not layout["wide"], f"{what}: nothing wider than the screen ({layout})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gesturetune", default=".build/debug/gesturetune")
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--screenshots", default="reports")
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    checks = Checks()
    with tempfile.TemporaryDirectory() as scratch:
        db = make_store(args.gesturetune, scratch)
        before = digest(db)
        server = subprocess.Popen([args.gesturetune, "serve", "--db", db, "--port", "0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        url = server.stdout.readline().strip()
        checks.expect(url.startswith("http://127.0.0.1:") and url.endswith("/"), f"first line is the URL ({url})")
        origin = url.rstrip("/")
        problems = []
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=args.chromium, headless=True,
                    args=(["--no-sandbox"] if os.geteuid() == 0 else [])
                    # Anything but loopback goes to a dead proxy (Chromium bypasses
                    # proxies for loopback): nothing can leave, and the request
                    # handler names whatever tries.
                    + ["--proxy-server=127.0.0.1:9"])

                def open_context(width, height, scheme, motion="no-preference", phone=False):
                    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                                  reduced_motion=motion, is_mobile=phone, has_touch=phone)
                    page = context.new_page()
                    page.on("console", lambda m: m.type in ("error", "warning")
                            and problems.append(f"console.{m.type}: {m.text}"))
                    page.on("pageerror", lambda e: problems.append(f"exception: {e}"))
                    page.on("request", lambda r: r.url.startswith(origin + "/")
                            or problems.append(f"request outside the server: {r.url}"))
                    return context, page

                for width, height, scheme, suffix in [(1280, 900, "light", ""), (390, 844, "light", "-phone"),
                                                      (390, 844, "dark", None)]:
                    what = f"{width} px {scheme}"
                    context, page = open_context(width, height, scheme, phone=width < 600)
                    # The run list.
                    page.goto(url)
                    rows = page.locator("table.cards tbody tr")
                    checks.expect(rows.count() == 2, f"{what}: the run list shows both runs")
                    checks.expect(rows.first.locator("th").inner_text().strip() == "#2", f"{what}: newest first")
                    check_layout(checks, page, f"{what}: run list")
                    if suffix is not None:
                        page.screenshot(path=os.path.join(args.screenshots, f"serve-runs{suffix}.png"), full_page=True)
                    # A comparison, from the list's link.
                    page.click("a[href='/compare/1/2']")
                    checks.expect(page.locator("h1").inner_text().startswith("Run #1 (A) against run #2 (B)"),
                                  f"{what}: the comparison opens from the list")
                    checks.expect(page.locator("p.pairing").inner_text().startswith("Paired:"),
                                  f"{what}: the runs are paired on the same held-out gestures")
                    check_layout(checks, page, f"{what}: comparison")
                    if suffix is not None:
                        page.screenshot(path=os.path.join(args.screenshots, f"serve-compare{suffix}.png"), full_page=True)
                    # The misfire explorer, filtered with its form.
                    page.goto(origin + "/runs/2/misfires")
                    kinds = [o for o in page.locator("select[name=kind] option").all_inner_texts() if o != "any"]
                    checks.expect(len(kinds) >= 1, f"{what}: the kind filter offers the run's kinds ({kinds})")
                    kind = kinds[0]
                    page.select_option("select[name=kind]", kind)
                    page.click("form.filters button")
                    page.wait_for_url(f"**kind={kind}**")
                    headings = page.locator("section.group h3").all_inner_texts()
                    checks.expect(headings and all(f" · {kind}" in h for h in headings),
                                  f"{what}: every group after the filter is {kind} ({len(headings)} groups)")
                    checks.expect(page.locator("svg.chart.path, figure svg").count() >= 1,
                                  f"{what}: misfires drawn as touch paths")
                    check_layout(checks, page, f"{what}: misfires")
                    if suffix is not None:
                        page.screenshot(path=os.path.join(args.screenshots, f"serve-misfires{suffix}.png"))
                    # A session's timeline, from a misfire's link, scrubbed.
                    page.click("text=replay this session's timeline >> nth=0")
                    page.wait_for_selector("#scrub")
                    cursor = page.locator("svg.timeline line.cursor").first
                    start = float(cursor.get_attribute("x1"))
                    page.locator("#scrub").focus()
                    page.keyboard.press("End")
                    end = float(cursor.get_attribute("x1"))
                    checks.expect(end > start + 300, f"{what}: End moves the cursor across ({start} → {end})")
                    passed_at_end = page.locator("ol.events li.past").count()
                    checks.expect(passed_at_end >= 1, f"{what}: at the end, events have passed ({passed_at_end})")
                    page.keyboard.press("Home")
                    checks.expect(float(cursor.get_attribute("x1")) == start, f"{what}: Home goes back")
                    page.keyboard.press("ArrowRight")
                    checks.expect(page.locator("#scrub").input_value() == "10000", f"{what}: → steps 10 ms")
                    maximum = int(page.locator("#scrub").get_attribute("max"))
                    page.locator("#scrub").fill(str(maximum // 2))
                    middle = float(cursor.get_attribute("x1"))
                    checks.expect(start < middle < end, f"{what}: the slider moves the cursor ({middle})")
                    checks.expect(page.locator("#now").inner_text() != "0 ms", f"{what}: the time readout follows")
                    check_layout(checks, page, f"{what}: session")
                    if suffix is not None:
                        page.screenshot(path=os.path.join(args.screenshots, f"serve-session{suffix}.png"), full_page=True)
                    context.close()

                # Reduced motion: no Play; the slider still scrubs.
                context, page = open_context(390, 844, "light", motion="reduce", phone=True)
                page.goto(origin + "/runs/2/misfires")
                page.click("text=replay this session's timeline >> nth=0")
                page.wait_for_selector("#scrub")
                checks.expect(not page.locator("#play").is_visible(), "reduced motion: no Play button")
                page.locator("#scrub").focus()
                page.keyboard.press("End")
                checks.expect(page.locator("ol.events li.past").count() >= 1, "reduced motion: scrubbing still works")
                context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
        checks.expect(not problems, f"no console error, exception or outside request ({problems[:5]})")
        checks.expect(digest(db) == before, "the store is byte-identical after the session")
        checks.expect(not os.path.exists(db + "-wal"), "no write-ahead log left beside the store")
    print(f"{checks.passed} passed, {checks.failed} failed")
    sys.exit(1 if checks.failed else 0)


if __name__ == "__main__":
    main()
