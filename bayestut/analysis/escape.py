"""Text escaped for LaTeX and Markdown, whatever the names hold: the paper's paragraphs and
table (:mod:`bayestut.analysis.writeup`) carry a reader's classifier and data set names."""

from __future__ import annotations

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
                  "±": r"$\pm$", "₀": r"$_0$", "−": r"$-$", "×": r"$\times$", "“": "``", "”": "''",
                  "‘": "`", "’": "'", "–": "--", "—": "---", "…": r"\ldots{}",
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
    base, *marks = unicodedata.normalize("NFD", ch)
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
    return "".join(_latex_char(ch) + ("{}" if ch == "-" and text[i + 1:i + 2] == "-" else "")
                   for i, ch in enumerate(text))


# Markdown: the characters that start Markdown syntax inside a line are backslash-escaped and
# HTML's are entities, so that a name is text in any renderer (no tag, no link, no broken table
# row); a line break in a name shows as ␤. (The prose has no line breaks, so the characters
# that only matter at a line's start need nothing.)
MARKDOWN_SPECIALS = set("\\`*_[]|~")
HTML_ENTITIES = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}


def markdown_escape(text) -> str:
    text = str(text).replace("\r\n", "\n")
    out = []
    for ch in text:
        if ch in HTML_ENTITIES:
            out.append(HTML_ENTITIES[ch])
        elif ch in MARKDOWN_SPECIALS:
            out.append("\\" + ch)
        elif ch in "\r\n\v\f\u2028\u2029":
            out.append("␤")
        else:
            out.append(ch)
    return "".join(out)
