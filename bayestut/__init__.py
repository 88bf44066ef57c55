"""bayestut: Bayesian comparison of classifiers, reproduced and explained.

    import bayestut as bt
    result = bt.compare("results.csv", "mine", "baseline")      # two classifiers
    many = bt.compare_all("results.csv")                          # every pair and a ranking
    bt.save_report(result, "mine_vs_baseline.html")               # the HTML report

The parts, a folder each (ARCHITECTURE.md): ``methods`` (the statistical tests),
``figures``, ``analysis`` (your own results, the command line and its reports),
``reproduction`` (the papers' numbers and scorecards) and ``simulation`` (MLJ §5);
``data`` reads results tables and ``errors`` holds :class:`InputError`.
Names are imported on first use, so that ``import bayestut`` (and ``--help``) stays fast.
"""

from importlib import import_module
from typing import TYPE_CHECKING

from .errors import InputError

if TYPE_CHECKING:   # the names an IDE and mypy see (re-exported: "as"); __getattr__ imports them
    from .analysis.compare import compare as compare
    from .analysis.many import compare_all as compare_all
    from .analysis.plan import plan as plan
    from .analysis.save import save_report as save_report
    from .data import Results as Results, load_uci as load_uci, open_results as open_results
    from .data import read_results as read_results
    from .methods.correlated import correlated_bayesian_ttest as correlated_bayesian_ttest
    from .methods.hierarchical import hierarchical_test as hierarchical_test
    from .methods.nonparametric import sign_test as sign_test, signed_rank_test as signed_rank_test

__version__ = "0.1.0"

_PUBLIC = {  # name -> the module that defines it
    "compare": "bayestut.analysis.compare",
    "compare_all": "bayestut.analysis.many",
    "read_results": "bayestut.data",
    "open_results": "bayestut.data",
    "Results": "bayestut.data",
    "load_uci": "bayestut.data",
    "correlated_bayesian_ttest": "bayestut.methods.correlated",
    "sign_test": "bayestut.methods.nonparametric",
    "signed_rank_test": "bayestut.methods.nonparametric",
    "hierarchical_test": "bayestut.methods.hierarchical",
    "plan": "bayestut.analysis.plan",
    "save_report": "bayestut.analysis.save",
}
__all__ = ["InputError", "__version__", *_PUBLIC]


def __getattr__(name: str):
    if name in _PUBLIC:
        value = getattr(import_module(_PUBLIC[name]), name)
        globals()[name] = value      # once imported, a plain attribute
        return value
    raise AttributeError(f"module 'bayestut' has no attribute {name!r}")


def __dir__():
    return sorted([*globals(), *_PUBLIC])
