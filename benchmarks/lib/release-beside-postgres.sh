# Sourced (not run) by a benchmark that needs the release build and a
# PostgreSQL server of its own, from the repository's root:
#
#     source benchmarks/lib/release-beside-postgres.sh "$@"
#
# The first time through it builds the release gesturetune, then runs the
# calling script ($0) again, with the same arguments, under
# scripts/with-postgres.sh (127.0.0.1, a free port, fsync on, as a server
# that keeps its data would), which sets GESTURETUNE_TEST_POSTGRES; the
# second time through it returns and the benchmark goes on.
if [ -z "${GESTURETUNE_TEST_POSTGRES:-}" ]; then
    swift build -c release --product gesturetune >&2
    PG_FSYNC=on exec scripts/with-postgres.sh "$0" "$@"
fi
