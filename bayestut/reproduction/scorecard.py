"""Published beside reproduced: every notebook ends with one of these.

Verdicts: ``match`` when the reproduced value rounds to the printed one; ``within tolerance``
when it is off by no more than the stated tolerance; ``differs`` otherwise (and then the
notebook explains why, with evidence).

Numbers computed numerically are recorded with :meth:`Scorecard.add_estimate`: with their
numerical error (column ``numerical_error``), and with only two verdicts, ``within tolerance``
or ``differs`` against a tolerance that includes that error. For a number derived from MCMC
draws (Stan) the error is its Monte Carlo standard error, and the number changes from machine
to machine even with the same seed: "rounds to the printed digit" is not a property it has
reproducibly when that error is as large as half a printed unit. For a number the exact engine
integrates it is the integral's error bound (a coarser grid's difference), the same on every
machine.

:meth:`Scorecard.save` checks a run against the committed scorecard: a verdict that changed, a
deterministic number that moved, or an estimate that moved by more than its numerical
error fails the run (:class:`ScorecardChanged`). A run that becomes the new reference (no
committed card yet, or $BAYESTUT_ACCEPT_SCORECARD set) fails instead if any estimate's verdict
sits within three numerical errors of its threshold, where another machine could flip it.
``make reproduce`` gathers all notebooks' cards into ``REPRODUCTION.md`` and
``reproduction.csv``.

Exercises change a notebook's parameters (rope, seed, draws, ...). A card compares published
numbers only at the published settings, recorded in ``notebooks/scorecards/settings.json`` (the
committed notebooks' parameters cells). When a run's settings differ, :meth:`Scorecard.save`
prints a note that the card compares nothing, marks every row "not compared", counts no
verdicts, and neither checks nor writes it; under ``make reproduce`` and ``make test`` ($BAYESTUT_STRICT_SCORECARD)
changed settings fail the run instead, so the committed notebooks stay checked.
"""

from __future__ import annotations

import ast
import json
import math
import os

import pandas as pd

from .paper import Published
from ..paths import COMMITTED_SCORECARDS, output_root, scorecards_dir

FIELDS = ["paper", "item", "row", "column", "published", "reproduced", "numerical_error",
          "tolerance", "verdict", "notebook"]
ACCEPT_ENV = "BAYESTUT_ACCEPT_SCORECARD"
STRICT_ENV = "BAYESTUT_STRICT_SCORECARD"     # changed settings fail instead of a note
SETTINGS_FILE = "settings.json"              # beside the committed cards
NOT_COMPARED = "not compared"
MC_ERRORS_ALLOWED = 5.0     # how far (in combined Monte Carlo errors) an MCMC number may move
MC_ERRORS_FROM_EDGE = 3.0   # an MCMC verdict this close to its tolerance's edge is fragile
STORED_DIGITS = 6           # the CSV keeps six decimals


class ScorecardChanged(AssertionError):
    """A re-run disagrees with the committed scorecard beyond what Monte Carlo error explains."""


def verdict(published: Published, reproduced: float, tolerance: float) -> str:
    diff = abs(float(reproduced) - published.value)
    half_unit = 0.5 * 10.0 ** (-published.decimals)
    if diff <= half_unit * (1 + 1e-9):   # rounds to what is printed
        return "match"
    if diff <= tolerance * (1 + 1e-9):
        return "within tolerance"
    return "differs"


def mcmc_tolerance(decimals: int, draws: float, paper_draws: float, z: float = 3.0,
                   efficiency: float = 0.25) -> float:
    """Tolerance for a published share printed with ``decimals`` decimals: half a printed unit
    plus ``z`` combined Monte Carlo standard deviations at the worst case p = 0.5, ours from
    ``draws`` posterior draws and the paper's from its ``paper_draws``, each worth
    ``efficiency`` independent draws (the shares of notebook 05 have an effective sample size
    of 0.3-0.4 of their draws). Nominal values, not a run's own noisy ESS, so the tolerance is
    the same on every machine."""
    sd = 0.5 * math.sqrt((1.0 / draws + 1.0 / paper_draws) / efficiency)
    return 0.5 * 10.0 ** (-decimals) + z * sd


