# meetingd: `make run` starts the daemon, `make test` runs the whole suite.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench eval clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/pip install -q -e '.'
	touch $@

$(VENV)/.installed-test: $(BIN)/python pyproject.toml
	$(BIN)/pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/meetingd serve

test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

eval: $(VENV)/.installed
	$(BIN)/meetingd eval tests/fixtures/meetings

bench: $(VENV)/.installed-test
	$(BIN)/python bench/store_bench.py
	$(BIN)/python bench/supervisor_bench.py
	$(BIN)/python bench/asr_bench.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
