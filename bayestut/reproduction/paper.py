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

# §3.1 after Figure 8: how many data sets' posteriors lie left of / inside / right of the rope.
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

# --- JMLR §4-5: many data sets, the signed-rank test and its Bayesian counterparts ----------

# Table 7: mean difference of accuracy (0-100), nbc - aode. Printed in three columns, read
# row by row, which is the data sets' id order (names as printed: two are called "credit").
TABLE_7 = _table(JMLR, "Table 7", """
dataset_id	dataset	mean difference
1	anneal	-1.939
2	audiology	-0.261
3	breast-cancer	0.467
4	cmc	-0.719
5	contact-lenses	2.000
6	credit	-0.464
7	german-credit	-1.014
8	pima-diabetes	-0.151
9	ecoli	-7.269
10	eucalyptus	-0.790
11	glass	-2.600
12	grub-damage	4.362
13	haberman	-0.614
14	hayes-roth	0.000
15	cleeland-14	-0.625
16	hungarian-14	-0.069
17	hepatitis	-0.212
18	hypothyroid	-1.683
19	ionosphere	0.267
20	iris	-3.242
21	kr-s-kp	-0.833
22	labor	0.000
23	lier-disorders	-1.762
24	lymphography	-1.863
25	monks1	-10.002
26	monks3	-0.343
27	monks	-4.190
28	mushroom	-2.434
29	nursery	-4.747
30	optdigits	-3.548
31	page-blocks	0.583
32	pasture	-10.043
33	pendigits	-0.443
34	postoperatie	1.333
35	primary-tumor	-0.674
36	segment	-3.922
37	solar-flare-C	-2.776
38	solar-flare-m	-0.688
39	solar-flare-X	-3.996
40	sonar	-0.338
41	soybean	-1.112
42	spambase	-3.284
43	spect-reordered	-1.684
44	splice	-0.699
45	squash-stored	-0.367
46	squash-unstored	-5.600
47	tae	-0.400
48	credit	-16.909
49	owel	-5.040
50	waveform	-1.809
51	white-clover	0.500
52	wine	0.143
53	yeast	-0.202
54	zoo	-0.682
""")

# Table 8: signed-rank p-values. The last pair is printed "j48 j48r".
TABLE_8 = _table(JMLR, "Table 8", """
pair	p-value
nbc-aode	0.000
nbc-hnb	0.001
nbc-j48	0.463
nbc-j48gr	0.394
aode-hnb	0.654
aode-j48	0.077
aode-j48gr	0.106
hnb-j48	0.067
hnb-j48gr	0.084
j48-j48gr	0.000
""")

# §4.1 worked example and §4.1.1 (nbc vs aode): the statistic, its normal score, the p-value.
# The p-value is printed as "10^-6", an order of magnitude: it is kept as log10 p.
T_EXAMPLE_FOUR = quote(JMLR, "§4.1", "7", "z = {-2, -1, 4, 5}", "t")
T_EXAMPLE_THREE = quote(JMLR, "§4.1", "5", "z = {-1, 4, 5}", "t")
NBC_AODE_T = quote(JMLR, "§4.1.1", "162", "nbc-aode", "t")
NBC_AODE_W = quote(JMLR, "§4.1.1", "-4.8", "nbc-aode", "w")
NBC_AODE_LOG10_P = quote(JMLR, "§4.1.1", "-6", "nbc-aode", "log10 p (printed 10^-6)")

# Tables 9-11: Bayesian signed-rank test, s = 0.5, rope 0.01, 150,000 samples; share of
# samples in which each region is the largest. "left" is Classif. 1 better, "right" Classif. 2.
TABLE_9 = _table(JMLR, "Table 9", """
pair	left	rope	right
nbc-aode	0.000	0.103	0.897
nbc-hnb	0.000	0.001	0.999
nbc-j48	0.228	0.004	0.768
nbc-j48gr	0.182	0.002	0.815
aode-hnb	0.001	0.956	0.042
aode-j48	0.911	0.026	0.063
aode-j48gr	0.892	0.035	0.073
hnb-j48	0.966	0.015	0.019
hnb-j48gr	0.955	0.020	0.025
j48-j48gr	0.000	1.000	0.000
""")

TABLE_10 = _table(JMLR, "Table 10 (z0 = +inf)", """
pair	left	rope	right
nbc-aode	0.000	0.112	0.888
nbc-hnb	0.000	0.001	0.999
nbc-j48	0.262	0.004	0.734
nbc-j48gr	0.213	0.003	0.784
aode-hnb	0.002	0.961	0.037
aode-j48	0.922	0.024	0.053
aode-j48gr	0.906	0.033	0.061
hnb-j48	0.971	0.014	0.016
hnb-j48gr	0.961	0.018	0.021
j48-j48gr	0.000	1.000	0.000
""")

