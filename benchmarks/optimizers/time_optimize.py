#!/usr/bin/env python3
"""Wall time of `gesturetune optimize` on the shipped corpus (release build).

Ingests datasets/epilogue/*.jsonl into a scratch store (kept out of git), then
runs the full `gesturetune optimize` (default settings: 300 search evaluations,
validation with bootstrap intervals, sensitivity sweeps, the Pareto sweep)
--repeats times under /usr/bin/time -v, and prints a Markdown table: wall
time, user + system CPU, CPU share, peak RSS, evaluations, the held-out
misfire rates before → after, and the machine's load average around the runs.

    swift build -c release --product gesturetune
    python3 benchmarks/optimizers/time_optimize.py --repeats 3
"""

import argparse
import glob
import json
import os
import re
import subprocess
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "../.."))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/gesturetune"))
    parser.add_argument("--corpus", default=os.path.join(ROOT, "datasets/epilogue"))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("args", nargs="*", help="extra arguments for optimize")
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="gt-bench-optimize-")
    db = os.path.join(scratch, "epilogue.sqlite")
    files = sorted(glob.glob(os.path.join(args.corpus, "*.jsonl")))
    if not files:
        raise SystemExit(f"no corpus files in {args.corpus}")
    subprocess.run([args.binary, "ingest", "--db", db, *files], check=True, capture_output=True)

    def load():
        return open("/proc/loadavg").read().split()[0]

    print("| run | wall s | CPU s (user + sys) | CPU share | peak RSS | evaluations | holdout misfire rate | load before / after |")
    print("|---|---:|---:|---:|---:|---:|---|---|")
    for i in range(args.repeats):
        before = load()
        out = os.path.join(scratch, f"out{i}")
        result = subprocess.run(["/usr/bin/time", "-v", args.binary, "optimize", "--db", db, "--out", out, "--json",
                                 *args.args], check=True, capture_output=True, text=True)
        summary = json.loads(result.stdout)
        t = result.stderr

        def field(name):
            return re.search(re.escape(name) + r": (.*)", t).group(1).strip()
        wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
        minutes, seconds = wall.split(":")[-2:]
        wall_s = int(minutes) * 60 + float(seconds)
        cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
        rss = int(field("Maximum resident set size (kbytes)")) / 1024
        b, a = summary["baseline"], summary["tuned"]
        print(f"| {i + 1} | {wall_s:.1f} | {cpu:.1f} | {field('Percent of CPU this job got')} | {rss:.0f} MiB "
              f"| {summary['evaluations']} | {b['holdoutMisfireRate']:.2%} → {a['holdoutMisfireRate']:.2%} "
              f"| {before} / {load()} |")


if __name__ == "__main__":
    main()
