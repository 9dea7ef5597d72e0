#!/usr/bin/env python3
"""Writes the rows of generate.py's gesturetune CSV (bench.csv) again in a
published study's layout (semicolon-separated, no header, one MotionEvent
row per sample: session;time_ms;action;x;y;pressure;size), with the mapping
that reads it, for the mapped-importer benchmark.

Usage: mapped.py --out .build/bench   (after generate.py --out .build/bench)
"""
import argparse, os

p = argparse.ArgumentParser()
p.add_argument("--out", default=".build/bench")
args = p.parse_args()
ACTION = {"began": 0, "moved": 2, "ended": 1}
n = 0
with open(os.path.join(args.out, "bench.csv")) as src, open(os.path.join(args.out, "bench-mapped.txt"), "w") as out:
    next(src)  # header
    for line in src:
        if line.startswith("#"):
            continue
        session, t, _, phase, x, y, force, radius = line.rstrip("\n").split(",")
        out.write("%s;%.3f;%d;%s;%s;%s;%s\n" % (session, float(t) * 1000, ACTION[phase], x, y, force, radius))
        n += 1
with open(os.path.join(args.out, "bench-mapping.yaml"), "w") as m:
    m.write("""study: bench
csv: {delimiter: ";", header: false}
columns: {task: 1, time: 2, action: 3, x: 4, y: 5}
time: {unit: ms, clock: uptime}
coordinates: {unit: points}
screen: {width: 393, height: 852}
session: {keys: [task]}
labels: {intent: pan}
""")
print(f"{n} rows -> {args.out}/bench-mapped.txt")