class Scorecard:
    """Collects (published, reproduced, tolerance) rows for one notebook.

    ``settings``: the run's parameters {name: value}; by default read, for the names of the
    published settings, from the notebook (IPython) namespace the card is made in."""

    def __init__(self, notebook: str, settings: dict | None = None):
        self.notebook = notebook
        self.rows: list[dict] = []
        self.settings = settings
        self.note: str | None = None     # set by save() when the settings are not published
        changed = self.changed_settings()
        if changed and not os.environ.get(ACCEPT_ENV):     # said at the top too (reader 39)
            print(f"This run changes {_listed(changed)}: the prose describes the published run, "
                  "the outputs below are this run's, and the scorecard at the end compares "
                  "nothing.")

    def add(self, published: Published, reproduced: float, tolerance: float = 0.0) -> str:
        """A deterministic number: the same on every machine."""
        _check_value(published, reproduced)
        return self._record(published, published.text, reproduced, 0.0, tolerance,
                            verdict(published, reproduced, tolerance))

    def add_estimate(self, published: Published, reproduced: float, numerical_error: float,
                     tolerance: float) -> str:
        """A number computed numerically, judged within a tolerance that includes its error.

        Parameters
        ----------
        published : Published
            The paper's number.
        reproduced : float
            Ours: a share of MCMC draws (Stan), or a probability the exact engine integrates.
        numerical_error : float
            Its Monte Carlo standard error when sampled; the integral's error bound when
            integrated (a result's ``*_mcse`` fields hold either).
        tolerance : float
            How far ``reproduced`` may be from ``published``; for MCMC it must already include
            Monte Carlo error (see :func:`mcmc_tolerance`).

        Returns
        -------
        str
            The verdict, ``"within tolerance"`` or ``"differs"``.
        """
        _check_value(published, reproduced)
        if not numerical_error >= 0:
            raise ValueError(f"the numerical error must be >= 0, got {numerical_error!r}")
        if not tolerance > 0:     # even a share of exactly 0 or 1 can move on another machine
            raise ValueError(f"a numerical estimate needs a tolerance > 0, got {tolerance!r}")
        diff = abs(float(reproduced) - published.value)
        v = "within tolerance" if diff <= tolerance * (1 + 1e-9) else "differs"
        return self._record(published, published.text, reproduced, numerical_error, tolerance, v)

    def add_at_least(self, published: Published, reproduced: float) -> str:
        """A printed lower bound ("well above 90%"): it matches when the value reaches it."""
        v = "match" if float(reproduced) >= published.value else "differs"
        return self._record(published, f">= {published.text}", reproduced, 0.0, 0.0, v)

    def _record(self, published: Published, shown: str, reproduced: float, error: float,
                tolerance: float, v: str) -> str:
        self.rows.append(dict(paper=published.paper, item=published.item, row=published.row,
                              column=published.column, published=shown,
                              reproduced=round(float(reproduced), STORED_DIGITS),
                              numerical_error=round(float(error), STORED_DIGITS),
                              tolerance=tolerance,
                              verdict=v, notebook=self.notebook))
        return v

    def frame(self) -> pd.DataFrame:
        card = pd.DataFrame(self.rows, columns=FIELDS)
        return card.assign(verdict=NOT_COMPARED) if self.note else card

    def changed_settings(self) -> dict:
        """{name: (published, this run's)} for every parameter that differs from the published
        settings (empty when they are the same, or when none are recorded)."""
        published = published_settings().get(self.notebook, {})
        used = self.settings if self.settings is not None else _namespace(published)
        return {name: (value, used[name]) for name, value in published.items()
                if name in used and _normal(used[name]) != _normal(value)}

    def save(self) -> pd.DataFrame:
        """Check this run against the committed card (unless $BAYESTUT_ACCEPT_SCORECARD is set),
        then write it for ``make reproduce`` to gather; return it for display.

        At other settings than the published ones nothing is compared: a note says so (or, under
        $BAYESTUT_STRICT_SCORECARD, the run fails)."""
        changed = self.changed_settings()
        accepted = bool(os.environ.get(ACCEPT_ENV))
        if changed and not accepted:
            listed = _listed(changed)
            if os.environ.get(STRICT_ENV):
                raise ScorecardChanged(f"{self.notebook}: run at other settings than the "
                                       f"published ones: {listed}")
            self.note = (f"Note: this run's settings are not the published ones ({listed}), so "
                         "this scorecard compares nothing: its rows are marked "
                         f"{NOT_COMPARED!r}, and the committed scorecard was neither checked "
                         "nor rewritten. Restore the parameters cell to compare with the papers.")
            print(self.note)
            return self.frame()
        card = self.frame()
        committed = COMMITTED_SCORECARDS / f"{self.notebook}.csv"
        if committed.is_file() and not os.environ.get(ACCEPT_ENV):
            problems = compare(card, read(committed))
            if problems:
                raise ScorecardChanged(
                    f"{self.notebook}: this run disagrees with the committed scorecard "
                    f"({committed.name}):\n  " + "\n  ".join(problems) +
                    f"\nIf the change is intended, re-run with {ACCEPT_ENV}=1 "
                    "(make reproduce ACCEPT=1) and explain it in the notebook.")
        else:   # this run becomes the reference: none of its verdicts may hang on MC noise
            problems = fragile(card)
            if problems:
                raise ScorecardChanged(f"{self.notebook}: verdicts too close to their "
                                       "threshold to be the same on every machine:\n  " +
                                       "\n  ".join(problems))
        folder = scorecards_dir()
        folder.mkdir(parents=True, exist_ok=True)
        card.to_csv(folder / f"{self.notebook}.csv", index=False)
        if changed:         # accepted at new settings: they become the published ones
            record_settings(self.notebook, self.settings if self.settings is not None
                            else _namespace(published_settings().get(self.notebook, {})))
        return card

    def compares(self) -> bool:
        """False when this run's settings are not the published ones (nor accepted as new)."""
        return not self.changed_settings() or bool(os.environ.get(ACCEPT_ENV))

    def summary(self) -> pd.Series:
        """How many rows match, are within tolerance or differ; no counts (an empty Series)
        when the card compares nothing."""
        kinds = ["match", "within tolerance", "differs"] if self.compares() else []
        return self.frame()["verdict"].value_counts().reindex(kinds, fill_value=0)

    def print_summary(self) -> None:
        """The counts, printed; nothing when the card compares nothing (save() says why)."""
        if self.compares():
            print(self.summary().to_string())


