#!/usr/bin/env python3
"""End-to-end test of `gesturetune record` in a real browser.

Starts `gesturetune record` on loopback (a fresh store, a free port), opens
the participant URL in Debian's headless Chromium (driven by Playwright with
the system browser: no browser download) as a phone (390 x 844, touch), and
runs a whole short study with touches emulated through DevTools
(`Input.dispatchTouchEvent`): the consent screen, a practice trial, then taps,
double taps, long presses, swipes and scrolls, tab-bar navigation included.

Along the way it drops the network while a session is sent (the session must
wait in the page and arrive once the network is back) and reloads the page
mid-study (it must resume at the same trial, with the trials done before the
reload still in the session); the note menu a long press leaves open is
closed by a step of the page's own before the next trial. Then Ctrl-C stops the server, and:
- `stats --json` shows exactly the sessions, labels, pointers and touch
  samples the page sent (counted from the request bodies the browser posted);
- `simulate --json` scores them: every emulated tap recognized as a tap;
- the page logged no console error, threw nothing and requested nothing but
  the server's own URLs (its Content-Security-Policy held).
A phone-sized screenshot of a trial goes to --screenshot (for the README).
Last, the page `record --export-page` writes is run from a file: its saved
session file must ingest.

usage: record-browser-test.py [--gesturetune PATH] [--chromium PATH] [--screenshot OUT.png]
Prints `N passed, N failed` at the end; exits 1 on any failure.
"""
import argparse
import json
import os
import pathlib
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

INTENTS = "tap,double-tap,long-press,swipe-actions,scroll"
TRIALS = 10
PER_SESSION = 4


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


