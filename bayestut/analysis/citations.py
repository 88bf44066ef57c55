"""The works the paragraphs for a paper cite: their entries in ``data/references.bib`` (the one
BibTeX file, the book's references too), found in plain text and turned into natbib's
``\\citet``/``\\citep`` for the ``.tex`` (:mod:`bayestut.analysis.writeup`)."""

from __future__ import annotations

import re

from .. import __version__
from ..paths import DATA
from .escape import latex_escape

# The citations, from data/references.bib, the one BibTeX file (the book's references too).
BIBTEX = {m["key"]: m[0] for m in re.finditer(r"^@\w+\{(?P<key>[^,]+),.*?^\}$",
                                              (DATA / "references.bib").read_text("utf-8"),
                                              flags=re.M | re.S)}


# Every work the paragraphs cite, by its key in data/references.bib: the text names it as
# "Authors (year)" or "(Authors year)", which the .tex turns into \citet{key} or \citep{key}.
CITED = {"benavoli2017time": ("Benavoli et al.", 2017),
         "corani2017statistical": ("Corani et al.", 2017),
         "nadeau2003inference": ("Nadeau and Bengio", 2003),
         "calvo2018bayesian": ("Calvo et al.", 2018),
         "caron2012efficient": ("Caron and Doucet", 2012),
         "vehtari2021rank": ("Vehtari et al.", 2021),
         "gelman1996posterior": ("Gelman et al.", 1996),
         "kruschke2013bayesian": ("Kruschke", 2013),
         "juarez2010model": ("Juárez and Steel", 2010)}


def _citations(key: str) -> tuple[str, str]:
    """A work's two plain forms: "Authors (year)" (textual) and "(Authors year)"."""
    authors, year = CITED[key]
    return f"{authors} ({year})", f"({authors} {year})"


def cited(text: str) -> list[str]:
    """The works a text cites.

    Parameters
    ----------
    text : str
        Plain text (the paragraphs, a caption).

    Returns
    -------
    list of str
        Their keys in ``data/references.bib``, in :data:`CITED`'s order.
    """
    return [key for key in CITED if any(form in text for form in _citations(key))]


def latex_citations(text: str) -> str:
    """Plain citations as natbib's, for the ``.tex``.

    Parameters
    ----------
    text : str
        Text escaped for LaTeX.

    Returns
    -------
    str
        The text with "Authors (year)" as ``\\citet{key}``, "(Authors year)" as
        ``\\citep{key}``, and this package's name followed by ``\\citep{bayestut}``.
    """
    for key in CITED:
        textual, parenthetical = (latex_escape(form) for form in _citations(key))  # Juárez
        text = text.replace(parenthetical, f"\\citep{{{key}}}")
        text = text.replace(textual, f"\\citet{{{key}}}")
    return text.replace(f"bayestut {__version__}", f"bayestut {__version__} \\citep{{bayestut}}")
