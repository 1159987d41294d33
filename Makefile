# Two entry points (see README): `make serve` and `make test`.
# Every pip call uses constraints.txt (torch/torchvision pins).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: serve test install install-all lint unit catalog

$(BIN)/python:
	@$(PYTHON) -m venv $(VENV) 1>&2
	@$(BIN)/pip install -q --upgrade pip 1>&2

# The server's own install: the core (pdfium, pdfplumber, SQLite, MCP); no torch.
install: $(BIN)/python
	@$(BIN)/pip install -q -c constraints.txt . 1>&2

# Everything, for the full test suite: semantic search, all OCR engines, Dask, dev tools.
install-all: $(BIN)/python
	@$(BIN)/pip install -q -c constraints.txt -e ".[all,dev]" 1>&2

# Install, then run the MCP stdio server (stdout carries only the protocol).
serve: install
	@exec $(BIN)/pdfcore-mcp $(ARGS)

lint:
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# Install everything, run the quality gates, then the whole test suite.
test: install-all
	@$(MAKE) --no-print-directory lint
	$(BIN)/python -m pytest $(PYTEST_ARGS)

unit:
	$(BIN)/python -m pytest tests/unit tests/property tests/contract $(PYTEST_ARGS)

# Rewrite mcp_adapter/tools.json (the tool list answered at start-up) after changing a tool or a
# result class; tests/mcp/test_catalog.py fails while it is stale.
catalog:
	$(BIN)/python -m mcp_adapter.catalog