def find_chromium(explicit):
    for name in [explicit, "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]:
        if name and shutil.which(name):
            return shutil.which(name)
    sys.exit("record-browser-test: no Chromium found (apt-get install -y chromium)")


def start_server(gesturetune, db):
    process = subprocess.Popen(
        [gesturetune, "record", "--db", db, "--port", "0", "--bind", "127.0.0.1", "--json",
         "--scene", "epilogue", "--intents", INTENTS, "--trials", str(TRIALS), "--practice", "1",
         "--trials-per-session", str(PER_SESSION), "--seed", "7"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if not line:
        sys.exit(f"record-browser-test: record did not start: {process.stderr.read()}")
    event = json.loads(line)
    assert event["event"] == "listening", event
    return process, event["urls"][0]


def run(gesturetune, *arguments):
    result = subprocess.run([gesturetune, *arguments], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"gesturetune {' '.join(arguments)}: exit {result.returncode}: {result.stderr}")
    return result.stdout


# MARK: - Touches through DevTools

class Finger:
    """Emulated touches: DevTools' Input.dispatchTouchEvent, as a touchscreen sends them."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind, points):
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def tap(self, x, y, hold=0.06, fingers=1):
        self.send("touchStart", [{"x": x + 40 * k, "y": y, "id": k} for k in range(fingers)])
        time.sleep(hold)
        self.send("touchEnd", [])

    def double_tap(self, x, y):
        self.tap(x, y)
        time.sleep(0.12)
        self.tap(x, y)

    def long_press(self, x, y):
        self.tap(x, y, hold=0.9)

    def stroke(self, x, y, dx, dy, seconds, steps=12):
        self.send("touchStart", [{"x": x, "y": y, "id": 0}])
        for k in range(1, steps + 1):
            time.sleep(seconds / steps)
            self.send("touchMove", [{"x": x + dx * k / steps, "y": y + dy * k / steps, "id": 0}])
        self.send("touchEnd", [])


def perform(finger, step, box):
    """Does what the prompt asks; returns the number of pointers it used."""
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    intent, direction = step["intent"], step["direction"]
    if intent == "tap":
        fingers = int(step.get("fingers", "1"))
        finger.tap(cx - 20 * (fingers - 1), cy, fingers=fingers)
        return fingers
    if intent == "double-tap":
        finger.double_tap(cx, cy)
        return 2
    if intent == "long-press":
        finger.long_press(cx, cy)
        return 1
    if intent == "swipe-actions":
        sign = -1 if direction == "left" else 1
        finger.stroke(cx - sign * 100, cy, sign * 200, 0, 0.15)
        return 1
    if intent == "scroll":
        finger.stroke(cx, cy + 150, 0, -300, 0.3, steps=18)
        return 1
    raise RuntimeError(f"the test cannot perform {intent}")


def current_step(page):
    page.wait_for_function("() => ['1', 'done'].includes(document.body.dataset.ready)", timeout=15000)
    return page.evaluate("""() => ({...document.body.dataset})""")


def target_box(page, step):
    if step.get("closes"):
        return page.locator(".overlay").bounding_box()
    selector = ".tabbar .target" if step["navigation"] == "1" else ".region.target"
    return page.locator(selector).bounding_box()


# MARK: - The offline page

def offline_study(gesturetune, browser, scratch, checks):
    """`record --export-page`: opened from a file, the session is saved as a
    download the person sends back, which `ingest` reads."""
    page_file = os.path.join(scratch, "study.html")
    run(gesturetune, "record", "--export-page", page_file, "--scene", "epilogue", "--intents", "tap,shake",
        "--trials", "2", "--practice", "0", "--seed", "3")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  accept_downloads=True)
    page = context.new_page()
    problems = []
    page.on("console", lambda m: m.type in ("error", "warning") and problems.append(f"console.{m.type}: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"exception: {e}"))
    page.on("request", lambda r: r.url.startswith(("file:", "blob:", "data:")) or problems.append(f"request: {r.url}"))
    page.goto(pathlib.Path(page_file).as_uri())
    finger = Finger(page)
    page.fill("#participant", "P02")
    page.check("input[name=hand][value=left]")
    page.check("#agree")
    page.click("#start")
    labels = 0
    while True:
        step = current_step(page)
        if step["ready"] == "done":
            break
        perform(finger, step, target_box(page, step))
        page.wait_for_selector("#bar.shown", timeout=5000)
        page.click("#next")
        labels += 1
    with page.expect_download() as download:
        page.click("#save")
    saved = os.path.join(scratch, "offline-session.jsonl")
    download.value.save_as(saved)
    context.close()
    db = os.path.join(scratch, "offline.sqlite")
    run(gesturetune, "ingest", "--db", db, saved)
    stats = json.loads(run(gesturetune, "stats", "--db", db, "--json"))
    checks.expect(stats["sessions"] == 1 and stats["labels"] == labels,
                  f"the offline page's saved file ingests: 1 session, {labels} labels")
    checks.expect(not problems, f"the offline page loads nothing and logs no error {problems}")
    # Headless Chromium grants no motion readings: the shake task is skipped, and the session says so.
    head = json.loads(pathlib.Path(saved).read_text().splitlines()[0])
    skipped = head["meta"].get("skipped", [])
    checks.expect(any(note.startswith("shake: ") for note in skipped) and stats["intents"].get("shake", 0) == 0,
                  f"without motion sensors the shake task is skipped with a note: {skipped}")
    checks.expect(head["user"] == "P02" and head["meta"]["hand"] == "left", "the offline session carries code and hand")


# MARK: - The study

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gesturetune", default=".build/debug/gesturetune")
    parser.add_argument("--chromium")
    parser.add_argument("--screenshot", default="reports/record-page.png")
    parser.add_argument("--keep", help="copy the study's store here afterwards (to look into a failure)")
    args = parser.parse_args()
    checks = Checks()
    chromium = find_chromium(args.chromium)

    with tempfile.TemporaryDirectory(prefix="gesturetune-record-") as scratch:
        db = os.path.join(scratch, "lab.sqlite")
        server, url = start_server(args.gesturetune, db)
        origin = url.split("/study/")[0]
        problems, posted = [], {}
        expected = {"labels": 0, "pointers": 0, "taps": 0}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium, headless=True,
                    args=["--no-sandbox"] if os.geteuid() == 0 else [])
                context = browser.new_context(
                    viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
                page = context.new_page()
                offline = []   # while the test has cut the network, failed sends are expected

                def on_console(message):
                    if message.type not in ("error", "warning"):
                        return
                    if offline and "ERR_INTERNET_DISCONNECTED" in message.text:
                        return
                    problems.append(f"console.{message.type}: {message.text}")

                page.on("console", on_console)
                page.on("pageerror", lambda e: problems.append(f"exception: {e}"))

                def on_request(request):
                    if not request.url.startswith(origin + "/study/"):
                        problems.append(f"request outside the study: {request.url}")

                def on_response(response):
                    if response.request.method == "POST" and response.ok:
                        body = response.request.post_data
                        posted[json.loads(body.splitlines()[0])["id"]] = body

                page.on("request", on_request)
                page.on("response", on_response)
                page.goto(url)
                finger = Finger(page)

                # Consent
                page.wait_for_selector("#consent:not([hidden])")
                page.fill("#participant", "P01")
                page.check("input[name=hand][value=right]")
                page.select_option("#age", "30-44")
                page.check("#agree")
                page.click("#start")

                recorded, reloaded, offline_tested, shot, closed = 0, False, False, False, 0
                while True:
                    step = current_step(page)
                    if step["ready"] == "done":
                        break
                    # The README's picture: a swipe on the note rows, the first tab's list.
                    if step["practice"] == "0" and not shot and step["intent"] == "swipe-actions":
                        pathlib.Path(args.screenshot).parent.mkdir(parents=True, exist_ok=True)
                        page.screenshot(path=args.screenshot)
                        shot = True
                    closed += bool(step.get("closes"))
                    box = target_box(page, step)
                    pointers = perform(finger, step, box)
                    page.wait_for_selector("#bar.shown", timeout=5000)
                    if step["practice"] == "0":
                        expected["labels"] += 1
                        expected["pointers"] += pointers
                        expected["taps"] += step["intent"] == "tap"
                        recorded += step["navigation"] == "0"
                    # The session that closes at the 4th trial is sent with the network down.
                    going_offline = not offline_tested and recorded == PER_SESSION and step["practice"] == "0" \
                        and step["navigation"] == "0"
                    if going_offline:
                        context.set_offline(True)
                        offline.append(True)
                    page.click("#next")
                    if going_offline:
                        offline_tested = True
                        page.wait_for_function("() => document.body.dataset.waiting === '1'", timeout=5000)
                        checks.expect(True, "a session finished offline waits in the page")
                        time.sleep(1)
                        checks.expect(len(posted) == 0, "nothing reached the server while offline")
                        context.set_offline(False)
                        page.wait_for_function("() => document.body.dataset.waiting === '0'", timeout=20000)
                        offline.clear()
                        page.wait_for_function("() => document.body.dataset.waiting === '0'", timeout=20000)
                        checks.expect(len(posted) == 1, "the waiting session arrived once the network was back")
                        # The store is readable while the study runs.
                        live = json.loads(run(args.gesturetune, "stats", "--db", db, "--json"))
                        checks.expect(live["sessions"] == 1, "stats reads the store while record runs")
                        scored = json.loads(run(args.gesturetune, "simulate", "--db", db, "--json"))
                        checks.expect(scored["sessions"] == 1, "simulate replays the store while record runs")
                    if not reloaded and recorded == PER_SESSION + 2 and step["navigation"] == "0":
                        before = current_step(page)
                        page.reload()
                        after = current_step(page)
                        reloaded = True
                        checks.expect(after["position"] == before["position"] and after["intent"] == before["intent"],
                                      f"a reload resumes at the same trial (position {after['position']})")

                page.wait_for_function("() => document.body.dataset.waiting === '0'", timeout=20000)
                checks.expect(reloaded and offline_tested, "the study ran through a reload and a network drop")
                page.click("#again")
                page.wait_for_selector("#consent:not([hidden])", timeout=5000)
                checks.expect(page.evaluate("() => document.getElementById('participant').value") == "",
                              "the next participant starts on an empty consent screen")
                offline_study(args.gesturetune, browser, scratch, checks)
                browser.close()
        finally:
            server.send_signal(signal.SIGINT)
            try:
                out, err = server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                out, err = server.communicate()
        checks.expect(server.returncode == 0, f"record stopped cleanly on Ctrl-C (exit {server.returncode})"
                      + ("" if server.returncode == 0 else f": {err[-300:]}"))
        stopped = json.loads(out.strip().splitlines()[-1])
        checks.expect(stopped["event"] == "stopped", "record printed its totals")

        # MARK: - What the store holds
        sent_touches = sum(1 for body in posted.values() for line in body.splitlines() if '"type":"touch"' in line)
        sent_labels = sum(1 for body in posted.values() for line in body.splitlines() if '"type":"label"' in line)
        sessions = -(-TRIALS // PER_SESSION)
        stats = json.loads(run(args.gesturetune, "stats", "--db", db, "--json"))
        print(f"stats: {stats['sessions']} sessions, {stats['labels']} labels, {stats['pointers']} pointers, "
              f"{stats['touches']} touches; expected {sessions} sessions, {expected}")
        checks.expect(stats["sessions"] == sessions == len(posted), f"{sessions} sessions stored, each once")
        checks.expect(stats["labels"] == expected["labels"] == sent_labels,
                      f"{expected['labels']} labels: every trial performed, none lost to the reload")
        checks.expect(stats["pointers"] == expected["pointers"], f"{expected['pointers']} pointers")
        checks.expect(stats["touches"] == sent_touches, f"{sent_touches} touch samples, as the browser sent them")
        checks.expect(stopped["counts"]["trials"] == expected["labels"], "record counted every trial")
        intents = stats.get("intents", {})
        checks.expect(all(intents.get(i, 0) > 0 for i in INTENTS.split(",")), f"every intent recorded: {intents}")

        simulation = json.loads(run(args.gesturetune, "simulate", "--db", db, "--json"))
        taps = simulation["perIntent"].get("tap", {})
        print(f"simulate: taps {taps}; misfire rate {simulation['total'].get('misfireRate', simulation.get('misfireRate'))}")
        checks.expect(taps.get("labels") == expected["taps"] and taps.get("correct") == expected["taps"],
                      f"all {expected['taps']} emulated taps recognized as taps")
        checks.expect(simulation["total"]["labels"] == expected["labels"], "simulate scores every label")
        # A long press on a note row leaves the note menu open: the page closed it with a step of its own.
        checks.expect(closed > 0 and simulation["recognitionsByGesture"].get("tap", 0) >= expected["taps"],
                      f"the note menu a trial left open was closed by a tap ({closed} times)")

        if args.keep:
            # SQLite's backup, not a file copy: the store's pages may still be in its -wal file.
            with sqlite3.connect(db) as source, sqlite3.connect(args.keep) as copy:
                source.backup(copy)

    for problem in problems:
        print(f"FAIL: page: {problem}", file=sys.stderr)
    checks.expect(not problems, "no console errors, no exceptions, no request outside the study")
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
