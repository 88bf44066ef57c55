"""Every published number the notebooks compare with, typed once, exactly as printed.

Numbers are kept as the printed strings so that their precision (the number of decimals
shown) is known: a reproduced value *matches* when it rounds to the printed one. Nothing
here is ever used as a result; notebooks only set these beside what they compute.

Sources: Benavoli, Corani, Demšar, Zaffalon, "Time for a change", JMLR 18(77), 2017
(``JMLR``); Corani, Benavoli, Demšar, Mangili, Zaffalon, "Statistical comparison of
classifiers through Bayesian hierarchical modelling", Machine Learning 106, 2017 (``MLJ``).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pandas as pd

JMLR = "JMLR 2017"
MLJ = "MLJ 2017"


@dataclass(frozen=True)
class Published:
    """One printed number and where it stands."""

    paper: str
    item: str          # "Table 2", "§3.1", "Figure 1 caption"
    row: str
    column: str
    text: str          # as printed, e.g. "0.077"

    @property
    def value(self) -> float:
        return float(self.text)

    @property
    def decimals(self) -> int:
        return len(self.text.split(".")[1]) if "." in self.text else 0


@dataclass(frozen=True)
class Table:
    """A published table: rows by their label in the paper, cells as printed."""

    paper: str
    item: str
    cells: pd.DataFrame

    def get(self, row, column: str) -> Published:
        # rows are keyed by their printed label, so ids are looked up as text
        return Published(self.paper, self.item, str(row), column, str(self.cells.at[str(row), column]))

    def column(self, column: str) -> pd.Series:
        return self.cells[column].astype(float)


def _table(paper: str, item: str, text: str) -> Table:
    cells = pd.read_csv(io.StringIO(text.strip()), sep="\t", dtype=str, index_col=0)
    return Table(paper, item, cells)


def quote(paper: str, item: str, text: str, row: str = "", column: str = "") -> Published:
    return Published(paper, item, row, column, text)


# --- JMLR §2: the frequentist correlated t-test -------------------------------------------

# The anneal example (§2, after eq. 3; §3 after eq. 6): nbc - aode, rho = 1/10, n = 100.
ANNEAL_MEAN = quote(JMLR, "§2 anneal example", "-0.0194", "anneal", "mean")
ANNEAL_SD = quote(JMLR, "§2 anneal example", "0.01583", "anneal", "sd")
ANNEAL_T = quote(JMLR, "§2 anneal example", "-3.52", "anneal", "t")
ANNEAL_P = quote(JMLR, "§2 anneal example", "0.00065", "anneal", "p")
ANNEAL_POSTERIOR_SCALE2 = quote(JMLR, "§3 after eq. 6", "0.000030", "anneal", "posterior scale²")

# Table 2: two-sided p-values of the correlated t-test, nbc vs aode. Printed in three
# columns, read row by row; the order is the data sets' id order (names as printed).
TABLE_2 = _table(JMLR, "Table 2", """
dataset_id	dataset	p-value
1	anneal	0.001
2	audiology	0.622
3	breast-cancer	0.598
4	cmc	0.338
5	contact-lenses	0.643
6	credit	0.479
7	german-credit	0.171
8	pima-diabetes	0.781
9	ecoli	0.001
10	eucalyptus	0.258
11	glass	0.162
12	grub-damage	0.090
13	haberman	0.671
14	hayes-roth	1.000
15	cleeland-14	0.525
16	hungarian-14	0.878
17	hepatitis	0.048
18	hypothyroid	0.287
19	ionosphere	0.684
20	iris	0.000
21	kr-s-kp	0.646
22	labor	1.000
23	lier-disorders	0.270
24	lymphography	0.018
25	monks1	0.000
26	monks3	0.220
27	monks	0.000
28	mushroom	0.000
29	nursery	0.000
30	optdigits	0.000
31	page	0.687
32	pasture	0.000
33	pendigits	0.452
34	postoperatie	0.582
35	primary-tumor	0.492
36	segment	0.000
37	solar-flare-C	0.035
38	solar-flare-m	0.596
39	solar-flare-X	0.004
40	sonar	0.777
41	soybean	0.049
42	spambase	0.000
43	spect-reordered	0.198
44	splICE	0.004
45	squash-stored	0.940
46	squash-unstored	0.304
47	tae	0.684
48	credit	0.000
49	owel	0.000
50	waveform	0.417
51	white-clover	0.463
52	wine	0.671
53	yeast	0.576
54	zoo	0.435
""")
TABLE_2_SIGNIFICANT = quote(JMLR, "Table 2 caption", "19", "nbc-aode", "p < 0.05 (of 54)")

# Figures 1-3 captions and §2 text: p-values of single data sets.
FIG1_P_15_FOLDS = quote(JMLR, "Figure 1 caption", "0.077", "hepatitis", "p, 15 of 100 folds")
FIG1_P_100_FOLDS = quote(JMLR, "Figure 1 caption", "0.048", "hepatitis", "p, 100 folds")
FIG2_P_APPROX = quote(JMLR, "§2, Figure 2", "0.001", "ecoli and iris", "p ≈")
FIG3_P_AUDIOLOGY = quote(JMLR, "Figure 3 caption", "0.622", "audiology", "p")
FIG3_P_BREAST_CANCER = quote(JMLR, "Figure 3 caption", "0.598", "breast-cancer", "p")

# --- JMLR §3: the Bayesian correlated t-test ------------------------------------------------

# §3.1, Figure 4: squash-unstored, nbc vs aode, rope 0.01.
SQUASH_P_NBC_BETTER = quote(JMLR, "§3.1", "0.165", "squash-unstored", "P(nbc > aode)")
SQUASH_P_AODE_BETTER = quote(JMLR, "§3.1", "0.835", "squash-unstored", "P(aode > nbc)")
SQUASH_P_LEFT = quote(JMLR, "§3.1", "0.788", "squash-unstored", "P(nbc ≪ aode)")
SQUASH_P_ROPE = quote(JMLR, "§3.1", "0.086", "squash-unstored", "P(nbc = aode)")
SQUASH_P_RIGHT = quote(JMLR, "§3.1", "0.126", "squash-unstored", "P(nbc ≫ aode)")

# §3.1 after Figure 8: the data sets whose whole posterior lies left of / inside the rope.
AODE_PRACTICALLY_BETTER = ("ecoli", "iris", "monks1", "monks", "mushroom", "nurse", "optdigits",
                           "pasture", "segment", "spambase", "credit", "owel")
PRACTICALLY_EQUIVALENT = ("hayes-roth", "hungarian14", "hepatitis", "labor", "wine", "yeast")
N_AODE_PRACTICALLY_BETTER = quote(JMLR, "§3.1 after Figure 8", "12", "nbc-aode", "aode practically better")
N_PRACTICALLY_EQUIVALENT = quote(JMLR, "§3.1 after Figure 8", "6", "nbc-aode", "practically equivalent")
N_NBC_PRACTICALLY_BETTER = quote(JMLR, "§3.1 after Figure 8", "0", "nbc-aode", "nbc practically better")

# Table 4: nbc-aode, NHST decisions against the Bayesian 0.95 rule. §3.2 adds the total.
TABLE_4 = _table(JMLR, "Table 4", """
NHST	data sets	rope	difference	no decision
does not reject	35	6		29
rejects	19	1	14	4
""")
TABLE_4_DECISIONS = quote(JMLR, "§3.2", "21", "nbc-aode", "Bayesian decisions (of 54)")

# Table 5: comparisons where the correlated t-test does not reject (p > 0.05).
TABLE_5 = _table(JMLR, "Table 5", """
pair	data sets	P(rope) > .95	no decision
nbc-aode	35	6	29
nbc-hnb	30	0	30
nbc-j48	27	2	25
nbc-j48gr	27	2	25
aode-hnb	40	6	34
aode-j48	33	6	27
aode-j48gr	35	6	29
hnb-j48	32	3	29
hnb-j48gr	32	3	29
j48-j48gr	50	40	10
total	341	74	267
""")

# Table 6: comparisons where the correlated t-test rejects (p <= 0.05).
TABLE_6 = _table(JMLR, "Table 6", """
pair	data sets	rope	difference	no decision
nbc-aode	19	1	14	4
nbc-hnb	24	0	19	5
nbc-j48	27	0	20	7
nbc-j48gr	27	0	21	6
aode-hnb	14	1	6	7
aode-j48	21	1	14	6
aode-j48gr	19	1	13	5
hnb-j48	22	0	17	5
hnb-j48gr	22	0	17	5
j48-j48gr	4	2	1	1
total	199	6	142	51
""")
# The "rates" rows of Tables 5 and 6.
TABLE_5_RATE_ROPE = quote(JMLR, "Table 5", "0.22", "rates", "P(rope) > .95")
TABLE_5_RATE_NONE = quote(JMLR, "Table 5", "0.78", "rates", "no decision")
TABLE_6_RATE_ROPE = quote(JMLR, "Table 6", "0.03", "rates", "rope")
TABLE_6_RATE_DIFFERENCE = quote(JMLR, "Table 6", "0.71", "rates", "difference")
TABLE_6_RATE_NONE = quote(JMLR, "Table 6", "0.26", "rates", "no decision")
BAYES_DECISIONS_TOTAL = quote(JMLR, "§3.3", "222", "all pairs", "Bayesian decisions (of 540)")
