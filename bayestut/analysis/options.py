"""The command line's options, declared once and shared by every command that takes them
(``compare``, ``plan``, ``notebook``), and read back as the keyword arguments of the ``bt.``
functions they are forwarded to. Nothing heavy is imported here: ``--help`` answers at once.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


class _DefaultRope(float):
    """The papers' rope, ±0.01, as the default of ``compare(rope=...)`` and ``--rope``: a
    float that tells the reports the reader did not choose it (:func:`rope_defaulted`)."""


DEFAULT_ROPE = _DefaultRope(0.01)


def rope_defaulted(rope) -> bool:
    """Whether ``rope`` is :data:`DEFAULT_ROPE`, the default, not a rope the reader gave."""
    return isinstance(rope, _DefaultRope)

def _rope(text: str) -> float:
    """--rope's value: a number; "1%" is refused with the number it means (a rope is in the
    metric's units, a fraction for accuracy or AUC, even with --percent)."""
    if text.strip().endswith("%"):
        try:
            points = float(text.strip()[:-1])
        except ValueError:      # "1abc%": said as typed, not as a number it is not
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a number: give the rope's half-width in the metric's units, "
                "without %, e.g. --rope 0.01") from None
        unit = "percentage point" if points == 1 else "percentage points"
        raise argparse.ArgumentTypeError(
            f"{text!r}: give the rope in the metric's units, without %: for {points:g} {unit} "
            f"of accuracy or AUC (fractions, with --percent too), --rope {points / 100:g}")
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number: give the rope's "
                                         "half-width in the metric's units, e.g. --rope 0.01"
                                         ) from None


def _threshold(text: str) -> float:
    """--threshold's value: a number, echoed as typed when refused; one from 50 to 100 is a
    percentage, refused with the probability it means (95 for 0.95). The rule itself is
    :data:`bayestut.checks.CONSTRAINTS`'."""
    from ..checks import CONSTRAINTS, check
    from ..errors import InputError

    rule = f"a probability, {CONSTRAINTS['threshold'][0]}"
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number: give the threshold as "
                                         f"{rule}, e.g. --threshold 0.95") from None
    if 50 <= value < 100:
        raise argparse.ArgumentTypeError(f"{text!r}: give the threshold as {rule}, not a "
                                         f"percentage: --threshold {value / 100:g}")
    try:
        return check("threshold", value)
    except InputError:
        raise argparse.ArgumentTypeError(f"{text!r}: the threshold must be {rule}, e.g. "
                                         "--threshold 0.95") from None


