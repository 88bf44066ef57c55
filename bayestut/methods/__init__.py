"""The statistical methods, one per module; everything else in bayestut builds on these.

``frequentist`` (the correlated t-test and Wilcoxon signed-rank: what the papers argue
against), ``correlated`` (the Bayesian correlated t-test, one data set), ``nonparametric``
(the Bayesian sign and signed-rank tests, many data sets' means), ``hierarchical`` (the
hierarchical model over every fold of every data set), ``ranking`` (Plackett-Luce, many
classifiers), ``decisions`` (the 0.95 rule, odds and losses), ``diagnostics`` (R-hat, ESS,
Monte Carlo errors) and ``stan`` (compiling and sampling through cmdstanpy or PyStan).
"""
