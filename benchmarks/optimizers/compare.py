#!/usr/bin/env python3
"""Optimizer comparison: gesturetune's optimizer against Optuna's TPE and CMA-ES
(and random search), at several evaluation budgets, on any store and scene.

Benchmark only: Optuna is NOT a gesturetune dependency
(`pip install optuna==5.0.0 cmaes`).

Every optimizer gets the same number of objective evaluations and drives the
same simulator: `gesturetune evaluate --serve` (one process, the corpus loaded
once) answers one parameter set per line with the exact objective on the
TRAINING users. Each optimizer's best-on-train point (feasible first, then the
lowest objective — the ranking gesturetune itself uses) is then evaluated on
the HELD-OUT users, and those holdout figures are compared.

    python3 benchmarks/optimizers/compare.py --db /tmp/epilogue.sqlite --evals 100 300 1000 --seeds 1 2 3
    python3 benchmarks/optimizers/compare.py --db /tmp/bioident.sqlite

gesturetune runs `optimize --max-evals N` once per budget, as a designer
would; an Optuna study runs once with the largest budget and is judged at
each smaller one by the best of its first N trials (what a study of N
trials returns: a trial depends only on the trials before it).

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


def best_prefixes(trials, budgets):
    """The best (gesturetune's ranking) of the first n trials, for each n."""
    result, best = {}, None
    for i, (params, reply) in enumerate(trials, 1):
        if best is None or rank_key(reply) < rank_key(best[1]):
            best = (params, reply)
        if i in budgets:
            result[i] = best[0]
    for n in budgets:
        result.setdefault(n, best[0])
    return result


def run_random(sim, space, budgets, seed):
    rng = random.Random(seed)
    trials = []
    for i in range(max(budgets)):
        params = defaults(space) if i == 0 else sample_uniform(space, rng)
        trials.append((params, sim.evaluate(params)))
    return best_prefixes(trials, budgets)


def run_optuna(sim, space, budgets, seed, sampler_name):
    """One study of max(budgets) trials; a sampler's trial k depends only on
    the trials before it, so the best of its first n trials is what a study
    of n trials returns."""
    import optuna
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    if sampler_name == "tpe":
        sampler = optuna.samplers.TPESampler(seed=seed)
    else:
        sampler = optuna.samplers.CmaEsSampler(seed=seed)
    study = optuna.create_study(direction="minimize", sampler=sampler)
    study.enqueue_trial(defaults(space))   # the same head start gesturetune has
    trials = []

    def objective(trial):
        params = {}
        for p in space:
            if p["isInteger"]:
                params[p["name"]] = float(trial.suggest_int(p["name"], int(p["lowerBound"]), int(p["upperBound"])))
            else:
                params[p["name"]] = trial.suggest_float(p["name"], p["lowerBound"], p["upperBound"],
                                                        log=p["scale"] == "log")
        reply = sim.evaluate(params)
        trials.append((params, reply))
        return reply["penalized"]

    study.optimize(objective, n_trials=max(budgets))
    return best_prefixes(trials, budgets)


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
    parser.add_argument("--evals", type=int, nargs="+", default=[100, 300, 1000],
                        help="evaluation budgets (each method is judged at each)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--scene", help="passed to gesturetune (default: the store's)")
    parser.add_argument("--space-scene",
                        help="the scene whose tuning space to search when --scene is not given (default: the "
                             "store's own, as `evaluate --db DB --print-space` prints it)")
    parser.add_argument("--tune", help="passed to gesturetune (default: the scene's set)")
    parser.add_argument("--budgets", help="budgets file passed to gesturetune ([] for none)")
    parser.add_argument("--methods", nargs="+", default=["gesturetune", "tpe", "cmaes"],
                        choices=["gesturetune", "tpe", "cmaes", "random"])
    parser.add_argument("--baseline-binary", help="also run this gesturetune build (e.g. an earlier commit's)")
    parser.add_argument("--json", help="write the raw figures here")
    args = parser.parse_args()

    extra = ((["--scene", args.scene] if args.scene else []) + (["--tune", args.tune] if args.tune else [])
             + (["--budgets", args.budgets] if args.budgets else []))
    space_scene = args.scene or args.space_scene
    space_args = (["--scene", space_scene] if space_scene else []) + (["--tune", args.tune] if args.tune else [])
    space = json.loads(subprocess.run([args.binary, "evaluate", "--db", args.db, "--print-space", "--json",
                                       *space_args], check=True, capture_output=True, text=True).stdout)
    sim = Simulator(args.binary, args.db, extra)
    base_train = sim.evaluate(defaults(space))
    base_holdout = sim.evaluate(defaults(space), "holdout")
    budgets = sorted(args.evals)
    binaries = [("gesturetune", args.binary)] + ([("baseline", args.baseline_binary)] if args.baseline_binary else [])
    rows = []

    def judge(seed, method, n, best, evals, seconds):
        train = sim.evaluate(best)
        holdout = sim.evaluate(best, "holdout")
        rows.append({
            "seed": seed, "method": method, "budget": n, "evaluations": evals, "seconds": seconds,
            "trainObjective": train["objective"], "trainFeasible": train["feasible"],
            "trainBudgetsMissed": train["budgetViolations"],
            "holdoutObjective": holdout["objective"], "holdoutPenalized": holdout["penalized"],
            "holdoutMisfireRate": holdout["misfireRate"], "holdoutBudgetsMissed": holdout["budgetViolations"],
            "params": best,
        })
        print(f"seed {seed} {method:12s} @{n:<5d} train {train['objective']:.4f}"
              f"{'' if train['feasible'] else ' (infeasible)'} holdout {holdout['objective']:.4f} "
              f"({holdout['misfireRate']:.2%}) {seconds:.1f} s", file=sys.stderr)

    for seed in args.seeds:
        for method in args.methods:
            if method == "gesturetune":
                for name, binary in binaries:
                    for n in budgets:
                        summary = run_gesturetune(binary, args.db, n, seed, extra)
                        judge(seed, name, n, summary["params"], summary["evaluations"], summary["wall"])
                continue
            started = time.time()
            sim.calls = 0
            if method == "random":
                bests = run_random(sim, space, budgets, seed)
            else:
                bests = run_optuna(sim, space, budgets, seed, method)
            seconds = time.time() - started
            for n in budgets:
                judge(seed, method, n, bests[n], n, seconds * n / max(budgets))
    sim.close()

    print(f"Reference constants: train objective {base_train['objective']:.4f}"
          f"{'' if base_train['feasible'] else ' (infeasible: %d budgets missed)' % base_train['budgetViolations']}, "
          f"held-out objective {base_holdout['objective']:.4f}, held-out misfire rate "
          f"{base_holdout['misfireRate']:.2%}, held-out budgets missed {base_holdout['budgetViolations']}.")
    print()
    print("| method | evaluations | train objective (mean) | feasible on train | held-out objective (mean) "
          "| per seed | held-out misfire rate (mean) | held-out budgets missed (mean) | seconds (mean) |")
    print("|---|---:|---:|---:|---:|---|---:|---:|---:|")
    names = [name for name, _ in binaries] if "gesturetune" in args.methods else []
    names += [m for m in args.methods if m != "gesturetune"]
    for method in names:
        for n in budgets:
            r = [x for x in rows if x["method"] == method and x["budget"] == n]
            if not r:
                continue
            print(f"| {method} | {n} "
                  f"| {statistics.mean(x['trainObjective'] for x in r):.4f} "
                  f"| {sum(x['trainFeasible'] for x in r)}/{len(r)} "
                  f"| {statistics.mean(x['holdoutObjective'] for x in r):.4f} "
                  f"| {', '.join('%.4f' % x['holdoutObjective'] for x in r)} "
                  f"| {statistics.mean(x['holdoutMisfireRate'] for x in r):.2%} "
                  f"| {statistics.mean(x['holdoutBudgetsMissed'] for x in r):.1f} "
                  f"| {statistics.mean(x['seconds'] for x in r):.1f} |")
    # Monotone in the budget: on the training people a longer run is never worse.
    for name in [n for n, _ in binaries] if "gesturetune" in args.methods else []:
        for seed in args.seeds:
            r = sorted((x for x in rows if x["method"] == name and x["seed"] == seed), key=lambda x: x["budget"])
            keys = [(0 if x["trainFeasible"] else 1, x["trainObjective"]) for x in r]
            if any(b > a for a, b in zip(keys, keys[1:])):
                print(f"\n{name}, seed {seed}: NOT monotone in the budget: "
                      + ", ".join(f"@{x['budget']} {x['trainObjective']:.4f}" for x in r))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"baseline": {"train": base_train, "holdout": base_holdout}, "runs": rows}, f, indent=2)


if __name__ == "__main__":
    main()
