#!/usr/bin/env python3
"""Open a report in headless Chromium with networking disabled, screenshot it,
and fail if the page logged a console error, threw, or requested anything but
the file itself, and check its layout at a phone's and a desktop's width, in
light and dark: nothing wider than the screen outside a deliberate scroller
(an element of class "scroll"), every table cell under a before/after/verdict
(or old/new) column on screen without scrolling, and no chart text drawn
smaller than 9 px.

Talks to Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe:
Chromium reads NUL-terminated JSON commands on fd 3 and writes on fd 4), so it
needs only the Python standard library and no free port. Networking is cut
twice: every host resolves to nothing (--host-resolver-rules) and every proxied
request goes to a closed port (--proxy-server), so a stray URL fails fast
instead of reaching the internet; the check does not rely on that, though: it
counts the requests the page *attempts* (Network.requestWillBeSent), so a
report that tries to load anything fails even offline.

usage: browser-check.py [--self-test] [--chromium PATH] [--screenshot OUT.png]
                        [--phone-screenshot OUT.png] [--dark OUT.png] [--pages DIR]
                        [--width 1280] [--phone-width 390] [--scale 0.5] REPORT.html
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
            emulate(devtools, session, args.width, "light")
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

            # The layout at each width and scheme (the scheme changes no
            # size today, but a dark-only rule could).
            facts["layouts"] = []
            for width in [args.phone_width, args.width]:
                for scheme in ["light", "dark"]:
                    emulate(devtools, session, width, scheme)
                    layout = json.loads(devtools.send("Runtime.evaluate", {"returnByValue": True,
                                        "expression": LAYOUT % width}, session=session)["result"]["value"])
                    layout.update(width=width, scheme=scheme)
                    facts["layouts"].append(layout)
                    where = f"{width} px {scheme}"
                    for element in layout["wide"]:
                        problems.append(f"{where}: wider than the viewport (outside a .scroll): {element}")
                    if layout["pageWidth"] > width:
                        problems.append(f"{where}: the page is {layout['pageWidth']} px wide")
                    for text in layout["small"]:
                        problems.append(f"{where}: chart text smaller than {MIN_TEXT_PX} px: {text}")
                    for cell in layout["offscreen"]:
                        problems.append(f"{where}: table cell off screen without scrolling: {cell}")
                    for text in layout["clipped"]:
                        problems.append(f"{where}: chart text cut off by its chart's edge: {text}")

            def screenshot(path, scheme, width=args.width, scale=args.scale):
                emulate(devtools, session, width, scheme)
                height = devtools.send("Page.getLayoutMetrics", session=session)["cssContentSize"]["height"]
                shot = devtools.send("Page.captureScreenshot", {
                    "format": "png", "captureBeyondViewport": True,
                    "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": scale}},
                    session=session, timeout=120)
                pathlib.Path(path).parent.mkdir(parents=True, exist_ok=True)
                pathlib.Path(path).write_bytes(base64.b64decode(shot["data"]))
                return height

            if args.screenshot and report_path == args.report:
                screenshot(args.screenshot, "light")
            if args.phone_screenshot and report_path == args.report:
                # Full scale: at half scale a phone page is too small to read.
                screenshot(args.phone_screenshot, "light", width=args.phone_width, scale=1)
            if args.pages and report_path == args.report:
                emulate(devtools, session, args.width, "light")
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


MIN_TEXT_PX = 9

def emulate(devtools, session, width, scheme):
    """A screen of the given width (a phone's is a mobile one, so the page's
    viewport meta tag applies) and colour scheme."""
    devtools.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600}, session=session)
    devtools.send("Emulation.setEmulatedMedia",
                  {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session=session)


# What is too wide or too small at the current width (%d: the screen's width,
# not the layout viewport's, which a mobile browser widens to fit a too-wide
# page). Descendants of a .scroll are skipped (the scroller is the deliberate
# way to be wide; it must fit itself), and so are an SVG's shapes (the SVG
# clips them; its text is checked on its own). A text's rendered size is its
# computed font size times the scale from SVG units to CSS pixels.
LAYOUT = """(() => {
  const W = %d, MIN = """ + str(MIN_TEXT_PX) + """;
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const wide = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.parentElement.closest('.scroll') || el.parentElement.closest('svg')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > W + 0.5 || r.left < -0.5) wide.push(`${name(el)} ${Math.round(r.left)}…${Math.round(r.right)} px`);
  }
  const chart = t => (t.closest('svg').querySelector('title') || {}).textContent || '(untitled chart)';
  const texts = [...document.querySelectorAll('svg text')].map(t => {
    const m = t.getScreenCTM(), box = t.getBoundingClientRect(), frame = t.closest('svg').getBoundingClientRect();
    return {size: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), text: t.textContent, chart: chart(t),
            clipped: box.width > 0 && (box.left < frame.left - 1 || box.right > frame.right + 1 ||
                                       box.top < frame.top - 1 || box.bottom > frame.bottom + 1)};
  });
  const sizes = texts.map(t => t.size);
  const scrollers = [...document.querySelectorAll('.scroll')];
  // Every before/after/verdict cell of every table, by its column's title,
  // must be on screen as laid out, scrollers unscrolled: what a reader
  // compares must not hide past the right edge of a phone.
  const COMPARED = /\\b(before|after|verdict|old|new)\\b/i;
  let compared = 0;
  const offscreen = [];
  for (const table of document.querySelectorAll('table')) {
    const titles = [...table.querySelectorAll('thead tr:first-child > *')].map(h => h.textContent.trim());
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, i) => {
        if (!COMPARED.test(titles[i] || '')) return;
        const r = cell.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) return;
        compared += 1;
        if (r.right > W + 0.5 || r.left < -0.5)
          offscreen.push(`"${titles[i]}" = "${cell.textContent.trim()}" at ${Math.round(r.left)}…${Math.round(r.right)} px`);
      });
    }
  }
  return JSON.stringify({
    compared: compared,
    offscreenCount: offscreen.length,
    offscreen: offscreen.slice(0, 10),
    wide: wide.slice(0, 10),
    wideCount: wide.length,
    pageWidth: document.documentElement.scrollWidth,
    texts: texts.length,
    minText: sizes.length ? Math.min(...sizes) : null,
    smallCount: texts.filter(t => t.size < MIN).length,
    small: texts.filter(t => t.size < MIN).slice(0, 10).map(t => `${t.size.toFixed(1)} px "${t.text}" in "${t.chart}"`),
    clipped: texts.filter(t => t.clipped).slice(0, 10).map(t => `"${t.text}" in "${t.chart}"`),
    scrollers: scrollers.length,
    scrolling: scrollers.filter(s => s.scrollWidth > s.clientWidth + 1).length,
    height: document.documentElement.scrollHeight
  });
})()"""


# A page with one of each fault the check must catch.
BAD_PAGE = """<!DOCTYPE html><html><head><title>bad</title>
<link rel="stylesheet" href="http://example.invalid/x.css"></head><body>
<figure><svg width="10" height="10"></svg></figure>
<div style="width:2000px">wider than any screen</div>
<figure><svg viewBox="0 0 1000 100" style="width:300px"><title>shrunk</title>
<text x="10" y="50" font-size="12">4 px when drawn</text><text x="900" y="50" font-size="300">cut off</text></svg>
<figcaption>a chart drawn too wide for its box</figcaption></figure>
<div class="scroll" style="overflow-x:auto"><table><thead><tr><th>budget</th><th>before</th><th>after</th>
<th>verdict</th></tr></thead><tbody><tr><th style="min-width:600px">a long name</th><td>500 ms</td><td>280 ms</td>
<td>met</td></tr></tbody></table></div>
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
        "too wide on a phone": f"{args.phone_width} px light: wider than the viewport",
        "too wide on a desktop": f"{args.width} px dark: wider than the viewport",
        "too small chart text": f"chart text smaller than {MIN_TEXT_PX} px: 3.6 px \"4 px when drawn\"",
        "cut-off chart text": "chart text cut off by its chart's edge: \"cut off\"",
        "verdict off a phone's screen": f"{args.phone_width} px light: table cell off screen without scrolling: \"verdict\" = \"met\"",
    }
    # …and not on a desktop, where the same table fits: the cell check
    # measures where cells are, not merely that a table exists.
    if any(f"{args.width} px" in p and "table cell off screen" in p for p in problems):
        print("browser-check: self-test FAILED: a table that fits a desktop was called off screen", file=sys.stderr)
        return 1
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
    for layout in facts["layouts"]:
        print(f"browser-check: {layout['width']} px {layout['scheme']}: page {layout['pageWidth']} × {layout['height']} px, "
              f"{layout['wideCount']} element(s) wider than the screen, {layout['scrollers']} scrollers "
              f"({layout['scrolling']} scroll sideways), {layout['texts']} chart texts "
              f"({layout['smallCount']} under {MIN_TEXT_PX} px), smallest "
              f"{layout['minText'] if layout['minText'] is None else round(layout['minText'], 1)} px, "
              f"{len(layout['clipped'])} cut off, {layout['compared']} before/after/verdict cells "
              f"({layout['offscreenCount']} off screen)")
    for shot in [args.screenshot, args.phone_screenshot]:
        if shot:
            print(f"browser-check: screenshot {shot} ({os.path.getsize(shot) // 1024} KiB)")
    if problems:
        for problem in problems:
            print(f"browser-check: FAIL {problem}", file=sys.stderr)
        return 1
    print("browser-check: OK: loaded with no console errors, no exceptions and no network requests; "
          f"at {args.phone_width} and {args.width} px, light and dark, nothing wider than the screen "
          f"outside a scroller, every before/after/verdict table cell on screen and no chart text under {MIN_TEXT_PX} px")
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
    parser.add_argument("--phone-screenshot", help="also screenshot the page at --phone-width to this file")
    parser.add_argument("--width", type=int, default=1280, help="the desktop width checked")
    parser.add_argument("--phone-width", type=int, default=390, help="the phone width checked")
    parser.add_argument("--scale", type=float, default=0.5, help="screenshot scale (keeps the PNG small)")
    sys.exit(check(parser.parse_args()))
