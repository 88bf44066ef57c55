# Two set-up-free commands: `make reproduce` and `make test`. Both create (or reuse) the
# virtual environment .venv and install the package with its extras first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: reproduce test lint typecheck unit notebooks book book-test test-cmdstan wheel-test bench simulations simulations-stan clean

# The committed notebooks were run through PyStan, so the notebooks run through PyStan too
# unless you say otherwise (make reproduce BAYESTUT_STAN_BACKEND=cmdstanpy).
BAYESTUT_STAN_BACKEND ?= pystan
export BAYESTUT_STAN_BACKEND

# `pip install .` alone brings no Stan (the default engine needs none); make brings both Stan
# backends (pystan: the committed notebooks' backend; stan: cmdstanpy, for test-cmdstan), Jupyter,
# the test tools and scikit-learn. The `bayestut` console command is checked to answer.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[stan,pystan,notebooks,test,study]'
	$(VENV)/bin/bayestut --help >/dev/null
	touch $@

# Run every notebook in order with papermill, store it back executed, write figures/,
# then gather the notebooks' scorecards into REPRODUCTION.md and reproduction.csv.
# Each notebook's scorecard is checked against the committed one: a changed verdict, or a
# number moved beyond its Monte Carlo error, stops the run. `make reproduce ACCEPT=1` accepts
# an intended change (and then refuses verdicts that Monte Carlo noise could flip).
reproduce: $(STAMP)
	BAYESTUT_ACCEPT_SCORECARD=$(ACCEPT) $(PY) -m bayestut.reproduction.reproduce

# The simulation study of notebooks 06-07 (Corani et al. §5), each repetition's posterior
# integrated (the exact engine: no Stan, the same digits on every machine): the paper's grid at
# 500 repetitions, then Figure 4 at 2,000 with the variant that keeps theta_2 in [0.5, 1], into
# data/simulations/ (files of their own, MANIFEST-exact.md; see docs/simulations.md). An
# interrupted run resumes where it stopped; the committed cache is reused, never recomputed.
simulations: $(STAMP)
	$(PY) -m bayestut.simulation.runner 500 --engine exact
	$(PY) -m bayestut.simulation.runner 2000 --engine exact --only fig4

# The same grid sampled by Stan, as the papers did: what notebooks 06-07 read for the paper's
# settings (hours; `make reproduce` only reads the cache). Through CmdStan where it can be had
# (CMDSTAN, or built from the kit below): the same draws as PyStan in about half the time.
simulations-stan: $(STAMP)
	if [ -n "$$CMDSTAN" ] || [ -f "$(CMDSTAN_KIT)" ]; then \
	  export CMDSTAN=$(CMDSTAN_HOME) BAYESTUT_STAN_BACKEND=cmdstanpy; fi && \
	$(PY) -m bayestut.simulation.runner 500

# Unit tests, then nbval: the committed notebooks re-run and their checked outputs compared.
# Set BAYESTUT_SEED_SHIFT=N to move every Stan seed by N (what CI does): it must still pass.
test: lint unit notebooks

# ruff's checks (pyproject.toml, [tool.ruff]) and mypy's (typecheck) before any test runs.
lint: $(STAMP) typecheck
	$(VENV)/bin/ruff check --quiet .

# mypy at the level of pyproject.toml's [tool.mypy], on the package (its `files`).
typecheck: $(STAMP)
	$(VENV)/bin/mypy

unit: $(STAMP)
	$(PY) -m pytest -p no:cacheprovider -m "not slow" tests

# Under test the notebooks write their figures and scorecards into a temporary folder, so
# that only `make reproduce` changes committed files; a notebook whose parameters differ from
# the published settings fails (elsewhere its scorecard only notes that it compares nothing).
notebooks: $(STAMP)
	out=$$(mktemp -d) && BAYESTUT_OUTPUT_DIR=$$out BAYESTUT_STRICT_SCORECARD=1 $(PY) -m pytest \
	  -p no:cacheprovider --nbval --nbval-current-env notebooks; status=$$?; rm -rf $$out; \
	  exit $$status

# The cmdstanpy path through a real CmdStan 2.35.0, built once per machine (5-10 min) from the
# kit in ../shared/tools/cmdstan (CmdStan cannot be downloaded here; with CmdStan installed,
# set CMDSTAN=/its/folder instead): the Stan tests and notebook 05 through cmdstanpy.
CMDSTAN_KIT ?= ../shared/tools/cmdstan/build.sh
CMDSTAN_HOME = $${CMDSTAN:-$$(sh $(CMDSTAN_KIT) $(PY) | tail -1)}
test-cmdstan: $(STAMP)
	@if [ -z "$$CMDSTAN" ] && [ ! -f "$(CMDSTAN_KIT)" ]; then \
	  echo "test-cmdstan: skipped: no CMDSTAN set and no build kit at $(CMDSTAN_KIT)"; \
	  [ -z "$(REQUIRE_CMDSTAN)" ] || exit 1; exit 0; fi
	cmdstan=$(CMDSTAN_HOME) && \
	out=$$(mktemp -d) && export CMDSTAN=$$cmdstan BAYESTUT_STAN_BACKEND=cmdstanpy \
	  BAYESTUT_OUTPUT_DIR=$$out BAYESTUT_STRICT_SCORECARD=1 && \
	$(PY) -m pytest -p no:cacheprovider -m "not slow" tests/test_stan_runner.py \
	  tests/test_stan_model.py tests/test_hierarchical.py && \
	$(PY) -m pytest -p no:cacheprovider --nbval --nbval-current-env \
	  notebooks/05_hierarchical.ipynb; status=$$?; rm -rf $$out; exit $$status

# The tutorial as a static site in build/book/ (open build/book/index.html): the committed
# notebooks as they are, never executed here, with the Markdown pages, a glossary, the API
# reference and the references (docs/conf.py). Offline: MathJax is copied in, nothing is fetched.
BOOK_STAMP := $(VENV)/.book-installed
$(BOOK_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[book]'
	touch $@

book: $(BOOK_STAMP)
	rm -rf build/book
	$(VENV)/bin/sphinx-build -E -q -b html -j auto -c docs . build/book

# The built book loaded page by page in headless Chromium (tests/test_book.py).
book-test: book
	BAYESTUT_REQUIRE_BOOK_TEST=1 $(PY) -m pytest -p no:cacheprovider tests/test_book.py

# Build the wheel, install it outside the repository and run a hierarchical comparison there.
wheel-test: $(STAMP)
	$(PY) -m pytest -p no:cacheprovider tests/test_wheel.py

bench: $(STAMP)
	for b in benchmarks/*.py; do $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache
