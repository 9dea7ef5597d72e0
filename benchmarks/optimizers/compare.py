#!/usr/bin/env python3
"""Optimizer comparison: gesturetune's optimizer vs random search vs Optuna TPE.

Benchmark only: Optuna is NOT a gesturetune dependency (`pip install optuna`).

Every optimizer gets the same number of objective evaluations and drives the
same simulator: `gesturetune evaluate --serve` (one process, the corpus loaded
once) answers one parameter set per line with the exact objective on the
TRAINING users. Each optimizer's best-on-train point (feasible first, then the
lowest objective — the ranking gesturetune itself uses) is then evaluated on
the HELD-OUT users, and those holdout figures are compared.

    python3 benchmarks/optimizers/compare.py --db /tmp/epilogue.sqlite --evals 300 --seeds 1 2 3

Writes a Markdown table to stdout (and --json FILE for the raw figures).
"""

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time


class Simulator:
    """A persistent `gesturetune evaluate --serve` process."""

    def __init__(self, binary, db, extra):
        self.process = subprocess.Popen(
            [binary, "evaluate", "--db", db, "--serve", *extra],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.calls = 0

    def evaluate(self, params, split="train"):
        self.process.stdin.write(json.dumps({"params": params, "split": split}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("gesturetune evaluate --serve exited")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(reply["error"])
        if split == "train":
            self.calls += 1
        return reply

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def rank_key(reply):
    """gesturetune's ranking: feasible first, smaller violation, then objective."""
    return (reply["totalViolation"], reply["objective"])


def sample_uniform(space, rng):
    params = {}
    for p in space:
        lo, hi = p["lowerBound"], p["upperBound"]
        if p["isInteger"]:
            params[p["name"]] = float(rng.randint(int(lo), int(hi)))
        elif p["scale"] == "log":
            params[p["name"]] = math.exp(rng.uniform(math.log(lo), math.log(hi)))
        else:
            params[p["name"]] = rng.uniform(lo, hi)
    return params


def defaults(space):
    return {p["name"]: p["defaultValue"] for p in space}


def run_random(sim, space, evals, seed):
    rng = random.Random(seed)
    best = None
    for i in range(evals):
        params = defaults(space) if i == 0 else sample_uniform(space, rng)
        reply = sim.evaluate(params)
        if best is None or rank_key(reply) < rank_key(best[1]):
            best = (params, reply)
    return best[0]


def run_optuna(sim, space, evals, seed):
    import optuna
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=seed)
    study = optuna.create_study(direction="minimize", sampler=sampler)
    study.enqueue_trial(defaults(space))   # the same head start gesturetune has
    replies = {}

    def objective(trial):
        params = {}
        for p in space:
            if p["isInteger"]:
                params[p["name"]] = float(trial.suggest_int(p["name"], int(p["lowerBound"]), int(p["upperBound"])))
            else:
                params[p["name"]] = trial.suggest_float(p["name"], p["lowerBound"], p["upperBound"],
                                                        log=p["scale"] == "log")
        reply = sim.evaluate(params)
        replies[trial.number] = (params, reply)
        return reply["penalized"]

    study.optimize(objective, n_trials=evals)
    return min(replies.values(), key=lambda pr: rank_key(pr[1]))[0]


def run_gesturetune(binary, db, evals, seed, extra):
    with tempfile.TemporaryDirectory() as out:
        started = time.time()
        result = subprocess.run(
            [binary, "optimize", "--db", db, "--max-evals", str(evals), "--seed", str(seed), "--json",
             "--sensitivity-points", "0", "--no-pareto", "--out", out, *extra],
            check=True, capture_output=True, text=True)
        summary = json.loads(result.stdout)
        summary["wall"] = time.time() - started
        return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", required=True)
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "../../.build/release/gesturetune"))
    parser.add_argument("--evals", type=int, default=300)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--tune", help="passed to gesturetune (default: the scene's set)")
    parser.add_argument("--budgets", help="budgets file passed to gesturetune ([] for none)")
    parser.add_argument("--fewer", type=int, nargs="*", default=[],
                        help="also run gesturetune with these smaller evaluation budgets")
    parser.add_argument("--globals", nargs="*", default=["lines"], choices=["lines", "lhs", "siman"],
                        help="gesturetune global phases to compare (optimize --global); the first is the default")
    parser.add_argument("--json", help="write the raw figures here")
    args = parser.parse_args()

    extra = (["--tune", args.tune] if args.tune else []) + (["--budgets", args.budgets] if args.budgets else [])
    space_args = ["--tune", args.tune] if args.tune else []
    space = json.loads(subprocess.run([args.binary, "evaluate", "--print-space", "--json", *space_args],
                                      check=True, capture_output=True, text=True).stdout)
    sim = Simulator(args.binary, args.db, extra)
    base_train = sim.evaluate(defaults(space))
    base_holdout = sim.evaluate(defaults(space), "holdout")
    rows = []
    methods = (["gesturetune"] + [f"gesturetune@{n}" for n in args.fewer]
               + [f"gesturetune --global {g}" for g in args.globals[1:]] + ["random", "optuna-tpe"])
    for seed in args.seeds:
        for method in methods:
            sim.calls = 0
            started = time.time()
            if method.startswith("gesturetune"):
                budget = int(method.split("@")[1]) if "@" in method else args.evals
                phase = method.split("--global ")[1] if "--global" in method else args.globals[0]
                summary = run_gesturetune(args.binary, args.db, budget, seed, extra + ["--global", phase])
                best, evals, seconds = summary["params"], summary["evaluations"], summary["wall"]
            elif method == "random":
                best = run_random(sim, space, args.evals, seed)
                evals, seconds = sim.calls, time.time() - started
            else:
                best = run_optuna(sim, space, args.evals, seed)
                evals, seconds = sim.calls, time.time() - started
            train = sim.evaluate(best)
            holdout = sim.evaluate(best, "holdout")
            rows.append({
                "seed": seed, "method": method, "evaluations": evals, "seconds": seconds,
                "trainObjective": train["objective"], "trainFeasible": train["feasible"],
                "holdoutObjective": holdout["objective"], "holdoutPenalized": holdout["penalized"],
                "holdoutMisfireRate": holdout["misfireRate"], "holdoutBudgetsMissed": holdout["budgetViolations"],
                "params": best,
            })
            print(f"seed {seed} {method:12s} evals {evals:4d} train {train['objective']:.4f} "
                  f"holdout {holdout['objective']:.4f} ({holdout['misfireRate']:.2%}) {seconds:.1f} s",
                  file=sys.stderr)
    sim.close()

    print(f"Baseline (reference constants): train objective {base_train['objective']:.4f}, "
          f"holdout objective {base_holdout['objective']:.4f}, holdout misfire rate {base_holdout['misfireRate']:.2%}.")
    print()
    print("| method | evaluations | train objective (mean) | feasible on train | holdout objective (mean) "
          "| holdout misfire rate (mean) | per seed (holdout objective) | budgets missed, holdout (nominal) | seconds (mean) |")
    print("|---|---:|---:|---:|---:|---:|---|---:|---:|")
    for method in methods:
        r = [x for x in rows if x["method"] == method]
        per_seed = ", ".join("%.4f" % x["holdoutObjective"] for x in r)
        print(f"| {method} | {max(x['evaluations'] for x in r)} "
              f"| {statistics.mean(x['trainObjective'] for x in r):.4f} "
              f"| {sum(x['trainFeasible'] for x in r)}/{len(r)} "
              f"| {statistics.mean(x['holdoutObjective'] for x in r):.4f} "
              f"| {statistics.mean(x['holdoutMisfireRate'] for x in r):.2%} "
              f"| {per_seed} "
              f"| {statistics.mean(x['holdoutBudgetsMissed'] for x in r):.1f} "
              f"| {statistics.mean(x['seconds'] for x in r):.1f} |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"baseline": {"train": base_train, "holdout": base_holdout}, "runs": rows}, f, indent=2)


if __name__ == "__main__":
    main()
