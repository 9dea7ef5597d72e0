#!/usr/bin/env python3
"""Open a report in headless Chromium with networking disabled, screenshot it,
and fail if the page logged a console error, threw, or requested anything but
the file itself.

Talks to Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe:
Chromium reads NUL-terminated JSON commands on fd 3 and writes on fd 4), so it
needs only the Python standard library and no free port. Networking is cut
twice: every host resolves to nothing (--host-resolver-rules) and every proxied
request goes to a closed port (--proxy-server), so a stray URL fails fast
instead of reaching the internet; the check does not rely on that, though: it
counts the requests the page *attempts* (Network.requestWillBeSent), so a
report that tries to load anything fails even offline.

usage: browser-check.py [--self-test] [--chromium PATH] [--screenshot OUT.png]
                        [--dark OUT.png] [--pages DIR] [--width 1200] [--scale 0.5] REPORT.html
"""
import argparse
import base64
import fcntl
import json
import os
import pathlib
import select
import shutil
import subprocess
import sys
import tempfile
import time


class DevTools:
    """A minimal DevTools-protocol client over Chromium's debugging pipe."""

    def __init__(self, process, to_browser, from_browser):
        self.process = process
        self.to_browser = to_browser
        self.from_browser = from_browser
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        wanted = self.next_id
        deadline = time.monotonic() + timeout
        while True:
            for reply in self._read(deadline, method):
                if reply.get("id") == wanted:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply.get("result", {})
                self.events.append(reply)

    def wait_for(self, method, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.events.extend(self._read(deadline, method))

    def drain(self, seconds):
        """Collects events for a while (late requests, late console errors)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                self.events.extend(self._read(deadline, "events"))
            except TimeoutError:
                return

    def _read(self, deadline, waiting_for):
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"Chromium sent no {waiting_for} in time")
            ready, _, _ = select.select([self.from_browser], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError(f"Chromium exited (status {self.process.poll()})")
            self.buffer += chunk
        *messages, self.buffer = self.buffer.split(b"\0")
        return [json.loads(m) for m in messages if m]


def find_chromium(explicit):
    for name in [explicit, "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]:
        if name and shutil.which(name):
            return shutil.which(name)
    sys.exit("browser-check: no Chromium found (install it: apt-get install -y chromium)")


def launch(chromium, profile):
    # fd 3: commands to Chromium; fd 4: replies from Chromium.
    commands_read, commands_write = os.pipe()
    replies_read, replies_write = os.pipe()
    args = [
        chromium, "--headless=new", "--remote-debugging-pipe",
        f"--user-data-dir={profile}",
        "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-extensions", "--disable-default-apps",
        "--disable-gpu", "--hide-scrollbars", "--mute-audio", "--font-render-hinting=none",
        "about:blank",
    ]
    if os.geteuid() == 0:
        args.insert(1, "--no-sandbox")  # Chromium refuses to sandbox as root

    def child_fds():
        # Copy both ends above 9 first, so that placing one on 3 or 4 cannot
        # clobber the other; dup2 leaves the copies on 3 and 4 inheritable.
        high_read = fcntl.fcntl(commands_read, fcntl.F_DUPFD, 10)
        high_write = fcntl.fcntl(replies_write, fcntl.F_DUPFD, 10)
        os.dup2(high_read, 3)
        os.dup2(high_write, 4)

    log = tempfile.TemporaryFile()
    process = subprocess.Popen(args, preexec_fn=child_fds, close_fds=False,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log)
    os.close(commands_read)
    os.close(replies_write)
    devtools = DevTools(process, commands_write, replies_read)
    devtools.log = log
    return process, devtools


def inspect(args, report_path):
    """Loads the page; returns what it contains and every problem seen.

    A browser that stalls (a slow start on a busy machine) gets one more try
    with a fresh profile before the check gives up, saying where it stalled
    and what Chromium printed."""
    for attempt in (1, 2):
        try:
            return inspect_once(args, report_path)
        except (TimeoutError, RuntimeError) as error:
            if attempt == 2:
                sys.exit(f"browser-check: Chromium failed twice: {error}")
            print(f"browser-check: Chromium stalled ({error}); retrying once", file=sys.stderr)


def inspect_once(args, report_path):
    report = pathlib.Path(report_path).resolve()
    if not report.is_file():
        sys.exit(f"browser-check: {report_path}: no such file")
    url = report.as_uri()
    chromium = find_chromium(args.chromium)
    problems = []
    with tempfile.TemporaryDirectory(prefix="gesturetune-chromium-") as profile:
        process, devtools = launch(chromium, profile)
        try:
            target = devtools.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = devtools.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ["Page", "Runtime", "Log", "Network"]:
                devtools.send(f"{domain}.enable", session=session)
            devtools.send("Emulation.setDeviceMetricsOverride",
                          {"width": args.width, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session=session)
            devtools.events.clear()
            navigation = devtools.send("Page.navigate", {"url": url}, session=session)
            if navigation.get("errorText"):
                problems.append(f"navigation failed: {navigation['errorText']}")
            devtools.wait_for("Page.loadEventFired", timeout=30)
            devtools.drain(1.0)

            # What the page itself says about its contents.
            facts = json.loads(devtools.send("Runtime.evaluate", {"returnByValue": True, "expression": """
                JSON.stringify({
                  scripts: document.scripts.length,
                  links: document.querySelectorAll('link').length,
                  figures: document.querySelectorAll('figure').length,
                  captioned: document.querySelectorAll('figure > figcaption').length,
                  svgs: document.querySelectorAll('svg').length,
                  emptySvgs: [...document.querySelectorAll('svg')].filter(s => s.getBoundingClientRect().height < 20).length,
                  resources: performance.getEntriesByType('resource').map(e => e.name),
                  height: document.documentElement.scrollHeight,
                  title: document.title
                })"""}, session=session)["result"]["value"])

            for event in devtools.events:
                method, params = event.get("method"), event.get("params", {})
                if method == "Network.requestWillBeSent":
                    requested = params.get("request", {}).get("url", "")
                    if requested != url:
                        problems.append(f"network request: {requested}")
                elif method == "Runtime.consoleAPICalled":
                    text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                    problems.append(f"console.{params.get('type')}: {text}")
                elif method == "Runtime.exceptionThrown":
                    details = params.get("exceptionDetails", {})
                    description = details.get("exception", {}).get("description", "")
                    problems.append(f"exception: {details.get('text')} {description}".strip())
                elif method == "Log.entryAdded" and params.get("entry", {}).get("level") in ("error", "warning"):
                    entry = params["entry"]
                    problems.append(f"log {entry.get('level')} ({entry.get('source')}): {entry.get('text')} {entry.get('url', '')}")
            if facts["scripts"]:
                problems.append(f"{facts['scripts']} script element(s)")
            if facts["links"]:
                problems.append(f"{facts['links']} link element(s)")
            if facts["resources"]:
                problems.append(f"resources loaded: {facts['resources']}")
            if facts["figures"] != facts["captioned"]:
                problems.append(f"{facts['figures'] - facts['captioned']} figure(s) without a figcaption")
            if facts["emptySvgs"]:
                problems.append(f"{facts['emptySvgs']} chart(s) drawn smaller than 20 px")

            def screenshot(path, scheme):
                devtools.send("Emulation.setEmulatedMedia",
                              {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session=session)
                height = devtools.send("Page.getLayoutMetrics", session=session)["cssContentSize"]["height"]
                shot = devtools.send("Page.captureScreenshot", {
                    "format": "png", "captureBeyondViewport": True,
                    "clip": {"x": 0, "y": 0, "width": args.width, "height": height, "scale": args.scale}},
                    session=session, timeout=120)
                pathlib.Path(path).write_bytes(base64.b64decode(shot["data"]))
                return height

            if args.screenshot and report_path == args.report:
                pathlib.Path(args.screenshot).parent.mkdir(parents=True, exist_ok=True)
                screenshot(args.screenshot, "light")
            if args.pages and report_path == args.report:
                # Full-scale screen-sized pieces, for a person to read.
                pages = pathlib.Path(args.pages)
                pages.mkdir(parents=True, exist_ok=True)
                for scheme in ["light", "dark"]:
                    devtools.send("Emulation.setEmulatedMedia",
                                  {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session=session)
                    height = devtools.send("Page.getLayoutMetrics", session=session)["cssContentSize"]["height"]
                    for index, top in enumerate(range(0, int(height), 1300)):
                        shot = devtools.send("Page.captureScreenshot", {
                            "format": "png", "captureBeyondViewport": True,
                            "clip": {"x": 0, "y": top, "width": args.width, "height": min(1300, height - top), "scale": 1}},
                            session=session, timeout=120)
                        (pages / f"{scheme}-{index:02d}.png").write_bytes(base64.b64decode(shot["data"]))
            if args.dark and report_path == args.report:
                screenshot(args.dark, "dark")
        except (TimeoutError, RuntimeError) as error:
            devtools.log.seek(0)
            tail = devtools.log.read().decode(errors="replace").strip().splitlines()[-5:]
            raise type(error)(f"{error}; Chromium's last words: {' | '.join(tail) or '(none)'}") from None
        finally:
            try:
                devtools.send("Browser.close", timeout=10)
            except Exception:
                pass
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    return facts, problems


# A page with one of each fault the check must catch.
BAD_PAGE = """<!DOCTYPE html><html><head><title>bad</title>
<link rel="stylesheet" href="http://example.invalid/x.css"></head><body>
<figure><svg width="10" height="10"></svg></figure>
<script>console.error("boom"); throw new Error("thrown on purpose")</script></body></html>"""


def self_test(args):
    """Proves on this machine's Chromium that the check can fail."""
    with tempfile.TemporaryDirectory(prefix="gesturetune-self-test-") as directory:
        page = pathlib.Path(directory) / "bad.html"
        page.write_text(BAD_PAGE)
        _, problems = inspect(args, page)
    expected = {
        "network request": "network request: http://example.invalid/x.css",
        "console error": "console.error: boom",
        "exception": "thrown on purpose",
        "script element": "1 script element(s)",
        "missing caption": "figure(s) without a figcaption",
        "tiny chart": "chart(s) drawn smaller than 20 px",
    }
    missed = [name for name, needle in expected.items() if not any(needle in p for p in problems)]
    if missed:
        print(f"browser-check: self-test FAILED: a bad page passed unnoticed: {', '.join(missed)}", file=sys.stderr)
        return 1
    print(f"browser-check: self-test OK: a bad page is caught ({len(problems)} problems)")
    return 0


def check(args):
    if args.self_test:
        status = self_test(args)
        if status or not args.report:
            return status
    facts, problems = inspect(args, args.report)
    print(f"browser-check: {args.report}: {facts['figures']} figures, {facts['svgs']} charts, "
          f"page {facts['height']} px tall, title {facts['title']!r}")
    if args.screenshot:
        size = os.path.getsize(args.screenshot)
        print(f"browser-check: screenshot {args.screenshot} ({size // 1024} KiB)")
    if problems:
        for problem in problems:
            print(f"browser-check: FAIL {problem}", file=sys.stderr)
        return 1
    print("browser-check: OK: loaded with no console errors, no exceptions and no network requests")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report", nargs="?")
    parser.add_argument("--self-test", action="store_true",
                        help="first check that a deliberately bad page fails (proves the check can fail)")
    parser.add_argument("--chromium")
    parser.add_argument("--screenshot")
    parser.add_argument("--dark", help="also screenshot the dark scheme to this file")
    parser.add_argument("--pages", help="also write full-scale screen-sized pieces (light and dark) into this directory")
    parser.add_argument("--width", type=int, default=1200)
    parser.add_argument("--scale", type=float, default=0.5, help="screenshot scale (keeps the PNG small)")
    sys.exit(check(parser.parse_args()))
