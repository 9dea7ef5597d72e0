# gesturetune — the two commands a newcomer needs are `make demo` and `make test`.
SWIFT   ?= swift
BIN     := .build/release/gesturetune
DB      ?= .build/demo.sqlite

.PHONY: all deps build test demo bench bench-ingest clean

all: build

deps:
	@scripts/ensure-system-packages.sh

build: deps
	$(SWIFT) build -c release --product gesturetune

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Every recording under datasets/ (later corpora join automatically).
DATASETS = $(shell find datasets -name '*.jsonl' 2>/dev/null | sort)

demo: build
	@mkdir -p $(dir $(DB))
	$(BIN) ingest --db $(DB) $(DATASETS)
	$(BIN) stats --db $(DB)

bench-ingest: deps
	benchmarks/ingest/run.sh

clean:
	rm -rf .build $(DB)
