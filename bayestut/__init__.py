"""bayestut: Bayesian comparison of classifiers, reproduced and explained.

One module per idea: ``data`` (tidy results and paired differences), ``frequentist``
(correlated t-test, Wilcoxon signed-rank), ``correlated`` (Bayesian correlated t-test),
``nonparametric`` (Bayesian sign and signed-rank tests), ``hierarchical`` (the hierarchical
model, run by ``stan`` and checked by ``diagnostics``), ``compare`` and ``cli`` (your own
results), ``decisions``, ``plots`` and
``simplex`` (figures), ``paper`` (published numbers, only compared with) and ``scorecard``
(published beside reproduced). The README lists the rest.
"""

__version__ = "0.1.0"
