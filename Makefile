# gesturetune — the two commands a newcomer needs are `make demo` and `make test`.
SWIFT   ?= swift
BIN     := .build/release/gesturetune
DB      ?= .build/demo.sqlite

.PHONY: all deps build test demo bench clean

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
