# The two commands of README.md: `make run` starts the site, `make test` runs every test.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
WEB_CONCURRENCY ?= 2
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

CLIENT_SOURCES := $(shell find client/src client/public client/pages client/index.html -type f 2>/dev/null)
BFF_SOURCES := $(shell find bff -type f -name '*.py' 2>/dev/null)
# Generated from the BFF's OpenAPI document, never committed: every target that compiles,
# type-checks or tests the client has it made first (docs/api.md).
API_TYPES := client/src/api/openapi.ts

.PHONY: run test cms cms-e2e install build migrate lint clean

## run: install what is needed, build the client, migrate, and serve on http://$(HOST):$(PORT),
## the reminders' sender and the release of scheduled entries beside it (the Procfile's reminders
## and scheduled processes; stopped with the site)
run: install build migrate
	$(BIN)/flask --app bff reminders run & reminders=$$!; \
	$(BIN)/flask --app bff cms release-scheduled --every 60 & scheduled=$$!; \
	trap 'kill $$reminders $$scheduled 2>/dev/null' EXIT; \
	HOST=$(HOST) PORT=$(PORT) WEB_CONCURRENCY=$(WEB_CONCURRENCY) $(BIN)/gunicorn --config gunicorn.conf.py \
		--bind $(HOST):$(PORT) --access-logfile - "bff:create_app()"

## cms: the CMS for editors, a Strapi 5 with its admin panel kept in instance/cms (scripts/cms)
cms: install
	VENV=$(VENV) bash scripts/cms

## cms-e2e: the admin panel's journeys (tests/cms-e2e/, Playwright on a desktop) against the CMS
## that `make cms` runs in another terminal (CMS_E2E_URL, CMS_HOME: instance/cms by default);
## CMS_E2E_SITE_URL, a site started on that CMS, adds the learner playing the exercise
cms-e2e:
	npx playwright test -c tests/cms-e2e/playwright.config.ts

## test: install what the tests need and run them all (see scripts/test)
test: install build
	bash scripts/install-system-deps
	VENV=$(VENV) bash scripts/test

install: $(VENV)/.installed node_modules/.installed $(API_TYPES)

$(VENV)/.installed: setup.cfg pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(API_TYPES): $(VENV)/.installed node_modules/.installed $(BFF_SOURCES) scripts/api-types
	VENV=$(VENV) bash scripts/api-types

build: client/dist/index.html

client/dist/index.html: node_modules/.installed $(API_TYPES) $(CLIENT_SOURCES) webpack.config.js tsconfig.json
	npm run build

migrate: $(VENV)/.installed
	$(BIN)/flask --app bff db upgrade
	$(BIN)/flask --app bff puzzles seed

lint: install
	$(BIN)/ruff check bff tests
	$(BIN)/ruff format --check bff tests
	$(BIN)/bandit -q -r bff --severity-level medium
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy
	npm run lint

clean:
	rm -rf $(VENV) node_modules client/dist $(API_TYPES) test-results playwright-report
