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
# `n<TAB>{…request…}`, passed on to the shards as it is; every shard
# answers it with its partial tally, and the bridge writes each shard's
# answer as it arrives, `n<TAB>k<TAB>{…tally of shard k…}` (k from 0), so
# that the coordinator decodes one while the others still replay; a
# request that cannot be answered is `n<TAB>failed<TAB>{"error": why}`.
# Requests are answered in the order they came; the bytes of requests and
# tallies pass through as they are (never decoded here). Merging is the
# coordinator's (in shard order; every sum in a tally is exact).
#
# Failures: an evaluation is a pure function, so a retry is exact. A worker
# process that dies (kill -9) is started again by its actor and the request
# asked again; an actor whose process dies is restarted by Ray and its call
# retried (max_restarts / max_task_retries). Progress and errors go to
# standard error; standard output carries replies only.
#
# What cannot be retried ends the run: a local Ray head whose GCS or raylet
# ended (a watchdog notices within a second) prints one `{"fatal": why}`
# line and the bridge exits. Everything this run started carries the token
# in GESTURETUNE_RAY_RUN (the coordinator sets it; Ray's processes and the
# workers inherit it): when the coordinator dies, however, the bridge ends
# every such process, and the coordinator ends them all when the bridge dies.
import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import queue

ATTEMPTS = 3
CONNECT_SECONDS = 5
LOOPBACK = ("localhost", "127.0.0.1", "::1")


def log(message):
    print(f"ray-bridge: {message}", file=sys.stderr, flush=True)


def fail(message):
    print(json.dumps({"error": message}), flush=True)
    return 1


def run_processes():
    """The pids of the other processes that carry this run's token."""
    token = os.environ.get("GESTURETUNE_RAY_RUN", "")
    found = []
    if not token:
        return found
    marker = f"GESTURETUNE_RAY_RUN={token}".encode()
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as environ:
                if marker in environ.read().split(b"\0"):
                    found.append(int(name))
        except OSError:
            pass
    return found


def end_run(*_):
    """Ends every process of the run but this one, then this one."""
    for pid in run_processes():
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    os._exit(1)


def follow_the_coordinator():
    """The coordinator's death, however it comes (kill -9 included), ends
    the run: its pid is polled, as PR_SET_PDEATHSIG would follow the thread
    that started the bridge rather than the process."""
    signal.signal(signal.SIGTERM, end_run)
    coordinator = os.getppid()

    def watch():
        while os.getppid() == coordinator:
            time.sleep(0.5)
        end_run()

    threading.Thread(target=watch, daemon=True).start()


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] not in ("Z", "X")
    except OSError:
        return False


stopping = threading.Event()  # set once the bridge shuts Ray down itself


def watch_the_head():
    """A local head's GCS and raylet, watched: when one ends, the run does."""
    head = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                parent = int(stat.read().rpartition(")")[2].split()[1])
            with open(f"/proc/{name}/cmdline", "rb") as cmdline:
                program = os.path.basename(cmdline.read().split(b"\0")[0].decode(errors="replace"))
        except (OSError, ValueError, IndexError):
            continue
        if parent == os.getpid() and program in ("gcs_server", "raylet"):
            head[int(name)] = program

    def watch():
        while not stopping.is_set():
            time.sleep(0.5)
            for pid, program in head.items():
                if not alive(pid) and not stopping.is_set():
                    print(json.dumps({"fatal": f"the local Ray head's {program} (pid {pid}) ended"}), flush=True)
                    time.sleep(0.3)  # the coordinator reads why before it sees the bridge end
                    end_run()

    if head:
        threading.Thread(target=watch, daemon=True).start()


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
        # Bytes, not text: a tally passes through without being decoded.
        self.process = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors)
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
                self.process.stdin.write(line + b"\n")
                self.process.stdin.flush()
                reply = self.process.stdout.readline()
            except (BrokenPipeError, OSError):
                reply = b""
            if reply:
                return reply.rstrip(b"\n")
            self.process.kill()
            self.process.wait()
        raise RuntimeError(f"the worker for shard {self.argv[-1]} died {ATTEMPTS} times answering one request")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--address", required=True)
    parser.add_argument("--shards", type=int, required=True)
    parser.add_argument("--temp-dir")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("worker", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    follow_the_coordinator()
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
    # Python looks beside the script first, and the bridge is written to the
    # temporary folder: a `/tmp/ray` left by any earlier Ray run (Ray's
    # default temporary folder) would shadow the package as a namespace
    # package ("module 'ray' has no attribute 'remote'").
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or ".") != here]
    import ray  # after the environment it reads and without the script's folder
    actor = ray.remote(max_restarts=-1, max_task_retries=-1)(Shard)
    try:
        if args.address == "local":
            # A head for this run only, on loopback, without the dashboard.
            ray.init(num_cpus=max(args.shards, os.cpu_count() or 1), _node_ip_address="127.0.0.1",
                     include_dashboard=False, log_to_driver=args.verbose, configure_logging=False,
                     _temp_dir=args.temp_dir)
            watch_the_head()
        else:
            ray.init(address=args.address, log_to_driver=args.verbose, configure_logging=False)
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
    out = sys.stdout.buffer

    def answer():
        while True:
            item = pending.get()
            if item is None:
                return
            ident, futures = item
            shard = {ref: k for k, ref in enumerate(futures)}
            waiting = futures
            try:
                # Each shard's answer as soon as it is here.
                while waiting:
                    done, waiting = ray.wait(waiting, num_returns=1)
                    for ref in done:
                        out.write(b"%d\t%d\t%s\n" % (ident, shard[ref], ray.get(ref)))
                        out.flush()
            except Exception as error:
                why = json.dumps({"error": str(error).strip().splitlines()[-1]}).encode()
                out.write(b"%d\tfailed\t%s\n" % (ident, why))
                out.flush()

    writer = threading.Thread(target=answer, daemon=True)
    writer.start()
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        ident, _, request = line.rstrip(b"\n").partition(b"\t")
        pending.put((int(ident), [a.ask.remote(request) for a in actors]))
    pending.put(None)
    writer.join()
    stopping.set()
    ray.shutdown()
    for pid in run_processes():  # what Ray's shutdown left running
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
