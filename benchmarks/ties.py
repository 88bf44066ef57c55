"""Ties with the rope's edges: the former rule (a tolerance of min(1e-5, r/1000) around each edge)
against the input's precision (bayestut.methods.ties), the exact rational rule and baycomp's.

Two studies, each rule counted on the SAME Dirichlet weights (same seed), so that every
difference below is the counting's and none is Monte Carlo noise:

1. Tie-rich tables (100 per rope): 100 folds of 30 instances, so the mean differences are
   multiples of 1/3000 and often sum to exactly ±2r. Each table is given per fold and as means
   rounded to 6 decimals; how many tables get different signed-rank shares from the two forms,
   and by how much (the largest of the three shares' differences)?
2. Realistic tables (1,000 at rope 0.01): 10 runs of 10-fold accuracies k/n, each data set with
   its own test-fold size n; how many tables have a sum within 1e-5 of an edge that is not on
   it; each rule's largest share error against the exact rational rule (integer arithmetic on
   z_i = N_i / (folds n_i)) and its count of decisions (0.95 rule) that differ from it.

Run: python benchmarks/ties.py (about two minutes of CPU). Prints two tables; on 2026-11-27:

    rope              rule  tables whose 6-decimal means differ  largest share difference
  0.0100       former rule                                    0                    0.0000
  0.0100 input's precision                                    0                    0.0000
  0.0010       former rule                                   13                    0.0243
  0.0010 input's precision                                    0                    0.0000
  0.0005       former rule                                   88                    0.0790
  0.0005 input's precision                                    0                    0.0000

  1,000 realistic tables at rope 0.01: 17.3% have a sum within 1e-5 of an edge not on it
                     largest share error vs exact  tables with a share error  decisions flipped
  former rule                              0.0146                        168                  1
  input's precision                        0.0000                          0                  0
  baycomp's rule                           0.0232                        266                  0

baycomp's rule (half at float equality) misses exact ties whose float sums are off by a bit;
the former rule counts near misses as ties; neither changed many decisions, but both move shares.
"""

import numpy as np
import pandas as pd

from bayestut.data import Differences
from bayestut.methods import nonparametric as nonpar
from bayestut.methods.decisions import decide_regions as decide

S = 0.5
OLD_TOLERANCE = 1e-5


def weights_of(seed, n_samples: int, size: int) -> np.ndarray:
    """The normalised weights signed_rank_test draws with this seed (one chunk)."""
    rng = np.random.default_rng(seed)
    w = rng.standard_exponential((n_samples, size))
    w[:, 0] = rng.standard_gamma(S, n_samples)
    return w / w.sum(axis=1, keepdims=True)


def masses(regions: np.ndarray, w: np.ndarray) -> np.ndarray:
    """sum_ij w_i w_j regions_ij per sample, for (values x values x 3) pair regions."""
    return np.stack([np.sum((w @ regions[..., k]) * w, axis=1) for k in range(3)], axis=1)


def float_regions(z: np.ndarray, rope: float, tolerance: float) -> np.ndarray:
    """Pair regions from float sums, half on an edge: within ``tolerance`` of it (the former
    rule) or exactly equal to it (tolerance 0: baycomp's heaviside)."""
    v = np.concatenate([[0.0], z])
    sums = v[:, None] + v[None, :]
    on_high, on_low = np.abs(sums - 2 * rope) <= tolerance, np.abs(sums + 2 * rope) <= tolerance
    above, below = (sums > 2 * rope) & ~on_high, (sums < -2 * rope) & ~on_low
    return np.stack([below + 0.5 * on_low, 1.0 - below - above - 0.5 * (on_low | on_high),
                     above + 0.5 * on_high], axis=-1)


def exact_regions(numbers: np.ndarray, m: np.ndarray, rope_num: int, rope_den: int):
    """Pair regions of z_i = numbers_i / m_i (z0 = 0 first) against ±2r = ±2 rope_num/rope_den,
    in integers; and how many pairs miss an edge by less than 1e-5 without being on it."""
    numbers, m = np.concatenate([[0], numbers]), np.concatenate([[1], m])
    sums = (np.outer(numbers, m) + np.outer(m, numbers)) * rope_den
    edge = 2 * rope_num * np.outer(m, m)
    below, above, on_low, on_high = sums < -edge, sums > edge, sums == -edge, sums == edge
    regions = np.stack([below + 0.5 * on_low, ~(below | above) - 0.5 * (on_low | on_high),
                        above + 0.5 * on_high], axis=-1)
    gap = np.minimum(np.abs(sums - edge), np.abs(sums + edge))
    near = (gap > 0) & (gap * 100_000 < np.outer(m, m) * rope_den)
    return regions, int(near.sum())


def shares(samples: np.ndarray) -> np.ndarray:
    return np.bincount(samples.argmax(axis=1), minlength=3) / len(samples)


