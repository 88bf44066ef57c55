"""Text escaped for LaTeX and Markdown, whatever the names hold: the paper's paragraphs and
table (:mod:`bayestut.analysis.writeup`) carry a reader's classifier and data set names."""

from __future__ import annotations

import re
import unicodedata


# LaTeX: characters of the default (OT1) fonts' text mode, spelled so pdflatex takes them
# whatever the preamble; letters with accents as accent commands; what the default fonts lack
# (Cyrillic, CJK, emoji, ...) as its code point, [U+0416], so that any name compiles and
# none is silently changed into another.
LATEX_SPECIALS = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                  "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
                  "^": r"\textasciicircum{}", "<": r"\textless{}", ">": r"\textgreater{}",
                  "|": r"\textbar{}", '"': r"\texttt{\char34}", "[": "{[}", "]": "{]}",
                  "`": r"\textasciigrave{}", "≫": r"$\gg$", "≪": r"$\ll$",
                  "±": r"$\pm$", "∼": r"$\sim$", "₀": r"$_0$", "−": r"$-$", "×": r"$\times$", "“": "``", "”": "''",
                  "‘": "`", "’": "'", "–": "--", "—": "---", "…": r"\ldots{}",
                  "≤": r"$\le$", "≥": r"$\ge$", "≈": r"$\approx$", "≠": r"$\ne$",
                  "ß": r"\ss{}", "ø": r"\o{}", "Ø": r"\O{}", "æ": r"\ae{}", "Æ": r"\AE{}",
                  "œ": r"\oe{}", "Œ": r"\OE{}", "ł": r"\l{}", "Ł": r"\L{}", "ı": r"\i{}",
                  "¡": r"\textexclamdown{}", "¿": r"\textquestiondown{}", "§": r"\S{}",
                  "¶": r"\P{}", "©": r"\copyright{}", "†": r"\dag{}", "‡": r"\ddag{}"}
# combining accents (after Unicode decomposition) that the default fonts draw over a letter
LATEX_ACCENTS = {"\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0304": "=",
                 "\u0306": "u", "\u0307": ".", "\u0308": '"', "\u030a": "r", "\u030b": "H",
                 "\u030c": "v", "\u0327": "c", "\u0328": "k"}
GREEK = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lamda mu nu xi omicron pi rho "
         "final_sigma sigma tau upsilon phi chi psi omega").split()


def _latex_char(ch: str) -> str:
    if ch in LATEX_SPECIALS:
        return LATEX_SPECIALS[ch]
    if " " <= ch <= "~":
        return ch
    decomposed = unicodedata.normalize("NFD", ch)
    base, marks = decomposed[0], decomposed[1:]
    if marks and " " <= base <= "~" and all(m in LATEX_ACCENTS for m in marks):
        text = _latex_char(base)
        for m in marks:
            text = f"\\{LATEX_ACCENTS[m]}{{{text}}}"
        return text
    name = unicodedata.name(ch, "").lower()
    if name.startswith("greek small letter ") and name[19:].replace(" ", "_") in GREEK:
        letter = {"lamda": "lambda", "final_sigma": "varsigma", "omicron": "o"}.get(
            name[19:].replace(" ", "_"), name[19:])
        return f"$\\{letter}$" if letter != "o" else "$o$"
    return f"\\texttt{{[U+{ord(ch):04X}]}}"


def latex_escape(text: str) -> str:
    """``text`` as LaTeX that pdflatex compiles with its default fonts (see LATEX_SPECIALS)."""
    text = str(text)
    if any(ch in text for ch in "\r\n\t\f\v"):     # a paragraph break would end a cell
        text = " ".join(text.split())
    # "--" would print a dash
    text = "".join(_latex_char(ch) + ("{}" if ch == "-" and text[i + 1:i + 2] == "-" else "")
                   for i, ch in enumerate(text))
    # math pieces side by side are one: "δ₀" is $\delta_0$, not $\delta$$_0$
    return ADJACENT_MATH.sub("", text)


ADJACENT_MATH = re.compile(r"(?<!\\)\$\$")        # not an escaped dollar's: \$$\pm$


# Markdown (CommonMark, with GitHub's tables and strikethrough): only what could change the
# meaning is escaped, with a backslash, so that "< 0.001" stays as it reads in the .md file
# and any name is text in any renderer (no tag, no link, no emphasis, no broken table row).
# A line break in a name shows as ␤.
ALWAYS = set("\\`*_[]|")          # code, emphasis, links and images, table cells
TAG_START = re.compile(r"<(?=[A-Za-z/?!])")      # a tag, comment or autolink; "< 0.001" is none
ENTITY = re.compile(r"&(?=#\d|#[xX][0-9a-fA-F]|[A-Za-z][A-Za-z0-9]*;)")      # &amp; &#60; ...
# GitHub's strikethrough: a run of tildes with text on one side at least (one between spaces,
# as in "nu ~ Gamma", can neither open nor close it)
TILDES = re.compile(r"~+(?=\S)|(?<=\S)~+")
# what opens a block at a line's start: heading, quote, list item ("- ", "+ ", "1. ", "1) "),
# thematic break or setext underline ("---", "===")
LINE_START = re.compile(r"^(\s*)(#|>|[-+](?=\s|$)|[-=]+\s*$|\d{1,9}(?=[.)](?:\s|$)))")
LINE_BREAKS = re.compile("\r\n|[\r\n\v\f\u2028\u2029]")


def markdown_escape(text, line_start: bool = False) -> str:
    """``text`` as Markdown that renders as the same text.

    Parameters
    ----------
    text : object
        A name or a paragraph (its ``str``).
    line_start : bool
        Whether the text begins a line, where ``#``, ``>``, ``- ``, ``1. `` or ``---`` would
        open a block. A table cell, or a paragraph that begins with a word of its own (as the
        reports' do: they quote every name), needs no such escape, and "> 0.999" stays as it
        reads.

    Returns
    -------
    str
        The text with a backslash before each character that could start Markdown syntax
        there: always ``\\``, `````, ``*``, ``_``, ``[``, ``]`` and ``|``; ``<`` only
        before what could be a tag or autolink (a letter, ``/``, ``?`` or ``!``), ``&`` only
        before an entity, ``~`` only where it could strike through, and, with ``line_start``,
        what would open a block (``#``, ``>``, a list item's marker or number, ``---``,
        ``===``). Line breaks show as ␤.
    """
    text = LINE_BREAKS.sub("␤", str(text))
    text = "".join("\\" + ch if ch in ALWAYS else ch for ch in text)
    text = TAG_START.sub(r"\\<", text)
    text = ENTITY.sub(r"\\&", text)
    text = TILDES.sub(lambda m: "".join("\\~" for _ in m.group(0)), text)
    match = LINE_START.match(text) if line_start else None
    if match:
        # before the marker, or after a list number ("1\\. ")
        at = match.end() if match.group(2)[0].isdigit() else match.start(2)
        text = text[:at] + "\\" + text[at:]
    return text


PARAGRAPH = "\n\n"        # between a text's paragraphs (the Results' parts)


def by_paragraph(text: str, escape) -> str:
    """``text`` escaped paragraph by paragraph: each escape folds every line break into one
    space (a break inside a name must not end a table's cell), not the paragraphs' own."""
    return PARAGRAPH.join(escape(p) for p in text.split(PARAGRAPH))
