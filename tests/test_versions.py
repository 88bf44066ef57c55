"""The versions printed at the end of every notebook are those of the running interpreter."""

import platform

import numpy as np

import bayestut
from bayestut.reproduction import versions


def test_versions_are_the_running_ones():
    found = versions.versions()
    assert list(found) == ["Python", "bayestut", "NumPy", "Stan backend"]
    assert found["Python"] == platform.python_version()
    assert found["bayestut"] == bayestut.__version__
    assert found["NumPy"] == np.__version__


def test_stan_backend_names_the_chosen_one_or_why_there_is_none(monkeypatch):
    monkeypatch.setenv("BAYESTUT_STAN_BACKEND", "pystan")
    assert versions.stan_backend().startswith("pystan ")
    monkeypatch.setenv("BAYESTUT_STAN_BACKEND", "no-such-backend")
    assert versions.stan_backend().startswith("none (unknown Stan backend 'no-such-backend'")


def test_print_versions_prints_one_line_each(capsys):
    versions.print_versions()
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["Python", "bayestut", "NumPy", "Stan backend"]