# {name: (flags, argparse keywords)}; "direction" is the pair --lower/--higher-is-better
OPTIONS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "score": (("--score",), dict(
        default="score", metavar="COLUMN",
        help="the column holding the metric in a tidy table (default: score, or the "
             "table's only column besides the keys and the classifier)")),
    "score_range": (("--score-range",), dict(
        nargs=2, type=float, default=(0.0, 1.0), metavar=("LOW", "HIGH"),
        help="the values the metric can take (default 0 1); use inf for no bound, e.g. "
             "--score-range 0 inf for log-loss, -inf 0 for scikit-learn's neg_log_loss. "
             "Scores outside are refused")),
    "percent": (("--percent",), dict(
        action="store_true",
        help="the scores are percentages: divide them by 100 (the rope and the score range "
             "stay fractions)")),
    "rope": (("--rope",), dict(
        type=_rope, default=DEFAULT_ROPE,
        help="half-width of the region of practical equivalence, in the metric's units: "
             "differences within ±ROPE count as no real difference (default 0.01, one point "
             "of accuracy or AUC)")),
    "threshold": (("--threshold",), dict(
        type=_threshold, default=0.95,
        help="probability needed to declare a decision, in [0.5, 1) (default 0.95)")),
    "seed": (("--seed",), dict(
        type=int, default=0,
        help="seed of the Monte Carlo and MCMC samplers, 0 to 2147483647 (default 0): the "
             "same seed gives the same result")),
    "chains": (("--chains",), dict(
        type=int, default=4, help="MCMC chains of the hierarchical model (default 4)")),
    "warmup": (("--warmup",), dict(
        type=int, default=1000, help="warm-up iterations per chain (default 1000)")),
    "draws": (("--draws",), dict(
        type=int, default=1000,
        help="kept draws per chain (default 1000); more draws, smaller Monte Carlo error")),
    "adapt_delta": (("--adapt-delta",), dict(
        type=float, default=0.95, metavar="DELTA",
        help="target acceptance rate of the sampler, in [0.5, 1) (default 0.95); raise it "
             "(0.99) if the report warns of divergent transitions")),
    "non_centred": (("--non-centred",), dict(
        choices=("moments", "auto", "all", "none"), default=None,
        help="parametrisation of each data set's mean difference in Stan's hierarchical "
             "model: all non-centred (the default), none, or chosen per data set (moments; "
             "auto, the reproductions' rule)")),
    "engine": (("--engine",), dict(
        choices=("exact", "stan"), default="exact",
        help="how the hierarchical test's posterior is computed: exact, by numerical "
             "integration (the default: no compile, the same numbers on every machine; the "
             "sampler options are then unused), or stan, by MCMC as in the papers")),
    "plan": (("--plan",), dict(
        type=int, default=None, metavar="M",
        help="under a 'no decision' verdict (two classifiers), add the probability that M "
             "more data sets like these would give a decision (a few minutes; see the plan "
             "command); when the hierarchical test cannot run, the output says so")),
    "jobs": (("--jobs",), dict(
        type=int, default=-1, help="parallel workers (default -1: all cores)")),
    "out": (("--out",), dict(
        type=Path, default=Path("."), metavar="DIR",
        help="folder for the outputs, created if needed (default: the current folder)")),
}
READING = ("score", "score_range", "percent", "direction")      # how the table is read
DECIDING = ("rope", "threshold", "seed")                         # every analysis's settings
SAMPLING = ("chains", "warmup", "draws", "adapt_delta", "non_centred", "engine")


def add_options(parser: argparse.ArgumentParser, names, **changed) -> None:
    """Declare the options ``names`` (keys of :data:`OPTIONS`, or "direction") on ``parser``.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        A command's parser.
    names : iterable of str
        The options it takes.
    **changed : dict
        Per option, argparse keywords that differ for this command (e.g. a help text).
    """
    for name in names:
        if name == "direction":
            direction = parser.add_mutually_exclusive_group()
            direction.add_argument(
                "--lower-is-better", action="store_const", const=True, default=None,
                help="the metric is an error or a loss: lower scores are better. The "
                     "differences are then oriented so that 'A better' still means A is "
                     "better. A score column named like a loss (error, loss, rmse, ...) needs "
                     "this or --higher-is-better")
            direction.add_argument(
                "--higher-is-better", action="store_const", const=False,
                dest="lower_is_better",
                help="higher scores are better (the default, unless the score column is "
                     "named like an error or a loss)")
            continue
        flags, keywords = OPTIONS[name]
        parser.add_argument(*flags, **{**keywords, **changed.get(name, {})})


def reading(args: argparse.Namespace) -> dict:
    """The reading options given, as keyword arguments of ``bt.open_results`` and of every
    ``bt.`` function that reads a table.

    Parameters
    ----------
    args : argparse.Namespace
        Parsed arguments of a command declared with :data:`READING`.

    Returns
    -------
    dict
        ``score``, ``percent``, ``score_range`` and ``lower_is_better``.
    """
    return dict(score=args.score, percent=args.percent, score_range=tuple(args.score_range),
                lower_is_better=args.lower_is_better)


def sampler(args: argparse.Namespace) -> dict:
    """The hierarchical model's sampler settings given, as ``compare``'s keyword arguments.

    Parameters
    ----------
    args : argparse.Namespace
        Parsed arguments of a command declared with :data:`SAMPLING`.

    Returns
    -------
    dict
        ``chains``, ``warmup``, ``draws``, ``adapt_delta``, ``engine`` and, when given,
        ``non_centred``.
    """
    options = dict(chains=args.chains, warmup=args.warmup, draws=args.draws,
                   adapt_delta=args.adapt_delta, engine=args.engine)
    non_centred = {"all": True, "none": False}.get(args.non_centred, args.non_centred)
    return options if non_centred is None else {**options, "non_centred": non_centred}
