"""bayestut: Bayesian comparison of classifiers, reproduced and explained.

One module per idea: ``data`` (tidy results and paired differences), ``frequentist``
(correlated t-test, Wilcoxon signed-rank), ``correlated`` (Bayesian correlated t-test),
``decisions``, ``plots``, ``paper`` (published numbers, only compared with) and
``scorecard`` (published beside reproduced).
"""

__version__ = "0.1.0"
