"""``python -m bayestut compare RESULTS.csv A B``: see :mod:`bayestut.analysis.cli`."""

from .analysis.cli import run

run()
