# Two set-up-free commands: `make reproduce` and `make test`. Both create (or reuse) the
# virtual environment .venv and install the package with its extras first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: reproduce test unit notebooks bench simulations clean

# The committed notebooks were run through PyStan; nbval compares against them, so the
# notebooks run through PyStan too unless you say otherwise (make reproduce BAYESTUT_STAN_BACKEND=cmdstanpy).
BAYESTUT_STAN_BACKEND ?= pystan
export BAYESTUT_STAN_BACKEND

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[notebooks,test,study]'
	touch $@

# Run every notebook in order with papermill, store it back executed, write figures/,
# then gather the notebooks' scorecards into REPRODUCTION.md and reproduction.csv.
reproduce: $(STAMP)
	$(PY) -m bayestut.reproduce

# The simulation study of notebooks 06-07 (Corani et al. §5), from scratch: every setting, 500
# repetitions, into data/simulations/ (about an hour on 2 cores; see the README). `make
# reproduce` only reads this cache. An interrupted run resumes: `python -m bayestut.simulation.runner`.
simulations: $(STAMP)
	rm -rf data/simulations
	$(PY) -m bayestut.simulation.runner 500

# Unit tests, then nbval: the committed notebooks re-run and their checked outputs compared.
test: unit notebooks

unit: $(STAMP)
	$(PY) -m pytest -m "not slow" tests

notebooks: $(STAMP)
	$(PY) -m pytest -p no:cacheprovider --nbval --nbval-current-env notebooks

bench: $(STAMP)
	for b in benchmarks/*.py; do $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache
