# gesturetune — the two commands a newcomer needs are `make demo` and `make test`.
SWIFT   ?= swift
BIN     := .build/release/gesturetune
DB      ?= .build/demo.sqlite
# The playground's store: its own, so the epilogue's figures see none of its sessions.
PLAYGROUND_DB ?= .build/demo-playground.sqlite
SEED    ?= 1

FUZZ_SECONDS ?= 60

# make docs: every module's DocC catalog with package symbols; fails on any warning.
.PHONY: all deps build test format lint catalogue docs demo bench bench-ingest browser-check record-browser-test serve-browser-test clean fuzz fuzz-smoke

all: build

deps:
	@scripts/ensure-system-packages.sh

build: deps
	$(SWIFT) build -c release --product gesturetune

# sqlite3 holds a store's write lock in the busy-store test.
# The Ray end-to-end tests start their own Ray head on 127.0.0.1 (usage
# statistics off); GESTURETUNE_TEST_RAY turns them on once Ray is installed.
# The suite runs beside a PostgreSQL server of its own (scripts/with-postgres.sh:
# Debian's PostgreSQL, installed when missing, on 127.0.0.1, stopped after,
# with TLS by a certificate openssl makes for the run), so the store's
# conformance tests and the team-store end-to-end tests run on both backends. A faster subset by hand: swift test --skip-build --filter X.
test: deps
	@scripts/ensure-system-packages.sh sqlite3 postgresql openssl
	@scripts/ensure-ray.sh
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	GESTURETUNE_TEST_RAY=1 RAY_USAGE_STATS_ENABLED=0 scripts/with-postgres.sh $(SWIFT) test --skip-build

# The committed .swift-format: `make format` rewrites the tree with it,
# `make lint` fails on any line it would change (CI runs it).
FORMATTED = Sources Tests Package.swift Fuzz/Sources Fuzz/Package.swift

format:
	$(SWIFT) format -i -r --parallel $(FORMATTED)

# …and the parameter catalogue: its generated Swift and docs table are what
# Sources/Recognizers/Catalogue/parameters.toml declares (`make catalogue`
# regenerates them after an edit there).
catalogue:
	python3 scripts/generate-catalogue.py

# …and the module graph: every import declared, nothing declared unused, no
# @_exported re-export (scripts/check-imports.py).
lint:
	$(SWIFT) format lint -r --strict --parallel $(FORMATTED)
	python3 scripts/check-imports.py
	python3 scripts/generate-catalogue.py --check
	@if command -v node >/dev/null 2>&1; then node --check Sources/StudyRecorder/Resources/study-page.js; \
	else echo "lint: node not found; the study page's script was not checked" >&2; fi

docs: deps
	@scripts/docs.sh

# Every recording under datasets/ (later corpora join automatically), but
# the playground's, which has a scene and a store of its own.
DATASETS = $(shell find datasets -name '*.jsonl' -not -path 'datasets/playground/*' 2>/dev/null | sort)
PLAYGROUND_DATASETS = $(shell find datasets/playground -name '*.jsonl' 2>/dev/null | sort)

demo: build
	@mkdir -p $(dir $(DB))
	@# Fresh stores each time: the shipped corpora may have changed since the last demo.
	@rm -f $(DB) $(DB)-wal $(DB)-shm $(PLAYGROUND_DB) $(PLAYGROUND_DB)-wal $(PLAYGROUND_DB)-shm
	$(BIN) ingest --db $(DB) $(DATASETS)
	$(BIN) ingest --db $(DB) --screen 800x480 datasets/recordings/evemu/Atmel*.events
	$(BIN) ingest --db $(DB) --screen 1280x960 \
	    --device-desc "datasets/recordings/evemu/N-Trig MultiTouch.desc" datasets/recordings/evemu/N-Trig*.events
	$(BIN) stats --db $(DB)
	$(BIN) optimize --db $(DB) --seed $(SEED) --out reports
	$(BIN) ingest --db $(PLAYGROUND_DB) $(PLAYGROUND_DATASETS)
	$(BIN) optimize --db $(PLAYGROUND_DB) --scene playground --seed $(SEED) --out reports/playground

# Each importer's libFuzzer target (Fuzz/) for FUZZ_SECONDS, from its
# regression corpus and fixtures: executions and findings per target; fails
# on any finding. fuzz-smoke is the bounded CI run (5 s per target, 40 s).
fuzz: deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

fuzz-smoke: deps
	scripts/fuzz.sh 5

bench-ingest: deps
	benchmarks/ingest/run.sh

clean:
	rm -rf .build $(DB) $(PLAYGROUND_DB)

# Opens reports/report.html (or REPORT=…) in headless Chromium, offline, and
# fails on console errors or network requests, or if at 390 or 1280 px (light
# and dark) anything is wider than the screen outside a scroller or chart text
# is under 9 px; screenshots in reports/report.png and reports/report-phone.png.
browser-check:
	@scripts/browser-check.sh $(REPORT)

# A whole short study against `gesturetune record` on loopback in headless
# Chromium with emulated touches (Playwright from PyPI, the system browser),
# a reload and a network drop mid-study; then stats and simulate on the store.
# Screenshot of a trial on a phone-sized viewport in reports/record-page.png.
record-browser-test:
	@scripts/record-browser-test.sh $(SCREENSHOT)

# `gesturetune serve` over a fresh store with two runs, in headless Chromium
# (as record-browser-test): the run list, a comparison, the misfire explorer
# filtered, a session's timeline scrubbed, at 390 px (light, dark, reduced
# motion) and 1280 px; no overflow, console error or outside request; the
# store byte-identical after. Screenshots in reports/serve-*.png.
serve-browser-test:
	@scripts/serve-browser-test.sh
