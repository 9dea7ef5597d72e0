#!/usr/bin/env python3
"""`gesturetune record` and the store under hostile clients: the figures in
reports/RELIABILITY.md. Loopback only; the binary given (default: the release build).

    python3 benchmarks/reliability/hostile.py [.build/release/gesturetune]
"""
import json, os, signal, socket, statistics, subprocess, sys, tempfile, time, urllib.request

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/gesturetune")
FIXTURE = os.path.abspath("../shared/fixtures/velocity/flutter-velocity.jsonl")


def session(sid, taps=2):
    lines = [json.dumps({"type": "session", "id": sid, "format": "gesturetune-trace/1",
                         "device": {"platform": "web", "screen": {"width": 390, "height": 844}, "scale": 3},
                         "user": "P01", "scene": "epilogue", "meta": {"hand": "right"}})]
    for k in range(taps):
        lines.append(json.dumps({"type": "touch", "t": k + 0.1, "id": 1, "phase": "began", "x": 120.5, "y": 170.25}))
        lines.append(json.dumps({"type": "touch", "t": k + 0.18, "id": 1, "phase": "ended", "x": 121, "y": 170.5}))
        lines.append(json.dumps({"type": "label", "start": k + 0.1, "end": k + 0.18, "intent": "tap", "target": "note-row"}))
    return "\n".join(lines) + "\n"


def start(extra, nofile=None):
    db = os.path.join(tempfile.mkdtemp(prefix="gt-rel-"), "lab.sqlite")
    cmd = [BIN, "record", "--db", db, "--port", "0", "--bind", "127.0.0.1", "--json"] + extra
    if nofile:
        cmd = ["prlimit", f"--nofile={nofile}:{nofile}"] + cmd
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = json.loads(p.stdout.readline())["urls"][0]
    port = int(url.split(":")[2].split("/")[0])
    return p, url, port, db


def stalled(port, path):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(f"POST {path}/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n{{\"type\":".encode())
    return s


def stop_time(signals, extra):
    p, url, port, _ = start(extra)
    path = url.split(f":{port}")[1]
    s = stalled(port, path)
    time.sleep(0.3)
    t0 = time.monotonic()
    p.send_signal(signal.SIGINT)
    for _ in range(signals - 1):
        time.sleep(0.3)
        p.send_signal(signal.SIGINT)
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        return None
    s.close()
    return time.monotonic() - t0


def flood(nofile=256, attackers=300, requests=200):
    p, url, port, _ = start([], nofile=nofile)
    held = []
    for _ in range(attackers):
        c = socket.create_connection(("127.0.0.1", port))
        c.sendall(b"POST /study/x/sessions HTTP/1.1\r\nHost: x\r\nContent-")
        held.append(c)
    latencies = []
    for k in range(requests):
        t0 = time.monotonic()
        urllib.request.urlopen(url, timeout=30).read()
        latencies.append(time.monotonic() - t0)
        # The flood goes on: a new half-open connection after each request.
        c = socket.create_connection(("127.0.0.1", port))
        c.sendall(b"GET /study/")
        held.append(c)
    p.send_signal(signal.SIGINT)
    p.wait(timeout=30)
    for c in held:
        c.close()
    latencies.sort()
    return latencies[0], statistics.median(latencies), latencies[int(0.99 * len(latencies)) - 1], latencies[-1]


def busy():
    d = tempfile.mkdtemp(prefix="gt-busy-")
    db = os.path.join(d, "lab.sqlite")
    subprocess.run([BIN, "ingest", "--db", db, FIXTURE], check=True, capture_output=True)
    f = os.path.join(d, "s.jsonl")
    open(f, "w").write(session("busy-1"))
    holder = subprocess.Popen(["sqlite3", db], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    holder.stdin.write("BEGIN IMMEDIATE;\nSELECT 'held';\n")
    holder.stdin.flush()
    holder.stdout.readline()
    t0 = time.monotonic()
    r = subprocess.run([BIN, "ingest", "--db", db, f], capture_output=True, text=True)
    took = time.monotonic() - t0
    holder.stdin.close()
    holder.wait()
    return took, r.returncode, r.stderr.strip().splitlines()


if __name__ == "__main__":
    print(f"binary: {BIN}")
    times = [stop_time(1, []) for _ in range(5)]
    print("Ctrl-C during a stalled upload (default grace 3 s), 5 trials, s:", [round(t, 2) if t else "killed" for t in times])
    times = [stop_time(2, ["--shutdown-grace", "60"]) for _ in range(5)]
    print("two Ctrl-C 0.3 s apart (grace 60 s), 5 trials, s:", [round(t, 2) if t else "killed" for t in times])
    lo, p50, p99, hi = flood()
    print(f"page loads under 300+ half-open connections, open files 256, 200 requests: min {lo*1000:.1f} ms, "
          f"p50 {p50*1000:.1f} ms, p99 {p99*1000:.1f} ms, max {hi*1000:.1f} ms")
    took, code, lines = busy()
    print(f"ingest against sqlite3 holding BEGIN IMMEDIATE: exit {code} after {took:.2f} s")
    for line in lines:
        print("  " + line)
