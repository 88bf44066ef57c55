"""The paragraphs for a paper as methods of a result: one mixin shared by the two-classifier
results (:class:`~bayestut.analysis.comparison.PairResult`) and
:class:`~bayestut.analysis.many_comparison.ManyComparison`, each method a one-line delegation
to :mod:`bayestut.analysis.writeup`, which reads the result's numbers and settings."""

from __future__ import annotations

from . import writeup


class PaperOutput:
    """``methods_text``, ``results_text``, ``bibtex``, ``to_latex`` and ``to_markdown`` of a
    result, written by :mod:`bayestut.analysis.writeup`."""

    def methods_text(self) -> str:
        """The methods paragraph for a paper (:func:`writeup.methods_text`).

        Returns
        -------
        str
            Plain text naming the tests that ran, their settings (rope, threshold, priors,
            draws, seed), the software's versions and the sampler's diagnostics.
        """
        return writeup.methods_text(self)

    def results_text(self) -> str:
        """The results paragraph for a paper (:func:`writeup.results_text`).

        Returns
        -------
        str
            Plain text: each test's finding with the probability it rests on and the
            threshold, then the data sets' decisions counted by outcome.
        """
        return writeup.results_text(self)

    def bibtex(self) -> str:
        """BibTeX of the methods run (:func:`writeup.bibtex`).

        Returns
        -------
        str
            The entries of the works the paragraphs and the table cite, then this package's.
        """
        return writeup.bibtex(self)

    def to_latex(self) -> str:
        """The overall table in LaTeX (:func:`writeup.to_latex`).

        Returns
        -------
        str
            A LaTeX ``table`` with ``booktabs`` rules (needs ``\\usepackage{booktabs}``);
            empty with one data set.
        """
        return writeup.to_latex(self)

    def to_markdown(self) -> str:
        """The overall table in Markdown (:func:`writeup.to_markdown`).

        Returns
        -------
        str
            A Markdown (GitHub) table with its caption below; empty with one data set.
        """
        return writeup.to_markdown(self)