def tie_rich(rng, rope: float):
    """Per-fold counts (a, b) out of 30 on q data sets; the differences' sums often hit ±2r."""
    q, edge = int(rng.integers(8, 30)), round(2 * rope * 3000)
    a, b = [], []
    for m in rng.integers(-2 * edge, 2 * edge + 1, q):
        base = rng.integers(18, 27, 100)
        steps, order = np.zeros(100, int), rng.permutation(100)
        steps[order[:min(abs(m), 100)]] = np.sign(m)          # one instance on abs(m) folds,
        steps[order[:max(abs(m) - 100, 0)]] += np.sign(m)     # two where more are needed
        a.append(base + steps)
        b.append(base)
    return np.array(a), np.array(b)


def study_forms(n_tables: int = 100, n_samples: int = 20_000) -> pd.DataFrame:
    rows = []
    for rope in (0.01, 0.001, 0.0005):
        rng = np.random.default_rng(7)
        differ = {"former rule": [], "input's precision": []}
        for t in range(n_tables):
            a, b = tie_rich(rng, rope)
            folds = a / 30 - b / 30
            rounded = np.round(a.mean(axis=1) / 30, 6) - np.round(b.mean(axis=1) / 30, 6)
            d = Differences(x=folds, datasets=tuple(range(len(a))), ids=tuple(range(len(a))),
                            a="a", b="b", folds=10)
            kw = dict(rope=rope, s=S, n_samples=n_samples, seed=t)
            new = [nonpar.signed_rank_test(z, **kw)._shares for z in (d, rounded)]
            w = weights_of(t, n_samples, len(a) + 1)
            tol = min(OLD_TOLERANCE, rope / 1000)
            old = [shares(masses(float_regions(z, rope, tol), w))
                   for z in (d.means().to_numpy(), rounded)]
            differ["former rule"].append(np.abs(old[0] - old[1]).max())
            differ["input's precision"].append(np.abs(new[0] - new[1]).max())
        for rule, gaps in differ.items():
            gaps = np.array(gaps)
            rows.append({"rope": rope, "rule": rule,
                         "tables whose 6-decimal means differ": int((gaps > 0).sum()),
                         "largest share difference": gaps.max()})
    return pd.DataFrame(rows)


def realistic(rng):
    """10 x 10-fold counts of correct predictions on q data sets of test-fold sizes n."""
    q = int(rng.integers(10, 55))
    n = np.maximum(10, (np.exp(rng.uniform(np.log(100), np.log(20_000), q)) / 10).astype(int))
    p = rng.uniform(0.6, 0.95, q)
    delta = rng.normal(0.01, 0.015, q)
    k_a = rng.binomial(n[:, None], np.clip(p + delta / 2, 0, 1)[:, None], (q, 100))
    k_b = rng.binomial(n[:, None], np.clip(p - delta / 2, 0, 1)[:, None], (q, 100))
    return k_a, k_b, n


def study_realistic(n_tables: int = 1000, n_samples: int = 5_000, rope: float = 0.01):
    rng = np.random.default_rng(2026)
    near_tables = 0
    errors = {rule: [] for rule in ("former rule", "input's precision", "baycomp's rule")}
    flips = {rule: 0 for rule in errors}
    for t in range(n_tables):
        k_a, k_b, n = realistic(rng)
        regions, near = exact_regions((k_a - k_b).sum(axis=1), n * 100, 1, 100)
        near_tables += near > 0
        w = weights_of(t, n_samples, len(n) + 1)
        exact = shares(masses(regions, w))
        x = k_a / n[:, None] - k_b / n[:, None]
        d = Differences(x=x, datasets=tuple(range(len(n))), ids=tuple(range(len(n))), a="a",
                        b="b", folds=10)
        z = d.means().to_numpy()
        got = {"former rule": shares(masses(float_regions(z, rope, OLD_TOLERANCE), w)),
               "input's precision": nonpar.signed_rank_test(d, rope=rope, s=S,
                                                            n_samples=n_samples, seed=t)._shares,
               "baycomp's rule": shares(masses(float_regions(z, rope, 0.0), w))}
        for rule, p in got.items():
            errors[rule].append(np.abs(p - exact).max())
            flips[rule] += decide(p) != decide(exact)
    table = pd.DataFrame({"largest share error vs exact": {r: max(e) for r, e in errors.items()},
                          "tables with a share error": {r: int(np.sum(np.array(e) > 0))
                                                        for r, e in errors.items()},
                          "decisions flipped": flips})
    return near_tables / n_tables, table


def main() -> None:
    pd.set_option("display.width", 120)
    print("1. Tie-rich tables (folds of 30): per fold against means rounded to 6 decimals, "
          "100 tables per rope, 20,000 samples")
    print(study_forms().to_string(index=False))
    share, table = study_realistic()
    print(f"\n2. 1,000 realistic tables at rope 0.01 (5,000 samples each): {share:.1%} have a "
          "sum within 1e-5 of an edge that is not on it")
    print(table.to_string())


if __name__ == "__main__":
    main()