TABLE_11 = _table(JMLR, "Table 11 (z0 = -inf)", """
pair	left	rope	right
nbc-aode	0.000	0.096	0.904
nbc-hnb	0.000	0.001	0.999
nbc-j48	0.201	0.004	0.795
nbc-j48gr	0.159	0.002	0.839
aode-hnb	0.001	0.950	0.049
aode-j48	0.892	0.028	0.080
aode-j48gr	0.872	0.037	0.091
hnb-j48	0.957	0.017	0.027
hnb-j48gr	0.944	0.022	0.034
j48-j48gr	0.000	1.000	0.000
""")

# §4.2.2 reads the first rows of Table 9 in words (rounded). "hnb better than j48 and j48gr
# with probability greater than 0.95" is a bound, not a number, and is left out.
TEXT_NBC_AODE_AODE = quote(JMLR, "§4.2.2", "0.90", "nbc-aode", "aode practically better")
TEXT_NBC_AODE_ROPE = quote(JMLR, "§4.2.2", "0.10", "nbc-aode", "rope")
TEXT_HNB_NBC = quote(JMLR, "§4.2.2", "0.999", "nbc-hnb", "hnb practically better")
TEXT_AODE_HNB_ROPE = quote(JMLR, "§4.2.2", "0.95", "aode-hnb", "practically equivalent")
TEXT_AODE_J48 = quote(JMLR, "§4.2.2", "0.9", "aode-j48", "aode practically better")
TEXT_AODE_J48GR = quote(JMLR, "§4.2.2", "0.9", "aode-j48gr", "aode practically better")

# §5: Bonferroni thresholds for all ten comparisons and for nbc against the other four.
BONFERRONI_TEN = quote(JMLR, "§5", "0.005", "10 comparisons", "threshold")
BONFERRONI_FOUR = quote(JMLR, "§5", "0.0125", "4 comparisons", "threshold")

# Not the paper: the printed output of the authors' own Julia notebook for Table 9 (z0 = 0),
# BayesianTestsML/tutorial, "Julia/Notebook6 compares two classifiers on multiple datasets
# using left rope right.ipynb", commit 34b0171f. Kept only as evidence where the paper's
# Table 9 and its authors' code disagree.
AUTHORS_NOTEBOOK_TABLE_9 = _table("BayesianTestsML/tutorial", "Julia Notebook 6 output", """
pair	left	rope	right
nbc-aode	0.000	0.123	0.877
nbc-hnb	0.000	0.001	0.999
nbc-j48	0.228	0.006	0.766
nbc-j48gr	0.179	0.004	0.817
aode-hnb	0.001	0.965	0.034
aode-j48	0.904	0.034	0.062
aode-j48gr	0.883	0.046	0.071
hnb-j48	0.962	0.020	0.019
hnb-j48gr	0.950	0.026	0.024
j48-j48gr	0.000	1.000	0.000
""")


# --- the two practical write-ups (notebook 08) ----------------------------------------------

BLOG = "Stripling et al. 2018 (blog)"
TR413 = "ICMC TR 413"

# Stripling, vanden Broucke, Baesens, "Statistical comparison of two classifiers on multiple
# data sets: the Bayesian way", Data Science Briefings (2018): hierarchical test, kNN against
# AdaBoost, AUC, five churn data sets that are not public. Shown beside our redone study on
# public data sets; not a reproduction target.
BLOG_ADABOOST_BETTER = quote(BLOG, "Test Result", "0.9557", "kNN - AdaBoost", "p(AdaBoost > kNN)")

# Pisani and de Carvalho, "Simplified function to apply the Bayesian hierarchical statistical
# test", ICMC technical report 413 (2016): the example with 3 data sets, 30 runs of 5-fold CV,
# good ~ U(0.9, 1.0), bad ~ U(0.6, 0.9); printed next-data-set probabilities.
TR413_LEFT = quote(TR413, "§3 example output", "0.0218", "good - bad", "P(good < bad)")
TR413_ROPE = quote(TR413, "§3 example output", "0", "good - bad", "P(good = bad)")
TR413_RIGHT = quote(TR413, "§3 example output", "0.9782", "good - bad", "P(good > bad)")


# --- JMLR §4.3.1-4.5 and MLJ §6-7: hierarchical model -------------------------------------

# Table 12: the hierarchical model's next-data-set probabilities, 4,000 posterior samples;
# share of samples in which each region is the largest. "left" is Classif. 1 better, "right"
# Classif. 2 better (the same reading as Table 9).
TABLE_12 = _table(JMLR, "Table 12", """
pair	left	rope	right
nbc-aode	0	0.28	0.72
nbc-hnb	0	0	1
nbc-j48	0.2	0.01	0.79
nbc-j48gr	0.15	0.01	0.84
aode-hnb	0	1	0
aode-j48	0.46	0.51	0.03
aode-j48gr	0.41	0.56	0.03
hnb-j48	0.91	0.07	0.02
hnb-j48gr	0.92	0.05	0.03
j48-j48gr	0	1	0
""")
# §4.3.2: "aode is better in almost 100% of cases" -- a reading of Figure 13, not a number.
THREE_MINUTES_JMLR = quote(JMLR, "§4.3.2", "3", "54 data sets x 100 folds", "minutes (about)")

