# vdcommerce: `make serve` and `make test` work on a fresh machine (they create .venv themselves).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test test-sqlite test-postgresql browser lint-imports typecheck bench bench-scaling soak collections clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json
	npm install --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

serve: $(STAMP)
	$(BIN)/vdcommerce serve --init

test: test-sqlite test-postgresql

# the Swagger UI test drives Debian's headless Chromium: installed with apt-get when missing (as root,
# or through sudo)
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
browser:
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium chromium-driver >/dev/null; \
	fi

typecheck: $(STAMP)
	$(BIN)/mypy

# the import contracts of pyproject.toml ([tool.importlinter]; docs/architecture.md)
lint-imports: $(STAMP)
	$(BIN)/lint-imports --no-cache

# pytest-xdist: each worker runs its own server on its own fresh database; whole files go to one worker,
# so a module's servers and fixtures are set up once. `make test PYTEST_WORKERS=4` on a bigger machine.
PYTEST_WORKERS ?= 2
PYTEST := $(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist loadfile

test-sqlite: $(STAMP) $(NODE_STAMP) browser
	VDC_TEST_DB=sqlite $(PYTEST)

test-postgresql: $(STAMP) $(NODE_STAMP) browser
	VDC_TEST_DB=postgresql $(PYTEST)

# the Postman collections against the server `make serve` runs (ADMIN_PASSWORD, or var/admin-credentials.json)
collections: $(STAMP) $(NODE_STAMP)
	$(BIN)/vdcommerce collections run

bench: $(STAMP)
	$(BIN)/python -m bench.run
	$(BIN)/python -m bench.checkout

# workers and mixed load on the local PostgreSQL server (not in CI; not part of make bench)
bench-scaling: $(STAMP)
	$(BIN)/python -m bench.scaling

# minutes of mixed load on several workers and consumers (not in CI): MINUTES=2 make soak
soak: $(STAMP)
	$(BIN)/python -m bench.soak --minutes $(or $(MINUTES),10)

clean:
	rm -rf $(VENV) var .pytest_cache
