#!/usr/bin/env python3
"""Sums a PostgreSQL server log of one `gesturetune ingest` (every statement
logged with its duration) by phase of the import transaction: what the server
spent in COPY into the staging tables, in the set-based merge, and in the
rest; the statements (each one round trip or more); and what is left of the
wall time for the client (reading, parsing, hashing and staging the file)
and the loopback between. Prints a Markdown table. benchmarks/ingest/postgres-phases.sh
runs it.
"""
import argparse
import json
import re

# An extended-protocol query logs its parse, bind and execute steps apart;
# a simple query (COPY … FROM STDIN is one) logs one "statement".
ENTRY = re.compile(r"LOG:\s+duration: ([0-9.]+) ms\s+(statement|parse|bind|execute)[^:]*: (.*)")

PHASES = [
    ("COPY into the tables (the sessions' staging table, then each table's rows)", lambda sql: sql.startswith("COPY")),
    ("staging tables made (CREATE TEMP TABLE)", lambda sql: sql.startswith("CREATE TEMP TABLE")),
    ("merge: INSERT … SELECT into touch_samples", lambda sql: sql.startswith("INSERT INTO touch_samples")),
    ("merge: INSERT … SELECT into motion_samples", lambda sql: sql.startswith("INSERT INTO motion_samples")),
    ("merge: strokes, labels, sessions, devices, users, stored-session check",
     lambda sql: re.match(r"INSERT INTO (strokes|labels|sessions|devices|users)|SELECT s\.ord", sql) is not None),
    ("import row, its counts, earlier-import look-up", lambda sql: "imports" in sql),
    ("BEGIN / COMMIT", lambda sql: sql in ("BEGIN", "COMMIT")),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--log", required=True)
    parser.add_argument("--summary", required=True, help="the logged run's `ingest --json` output")
    parser.add_argument("--sqlite", type=float, required=True, help="seconds, the same files into SQLite")
    parser.add_argument("--quiet", type=float, required=True, help="seconds, PostgreSQL without statement logging")
    parser.add_argument("--logged", type=float, required=True, help="seconds, PostgreSQL with every statement logged")
    args = parser.parse_args()
    summary = json.load(open(args.summary))
    totals = {name: [0.0, 0] for name, _ in PHASES}
    totals["other (schema check, identity, …)"] = [0.0, 0]
    for line in open(args.log, errors="replace"):
        match = ENTRY.search(line)
        if not match:
            continue
        ms, step, sql = float(match.group(1)), match.group(2), match.group(3).strip()
        name = next((name for name, test in PHASES if test(sql)), "other (schema check, identity, …)")
        totals[name][0] += ms / 1000
        if step in ("statement", "execute"):
            totals[name][1] += 1
    server = sum(seconds for seconds, _ in totals.values())
    statements = sum(count for _, count in totals.values())
    samples = summary["touches"] + summary["motion"]
    print(f"{len(summary['files'])} files, {samples:,} samples; SQLite {args.sqlite:.2f} s, PostgreSQL "
          f"{args.quiet:.2f} s ({args.quiet / args.sqlite:.2f}× SQLite), {args.logged:.2f} s with every statement "
          f"logged:")
    print("| where the logged run's time went | statements | seconds | share |")
    print("|---|---:|---:|---:|")
    for name, (seconds, count) in totals.items():
        if count or seconds:
            print(f"| server: {name} | {count} | {seconds:.3f} | {seconds / args.logged * 100:.0f} % |")
    client = args.logged - server
    print(f"| server, all statements | {statements} | {server:.3f} | {server / args.logged * 100:.0f} % |")
    print(f"| client (read, parse, hash, stage) and loopback | | {client:.3f} | {client / args.logged * 100:.0f} % |")


if __name__ == "__main__":
    main()