# MLJ Table 2: signed-rank p-value beside the hierarchical test's probabilities; "left" and
# "right" are the two columns' classifiers, p(left) the probability that left is better.
MLJ_TABLE_2 = _table(MLJ, "Table 2", """
pair	p value	p(left)	p(rope)	p(right)
nbc-hnb	0.00	0.00	0.00	1.00
nbc-j48	0.46	0.20	0.01	0.79
nbc-j48gr	0.39	0.15	0.01	0.84
hnb-j48	0.07	0.91	0.07	0.03
hnb-j48gr	0.08	0.92	0.05	0.03
j48-j48gr	0.00	0.00	1.00	0.00
""")


# --- MLJ §4-5: shrinkage and simulations --------------------------------------------------

# Table 1: mean squared error of the MLE (x̄_i) and of the shrinkage estimator (the hierarchical
# posterior mean of delta_i), 500 repetitions per q; deltas from the two-Gaussian mixture and
# from the Gaussian with the mixture's mean and variance.
MLJ_TABLE_1 = _table(MLJ, "Table 1", """
row	MLE	Shrinkage
mixture q=5	.00036	.00017
mixture q=10	.00036	.00014
mixture q=50	.00036	.00012
gaussian q=5	.00036	.00020
gaussian q=10	.00036	.00014
gaussian q=50	.00036	.00012
""")
# §5.1: "the hierarchical model reduces MSE of about 60%" at q = 50
MLJ_MSE_REDUCTION_Q50 = quote(MLJ, "§5.1", "0.6", "mixture q=50", "MSE reduction (about)")
# §5.2, delta0 = 0, Cauchy scale = rope / 3 (1/6 of the rope's length 0.02)
MLJ_SIGNED_RANK_NULL_REJECTIONS = quote(MLJ, "§5.2", "0.05", "delta0 = 0, every q",
                                        "signed-rank rejections (about)")
MLJ_NULL_MEAN_P_ROPE_Q50 = quote(MLJ, "§5.2", "0.9", "delta0 = 0, q=50",
                                 "mean P(rope) (well above)")
MLJ_NULL_POWER_Q50 = quote(MLJ, "§5.2", "0.7", "delta0 = 0, q=50", "share P(rope) > 0.95 (about)")
# "never": written with three decimals, so that one repetition in 500 (0.002) would not match
MLJ_NULL_TYPE_I = quote(MLJ, "§5.2", "0.000", "delta0 = 0, every q",
                        "share P(left) or P(right) > 0.95")
# §5.3, delta0 = 0.005
MLJ_SMALL_SIGNED_RANK_Q50 = quote(MLJ, "§5.3", "0.25", "delta0 = 0.005, q=50",
                                  "signed-rank rejections (about)")
MLJ_SMALL_TYPE_I = quote(MLJ, "§5.3", "0.000", "delta0 = 0.005, every q",
                         "share P(left) or P(right) > 0.95")
# §5.4, q = 50, Cauchy scale 0.01
MLJ_BORDER_MEDIAN_ROPE = quote(MLJ, "§5.4", "0.56", "delta0 = 0.01, q=50", "median P(rope)")
MLJ_BORDER_MEDIAN_RIGHT = quote(MLJ, "§5.4", "0.44", "delta0 = 0.01, q=50", "median P(right)")

# --- The authors' own result file for MLJ §5.2-5.3 ---------------------------------------------
# Not printed in the paper: the pivot table (Sheet1) of `hierarchical/results/rope-001/
# cauchy-simulations.xls` in the authors' public repository BayesianTestsML/tutorial, commit
# 2868901. Each setting ran in batches of 30 repetitions ("batches"); each column is the
# average over the batches of the batch's share of signed-rank rejections (p < 0.05), its
# share of P(rope) > 0.95 and its median P(rope), all on delta0's posterior. Rounded to three
# decimals from the file's full digits. The file has no rows for Figure 4 (delta0 >= 0.01).
AUTHORS = "authors' file"
AUTHORS_FILE = _table(AUTHORS, "cauchy-simulations.xls (tutorial@2868901)", """
setting	batches	signed-rank rejections	share P(rope) > 0.95	batch-median P(rope)
delta0=0 q=10	15	.036	.000	.594
delta0=0 q=20	15	.047	.051	.787
delta0=0 q=30	15	.047	.236	.897
delta0=0 q=40	15	.044	.531	.950
delta0=0 q=50	12	.039	.731	.976
delta0=0.005 q=10	15	.080	.000	.576
delta0=0.005 q=20	15	.149	.022	.749
delta0=0.005 q=30	15	.176	.142	.853
delta0=0.005 q=40	15	.258	.291	.903
delta0=0.005 q=50	14	.245	.436	.928
""")
