"""``python -m bayestut compare RESULTS.csv A B``: see :mod:`bayestut.cli`."""

import matplotlib

matplotlib.use("Agg")            # a command line draws to files, never to a window

from .cli import main  # noqa: E402

raise SystemExit(main())
