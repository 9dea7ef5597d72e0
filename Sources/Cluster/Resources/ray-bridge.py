# gesturetune — the bridge between `gesturetune … --ray` and a Ray cluster.
# Copyright (C) 2026 the gesturetune authors. GPL-3.0-or-later.
#
# Started by the gesturetune process that coordinates a run (RayCluster.swift,
# which embeds this file), never by hand:
#
#   python3 ray-bridge.py --address local|ADDRESS --shards N -- WORKER ARGV…
#
# One Ray actor per shard keeps one warm worker process
# (`gesturetune evaluate --serve --shard K/N …`, which loads its shard of the
# store once). The coordinator writes one request a line on standard input,
# `{"id": n, "request": {…}}`; every shard answers it with its partial tally
# and the bridge writes `{"id": n, "parts": [tally of shard 1, …]}`, in shard
# order, one line, in the order the requests came. Merging is the
# coordinator's (in shard order; every sum in a tally is exact).
#
# Failures: an evaluation is a pure function, so a retry is exact. A worker
# process that dies (kill -9) is started again by its actor and the request
# asked again; an actor whose process dies is restarted by Ray and its call
# retried (max_restarts / max_task_retries). Progress and errors go to
# standard error; standard output carries replies only.
import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import queue

ATTEMPTS = 3
CONNECT_SECONDS = 5
LOOPBACK = ("localhost", "127.0.0.1", "::1")


def log(message):
    print(f"ray-bridge: {message}", file=sys.stderr, flush=True)


def fail(message):
    print(json.dumps({"error": message}), flush=True)
    return 1


class Shard:
    """One shard's warm worker process (a Ray actor: see main)."""

    def __init__(self, argv):
        self.argv = argv
        self.process = None
        self.ready = None
        self.starts = 0

    def _start(self):
        if self.starts:
            log(f"the worker for shard {self.argv[-1]} died; starting it again")
        self.starts += 1
        # Its standard error in a file, read only to say why it failed: a
        # pipe nobody reads could fill and stall it.
        self.errors = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors, text=True, bufsize=1)
        line = self.process.stdout.readline()
        if not line:
            self.process.wait()
            self.errors.seek(0)
            error = self.errors.read().strip()
            self.process = None
            raise RuntimeError(error or "the worker exited before it was ready")
        self.ready = json.loads(line)

    def _alive(self):
        return self.process is not None and self.process.poll() is None

    def start(self):
        """Loads the shard; returns the worker's ready line and its pid."""
        if not self._alive():
            self._start()
        return {"ready": self.ready, "pid": self.process.pid}

    def ask(self, line):
        for _ in range(ATTEMPTS):
            if not self._alive():
                self._start()
            try:
                self.process.stdin.write(line + "\n")
                self.process.stdin.flush()
                reply = self.process.stdout.readline()
            except (BrokenPipeError, OSError):
                reply = ""
            if reply:
                return reply.rstrip("\n")
            self.process.kill()
            self.process.wait()
        raise RuntimeError(f"the worker for shard {self.argv[-1]} died {ATTEMPTS} times answering one request")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--address", required=True)
    parser.add_argument("--shards", type=int, required=True)
    parser.add_argument("worker", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    worker = args.worker[1:] if args.worker[:1] == ["--"] else args.worker
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    host = "127.0.0.1"
    if args.address != "local":
        host, _, port = args.address.rpartition(":")
        host = host.strip("[]")
        # Ray retries an absent cluster for minutes: a plain connect first.
        try:
            socket.create_connection((host, int(port)), timeout=CONNECT_SECONDS).close()
        except (OSError, ValueError) as error:
            return fail(f"cannot reach Ray at {args.address} ({error})")
    if host in LOOPBACK:
        # Ray swaps a loopback address for the address this machine routes
        # out with; a cluster on this machine stays on loopback instead.
        os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    import ray  # after the environment it reads
    actor = ray.remote(max_restarts=-1, max_task_retries=-1)(Shard)
    try:
        if args.address == "local":
            # A head for this run only, on loopback, without the dashboard.
            ray.init(num_cpus=max(args.shards, os.cpu_count() or 1), _node_ip_address="127.0.0.1",
                     include_dashboard=False, log_to_driver=True, configure_logging=False)
        else:
            ray.init(address=args.address, log_to_driver=True, configure_logging=False)
    except Exception as error:  # no cluster there: one line, not a traceback
        lines = str(error).strip().splitlines() or [type(error).__name__]
        return fail(f"cannot reach Ray at {args.address} ({lines[-1]})")
    n = args.shards
    actors = [actor.options(num_cpus=1, scheduling_strategy="SPREAD").remote(worker + ["--shard", f"{k + 1}/{n}"])
              for k in range(n)]
    try:
        started = ray.get([a.start.remote() for a in actors])
    except Exception as error:  # a worker that cannot load its shard: say why, once
        return fail(str(error).strip().splitlines()[-1])
    print(json.dumps({"ready": [s["ready"] for s in started], "pids": [s["pid"] for s in started]}), flush=True)

    pending = queue.Queue()

    def answer():
        while True:
            item = pending.get()
            if item is None:
                return
            ident, futures = item
            try:
                parts = ray.get(futures)
                sys.stdout.write('{"id": %d, "parts": [%s]}\n' % (ident, ",".join(parts)))
            except Exception as error:
                sys.stdout.write(json.dumps({"id": ident, "error": str(error).strip().splitlines()[-1]}) + "\n")
            sys.stdout.flush()

    writer = threading.Thread(target=answer, daemon=True)
    writer.start()
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        request = json.dumps(message["request"], separators=(",", ":"))
        pending.put((message["id"], [a.ask.remote(request) for a in actors]))
    pending.put(None)
    writer.join()
    ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
