#!/usr/bin/env python3
"""Uploads through `gesturetune record`: three servers on one PostgreSQL
store against one server on a SQLite file.

Sends N sessions (canonical JSON Lines, as the study page posts them and as
the end-to-end tests build them: labelled taps on the note rows) from
CLIENTS participants at once, each upload on a new connection. TWICE of
them are sent to two servers at once, as a retry that reached both: with
three servers to this one and the next, with one server to it twice. Every
request is timed from its first byte sent to its answer read; p50, p95 and
the largest are printed for both stores.

Checks, for each store: every upload answered 201 once, each doubled one
200 (already stored) the other time, nothing else; after the servers stop,
`stats --json` counts N sessions and N × TAPS labels.

usage: uploads.py --gesturetune BIN --postgres postgres://… --sqlite FILE [--uploads 300] [--twice 20]
(benchmarks/record/uploads.sh runs it beside a PostgreSQL server of its own.)
"""
import argparse
import concurrent.futures
import http.client
import json
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse


def session(name, user, taps):
    """One upload: the shape of RecordServer.session in the end-to-end tests."""
    lines = [json.dumps({
        "type": "session", "id": name, "format": "gesturetune-trace/1",
        "device": {"platform": "web", "screen": {"width": 390, "height": 844}, "scale": 3},
        "user": user, "scene": "epilogue", "meta": {"hand": "right", "study": "bench"}}, separators=(",", ":"))]
    for k in range(taps):
        lines.append(f'{{"type":"touch","t":{k + 0.1},"id":1,"phase":"began","x":120.5,"y":170.25}}')
        lines.append(f'{{"type":"touch","t":{k + 0.18},"id":1,"phase":"ended","x":121,"y":170.5}}')
        lines.append(f'{{"type":"label","start":{k + 0.1},"end":{k + 0.18},"intent":"tap","target":"note-row"}}')
    return ("\n".join(lines) + "\n").encode()


class Server:
    """`gesturetune record --json` on 127.0.0.1, a free port."""

    def __init__(self, gesturetune, db):
        # Every participant here comes from 127.0.0.1: the per-address limit
        # (300 a minute) is for one phone, not for a whole study.
        self.process = subprocess.Popen(
            [gesturetune, "record", "--db", db, "--port", "0", "--bind", "127.0.0.1", "--json",
             "--rate-limit", "100000"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        event = json.loads(self.process.stdout.readline())
        url = urllib.parse.urlparse(event["urls"][0])
        self.host, self.port, self.path = url.hostname, url.port, url.path + "/sessions"
        # Its event lines, read as they come (a full pipe would stop it).
        self.events = []
        self.reader = threading.Thread(target=lambda: self.events.extend(self.process.stdout), daemon=True)
        self.reader.start()

    def post(self, body):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        started = time.monotonic()
        connection.request("POST", self.path, body, {"Content-Type": "application/x-ndjson"})
        response = connection.getresponse()
        response.read()
        seconds = time.monotonic() - started
        connection.close()
        return response.status, seconds

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        _, errors = self.process.communicate(timeout=60)
        self.reader.join(timeout=10)
        if self.process.returncode != 0:
            raise SystemExit(f"record exited {self.process.returncode}: {errors.strip()}")


def upload_all(gesturetune, db, servers_count, args):
    servers = [Server(gesturetune, db) for _ in range(servers_count)]
    doubled = set(range(0, args.uploads, args.uploads // args.twice)[:args.twice]) if args.twice else set()
    requests = []  # (server, body)
    for k in range(args.uploads):
        body = session(f"bench-{k:04d}", f"P{k % 30:02d}", args.taps)
        first = servers[k % servers_count]
        requests.append((first, body))
        if k in doubled:
            requests.append((servers[(k + 1) % servers_count], body))
    # A doubled upload's two requests side by side in the queue: with CLIENTS
    # senders, both are in flight at once.
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.clients) as pool:
        results = list(pool.map(lambda r: r[0].post(r[1]), requests))
    wall = time.monotonic() - started
    for server in servers:
        server.stop()
    statuses = [status for status, _ in results]
    latencies = sorted(seconds for _, seconds in results)
    stats = json.loads(subprocess.run([gesturetune, "stats", "--db", db, "--json"], capture_output=True, text=True,
                                      check=True).stdout)
    checks = {
        "201 once per upload": statuses.count(201) == args.uploads,
        "200 once per doubled upload": statuses.count(200) == len(doubled),
        "no other answer": len(statuses) == args.uploads + len(doubled),
        "sessions stored": stats["sessions"] == args.uploads,
        "labels stored": stats["labels"] == args.uploads * args.taps,
    }
    failed = [name for name, ok in checks.items() if not ok]
    if failed:
        raise SystemExit(f"{db}: {', '.join(failed)} failed; statuses {sorted(set(statuses))}, "
                         f"{stats['sessions']} sessions, {stats['labels']} labels")
    p95 = latencies[max(0, int(round(0.95 * len(latencies))) - 1)]
    return {"requests": len(results), "wall": wall, "p50": statistics.median(latencies), "p95": p95,
            "max": latencies[-1], "sessions": stats["sessions"], "labels": stats["labels"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gesturetune", default=".build/release/gesturetune")
    parser.add_argument("--postgres", required=True, help="an empty PostgreSQL database (password in PGPASSWORD)")
    parser.add_argument("--sqlite", required=True, help="a SQLite store to create (the reference)")
    parser.add_argument("--uploads", type=int, default=300)
    parser.add_argument("--twice", type=int, default=20)
    parser.add_argument("--taps", type=int, default=24)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    rows = [("1 server, SQLite file", upload_all(args.gesturetune, args.sqlite, 1, args)),
            ("3 servers, one PostgreSQL", upload_all(args.gesturetune, args.postgres, 3, args))]
    reference = rows[0][1]["p95"]
    print(f"{args.uploads} uploads of {args.taps} labelled taps, {args.twice} of them sent to two servers "
          f"(or twice to the one) at once, {args.clients} senders; every upload stored once, none lost:")
    print("| where | requests | stored sessions | wall | uploads / s | p50 | p95 | max | p95 vs SQLite |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, r in rows:
        print(f"| {name} | {r['requests']} | {r['sessions']} | {r['wall']:.2f} s | {args.uploads / r['wall']:.0f} | "
              f"{r['p50'] * 1000:.1f} ms | {r['p95'] * 1000:.1f} ms | {r['max'] * 1000:.1f} ms | "
              f"{r['p95'] / reference:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
