#!/usr/bin/env python3
"""Evaluations per second on Ray shards against this process's threads.

Streams the same N parameter sets (drawn with a fixed seed inside the tuning
space) to `gesturetune evaluate --serve`, locally and with `--ray local
--shards K`, and times the answers after the first (Ray's start, the
workers' loading and the first evaluation are not counted): seconds per
evaluation, evaluations per second, CPU seconds per evaluation and the peak memory of the process
asked and of each shard's worker. Also checks every run answered byte for
byte as the local one did.

usage: fanout.py --gesturetune .build/release/gesturetune --db .build/demo.sqlite [--requests 40] [--shards 1,2,4]
(--shards "": this process's threads only)
"""
import argparse
import json
import os
import random
import subprocess
import sys
import time


def peak_mb(pid):
    """A process's peak resident memory so far (VmHWM), in MB."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid):
    """User and system CPU a process has used so far."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def shard_workers(db):
    """The pids of the `evaluate --serve --shard K/N` workers serving db."""
    found = []
    for name in os.listdir("/proc"):
        try:
            with open(f"/proc/{name}/cmdline", "rb") as cmdline:
                argv = cmdline.read().split(b"\0")
        except OSError:
            continue
        # The worker may name the store by another path: its file name will do.
        if b"--shard" in argv and any(a.endswith(os.path.basename(db).encode()) for a in argv):
            found.append(int(name))
    return found


def stream(command, requests, db):
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True, bufsize=1)
    answers, times, cpu = [], [], []
    # One request at a time, as a search asks: the next after the answer.
    for line in requests:
        process.stdin.write(line + "\n")
        process.stdin.flush()
        answers.append(process.stdout.readline())
        times.append(time.monotonic())
        # CPU of the process asked and of the workers, which a shared
        # machine's load does not inflate as it does the seconds.
        cpu.append((cpu_seconds(process.pid), sum(cpu_seconds(pid) for pid in shard_workers(db))))
    # Peak memory before the run ends: the coordinator, and each worker.
    memory = (peak_mb(process.pid), [peak_mb(pid) for pid in shard_workers(db)])
    process.stdin.close()
    process.wait()
    n = len(times) - 1
    per = (times[-1] - times[0]) / n
    cpu_per = ((cpu[-1][0] - cpu[0][0]) / n, (cpu[-1][1] - cpu[0][1]) / n)
    return answers, per, memory + cpu_per


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
    one_core, one_per, one_memory = stream(["taskset", "-c", "0"] + base, requests, args.db)
    local, local_per, local_memory = stream(base, requests, args.db)
    rows = [("local, 1 core", one_per, True, one_memory),
            ("local, 2 threads", local_per, local == one_core, local_memory)]
    for k in [int(s) for s in args.shards.split(",") if s]:
        answers, per, memory = stream(base + ["--ray", "local", "--shards", str(k)], requests, args.db)
        rows.append((f"Ray, {k} shard{'s' if k > 1 else ''}", per, answers == one_core, memory))
    print(f"{args.requests} evaluations of {args.db} (timed after the first):")
    print("| where | s / evaluation | evaluations / s | vs local 1 core | same answers "
          "| CPU s / evaluation: coordinator; workers | peak MB: coordinator; workers |")
    print("|---|---:|---:|---:|---|---|---|")
    for name, per, same, (coordinator, workers, coordinator_cpu, workers_cpu) in rows:
        print(f"| {name} | {per:.3f} | {1 / per:.1f} | {one_per / per:.2f}× | {'yes' if same else 'NO'} | "
              f"{coordinator_cpu:.3f}; {workers_cpu:.3f} | "
              f"{coordinator:.0f}; {', '.join(f'{w:.0f}' for w in workers) or '—'} |")
    one_shard = next((per for name, per, _, _ in rows if name == "Ray, 1 shard"), None)
    if one_shard is not None:
        print(f"fan-out overhead on 1 shard: {one_shard - one_per:.3f} s per evaluation, "
              f"{(one_shard - one_per) / one_per * 100:.0f} % of the replay on one core")
    return 0 if all(same for _, _, same, _ in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