# --- the published settings ------------------------------------------------------------------

def published_settings() -> dict:
    """{notebook: {parameter: value}} at which the committed scorecards were made."""
    path = COMMITTED_SCORECARDS / SETTINGS_FILE
    return json.loads(path.read_text()) if path.is_file() else {}


def record_settings(notebook: str, settings: dict) -> None:
    """Store a notebook's settings beside the cards this run writes (a run accepted as the
    reference): under ``make reproduce`` that is the committed folder."""
    path = scorecards_dir() / SETTINGS_FILE
    everything = json.loads(path.read_text()) if path.is_file() else published_settings()
    everything[notebook] = {k: _normal(v) for k, v in settings.items()}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(everything, indent=1, sort_keys=True) + "\n")


def parameters_cell(path) -> dict:
    """The assignments of a notebook's cell tagged "parameters", as values."""
    cells = json.loads(open(path, encoding="utf-8").read())["cells"]
    source = next("".join(c["source"]) for c in cells
                  if "parameters" in c.get("metadata", {}).get("tags", []))
    values = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            value = ast.literal_eval(node.value)
            for target in node.targets:
                if isinstance(target, ast.Name):
                    values[target.id] = value
                elif isinstance(target, ast.Tuple):          # a, b = "nbc", "aode"
                    values.update(zip((ast.unparse(t) for t in target.elts), value))
    return values


def _normal(value):
    """A value as JSON would store it (tuples become lists), to compare like with like."""
    return json.loads(json.dumps(value))


def _listed(changed: dict) -> str:
    """"rope = 0.02 instead of the published 0.01", for each changed setting."""
    return ", ".join(f"{k} = {v[1]!r} instead of the published {v[0]!r}"
                     for k, v in changed.items())


def _namespace(names) -> dict:
    """The values of ``names`` in the running notebook's namespace (empty outside IPython)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return {}
    shell = get_ipython()
    if shell is None:
        return {}
    return {name: shell.user_ns[name] for name in names if name in shell.user_ns}


def _check_value(published: Published, reproduced) -> None:
    if reproduced is None or math.isnan(float(reproduced)):
        raise ValueError(f"no reproduced value for {published}")


def read(path) -> pd.DataFrame:
    card = pd.read_csv(path, dtype={"published": str})
    card = card.rename(columns={"mc_error": "numerical_error"})   # the column's former name
    if "numerical_error" not in card:          # cards written before MCMC rows were marked
        card.insert(FIELDS.index("numerical_error"), "numerical_error", 0.0)
    return card


def _keyed(card: pd.DataFrame) -> pd.DataFrame:
    """Rows indexed by what they report (a key may repeat: count its occurrences)."""
    key = ["paper", "item", "row", "column"]
    card = card.assign(**{k: card[k].astype(str) for k in key})
    return card.assign(occurrence=card.groupby(key).cumcount()).set_index([*key, "occurrence"])


def compare(new: pd.DataFrame, committed: pd.DataFrame) -> list[str]:
    """What differs between a run's card and the committed one beyond numerical error."""
    new, old = _keyed(new), _keyed(committed)
    problems = [f"row {' / '.join(map(str, k[:4]))} is new" for k in new.index.difference(old.index)]
    problems += [f"row {' / '.join(map(str, k[:4]))} is missing"
                 for k in old.index.difference(new.index)]
    both = new.index.intersection(old.index, sort=False)
    for key in both:
        n, o = new.loc[key], old.loc[key]
        label = " / ".join(map(str, key[:4]))
        if n["verdict"] != o["verdict"]:
            problems.append(f"{label}: verdict {o['verdict']!r} became {n['verdict']!r} "
                            f"(reproduced {o['reproduced']:.6g} -> {n['reproduced']:.6g})")
        allowed = allowed_move(n["numerical_error"], o["numerical_error"])
        if abs(n["reproduced"] - o["reproduced"]) > allowed:
            problems.append(f"{label}: reproduced {o['reproduced']:.6g} became {n['reproduced']:.6g}, "
                            f"more than the {allowed:.2g} that its numerical error allows")
    return problems


