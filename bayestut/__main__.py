"""``python -m bayestut compare RESULTS.csv A B``: see :mod:`bayestut.cli`."""

from .cli import main

raise SystemExit(main())
