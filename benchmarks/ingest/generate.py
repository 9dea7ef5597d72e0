#!/usr/bin/env python3
"""Generates a synthetic ingest benchmark: N touch samples as canonical JSONL,
the same traces as gesturetune CSV, and the same rows as a plain CSV of the
touch_samples table (for the sqlite3 CLI's .import reference).

Usage: generate.py --samples 2000000 --out .build/bench
"""
import argparse, math, os, random

p = argparse.ArgumentParser()
p.add_argument("--samples", type=int, default=2_000_000)
p.add_argument("--out", default=".build/bench")
p.add_argument("--per-session", type=int, default=10_000)
args = p.parse_args()
os.makedirs(args.out, exist_ok=True)
rng = random.Random(42)
PHASES = {"began": 0, "moved": 1, "stationary": 2, "ended": 3, "cancelled": 4}

jsonl = open(os.path.join(args.out, "bench.jsonl"), "w")
csv = open(os.path.join(args.out, "bench.csv"), "w")
rows = open(os.path.join(args.out, "bench-rows.csv"), "w")
csv.write("session,t,id,phase,x,y,force,radius\n")
rows.write("id,session,stroke,t,phase,x,y,force,radius\n")

written = 0
row_id = 0
stroke_id = 0
session_no = 0
while written < args.samples:
    session_no += 1
    sid = f"bench-{session_no:05d}"
    head = ('{"type":"session","id":"%s","format":"gesturetune-trace/1","device":{"platform":"ios",'
            '"model":"iPhone15,2","screen":{"width":393,"height":852},"scale":3,"sampleRateHz":120},'
            '"user":"p%02d","scene":"bench"}' % (sid, session_no % 20))
    jsonl.write(head + "\n")
    csv.write('#session,"%s"\n' % head.replace('"', '""'))
    t_us = 0
    in_session = 0
    while in_session < args.per_session and written < args.samples:
        n = min(rng.randint(20, 80), args.samples - written, args.per_session - in_session)
        if n < 2:
            n = 2
        stroke_id += 1
        x, y = rng.uniform(20, 370), rng.uniform(40, 800)
        vx, vy = rng.uniform(-1500, 1500), rng.uniform(-1500, 1500)
        for k in range(n):
            phase = "began" if k == 0 else ("ended" if k == n - 1 else "moved")
            t = t_us / 1e6
            force = round(rng.uniform(0.2, 1.8), 3)
            radius = round(rng.uniform(15, 30), 2)
            jsonl.write('{"type":"touch","t":%.6f,"id":1,"phase":"%s","x":%.2f,"y":%.2f,"force":%s,"radius":%s}\n'
                        % (t, phase, x, y, force, radius))
            csv.write("%s,%.6f,1,%s,%.2f,%.2f,%s,%s\n" % (sid, t, phase, x, y, force, radius))
            row_id += 1
            rows.write("%d,%d,%d,%d,%d,%.2f,%.2f,%s,%s\n"
                       % (row_id, session_no, stroke_id, t_us, PHASES[phase], x, y, force, radius))
            x += vx / 120
            y += vy / 120
            t_us += 8333
        t_us += 250_000
        written += n
        in_session += n
    jsonl.write('{"type":"label","start":0,"end":%.6f,"intent":"pan"}\n' % (t_us / 1e6))
    csv.write("#label,%s,0,%.6f,pan,,,,\n" % (sid, t_us / 1e6))
print(f"{written} samples in {session_no} sessions, {stroke_id} strokes -> {args.out}")
