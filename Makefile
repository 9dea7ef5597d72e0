# gesturetune — the two commands a newcomer needs are `make demo` and `make test`.
SWIFT   ?= swift
BIN     := .build/release/gesturetune
DB      ?= .build/demo.sqlite

.PHONY: all deps build test demo bench clean browser-check

all: build

deps:
	@scripts/ensure-system-packages.sh

build: deps
	$(SWIFT) build -c release --product gesturetune

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build $(DB)

# Opens reports/report.html (or REPORT=…) in headless Chromium, offline, and
# fails on console errors or network requests; screenshot in reports/report.png.
browser-check:
	@scripts/browser-check.sh $(REPORT)
