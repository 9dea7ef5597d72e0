#!/usr/bin/env python3
"""Evaluations per second on Ray shards against this process's threads.

Streams the same N parameter sets (drawn with a fixed seed inside the tuning
space) to `gesturetune evaluate --serve`, locally and with `--ray local
--shards K`, and times the answers after the first (Ray's start, the
workers' loading and the first evaluation are not counted): seconds per
evaluation and evaluations per second. Also checks every run answered
byte for byte as the local one did.

usage: fanout.py --gesturetune .build/release/gesturetune --db .build/demo.sqlite [--requests 40] [--shards 1,2,4]
(--shards "": this process's threads only)
"""
import argparse
import json
import random
import subprocess
import sys
import time


def stream(command, requests):
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True, bufsize=1)
    answers, times = [], []
    # One request at a time, as a search asks: the next after the answer.
    for line in requests:
        process.stdin.write(line + "\n")
        process.stdin.flush()
        answers.append(process.stdout.readline())
        times.append(time.monotonic())
    process.stdin.close()
    process.wait()
    per = (times[-1] - times[0]) / (len(times) - 1)
    return answers, per


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gesturetune", default=".build/release/gesturetune")
    parser.add_argument("--db", default=".build/demo.sqlite")
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--shards", default="1,2,4")
    args = parser.parse_args()
    space = json.loads(subprocess.run([args.gesturetune, "evaluate", "--db", args.db, "--print-space", "--json"],
                                      capture_output=True, text=True, check=True).stdout)
    rng = random.Random(7)
    requests = [json.dumps({p["name"]: p["lowerBound"] + (p["upperBound"] - p["lowerBound"]) * rng.random()
                            for p in space[:8]}) for _ in range(args.requests)]
    base = [args.gesturetune, "evaluate", "--db", args.db, "--serve"]
    # Local on one core (taskset: the one thread a shard has) and on both.
    one_core, one_per = stream(["taskset", "-c", "0"] + base, requests)
    local, local_per = stream(base, requests)
    rows = [("local, 1 core", one_per, True), ("local, 2 threads", local_per, local == one_core)]
    for k in [int(s) for s in args.shards.split(",") if s]:
        answers, per = stream(base + ["--ray", "local", "--shards", str(k)], requests)
        rows.append((f"Ray, {k} shard{'s' if k > 1 else ''}", per, answers == one_core))
    print(f"{args.requests} evaluations of {args.db} (timed after the first):")
    print("| where | s / evaluation | evaluations / s | vs local 1 core | same answers |")
    print("|---|---:|---:|---:|---|")
    for name, per, same in rows:
        print(f"| {name} | {per:.3f} | {1 / per:.1f} | {one_per / per:.2f}× | {'yes' if same else 'NO'} |")
    one_shard = next((per for name, per, _ in rows if name == "Ray, 1 shard"), None)
    if one_shard is not None:
        print(f"fan-out overhead on 1 shard: {one_shard - one_per:.3f} s per evaluation, "
              f"{(one_shard - one_per) / one_per * 100:.0f} % of the replay on one core")
    return 0 if all(same for _, _, same in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