def allowed_move(error_new: float, error_old: float) -> float:
    """How far a reproduced value may move between runs: rounding for a deterministic row; for
    an estimate, MC_ERRORS_ALLOWED combined numerical errors plus one draw in a thousand (a
    share estimated as exactly 0 or 1 reports no error of its own)."""
    rounding = 1.5 * 10.0 ** -STORED_DIGITS
    if error_new == 0 and error_old == 0:
        return rounding
    return MC_ERRORS_ALLOWED * math.hypot(error_new, error_old) + 1e-3 + rounding


def fragile(card: pd.DataFrame) -> list[str]:
    """Estimated rows whose verdict numerical noise could flip: their distance from the edge
    of their tolerance is less than MC_ERRORS_FROM_EDGE numerical errors."""
    out = []
    for r in card[card["numerical_error"] > 0].itertuples():
        published = float(str(r.published).lstrip(">= "))
        edge = abs(abs(r.reproduced - published) - r.tolerance)
        if edge < MC_ERRORS_FROM_EDGE * r.numerical_error:
            out.append(f"{r.paper} / {r.item} / {r.row} / {r.column}: {r.reproduced:.4g} is "
                       f"{edge:.2g} from the edge of its tolerance, within "
                       f"{MC_ERRORS_FROM_EDGE:g} numerical errors ({r.numerical_error:.2g}): "
                       "draw more samples or widen the tolerance with a reason")
    return out


def gather(out_dir=None) -> pd.DataFrame:
    """All notebooks' cards into reproduction.csv and REPRODUCTION.md."""
    out_dir = output_root() if out_dir is None else out_dir
    folder = scorecards_dir()
    cards = sorted(folder.glob("*.csv"))
    if not cards:
        raise FileNotFoundError(f"no scorecards in {folder}: run the notebooks first")
    allrows = pd.concat([read(p) for p in cards], ignore_index=True)[FIELDS]
    allrows.to_csv(out_dir / "reproduction.csv", index=False)
    counts = allrows["verdict"].value_counts()
    lines = ["# Reproduction scorecard", "",
             "Generated by `make reproduce` from the notebooks' closing scorecards: each published",
             "number beside the value the notebook computed. `match`: rounds to the printed value;",
             "`within tolerance`: off by at most the tolerance; `differs`: explained in the notebook.",
             "Numbers computed numerically carry their numerical error (`numerical error`): the",
             "Monte Carlo standard error of an MCMC estimate (notebook 05), the error bound of an",
             "integral (notebook 08's exact engine). They are never called `match`: their",
             "tolerance includes that error (see",
             "[docs/reproduction.md](docs/reproduction.md#reproducibility)); where and why we",
             "differ from the papers: [docs/disagreements.md](docs/disagreements.md).",
             "",
             "| verdict | count |", "|---|---|"]
    lines += [f"| {k} | {int(counts.get(k, 0))} |" for k in ("match", "within tolerance", "differs")]
    for notebook, card in allrows.groupby("notebook", sort=True):
        lines += ["", f"## {notebook}", "",
                  "| paper | item | row | column | published | reproduced | numerical error "
                  "| tolerance | verdict |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for r in card.itertuples():
            mc = f"{r.numerical_error:.2g}" if r.numerical_error > 0 else ""
            lines.append(f"| {r.paper} | {r.item} | {r.row} | {r.column} | {r.published} | "
                         f"{r.reproduced:.6g} | {mc} | {r.tolerance:g} | {r.verdict} |")
    (out_dir / "REPRODUCTION.md").write_text("\n".join(lines) + "\n")
    return allrows
