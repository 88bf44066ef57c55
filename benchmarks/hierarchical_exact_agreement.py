"""Does the exact engine give Stan's posterior? A table of z-scores over the 10 pairs of the 5
bundled classifiers (54 data sets x 100 folds) and scmamp's vignette example (10 data sets x 10
runs x 10 folds, algorithms C against D: benchmarks/scmamp_kcv_example.csv) under both
hyperpriors.

For each case: Stan with long chains (4 x 2,500 kept draws after 1,000 warm-up) at the package's
default sampler settings (hierarchical.NON_CENTRED, ADAPT_DELTA: every data set non-centred,
adapt_delta 0.95; --non-centred moments gives the rule these were before) and the exact
engine, same data and seed.
Compared: the next-data-set shares (the papers' probabilities), the mean masses and the
probabilities of delta0, by bayestut.methods.diagnostics.agreement: z = (exact - Stan) /
Stan's Monte Carlo standard error (where that is 0, all of Stan's draws agree: then the binomial
error of a share of 10,000 independent draws at the exact value). The decision at 0.95 is compared too: a difference counts only where
Stan's share is not within 3 Monte Carlo errors of the threshold.

Stan's fits are cached in the folder given by --cache (default /tmp/bayestut-agreement), as
they take minutes; the exact engine is rerun every time.

Run: .venv/bin/python benchmarks/hierarchical_exact_agreement.py [--cache DIR]
[--cases uci,scmamp] [--non-centred all|moments|auto]
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
import warnings
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from bayestut.data import UCI_CLASSIFIERS, load_uci, read_results
from bayestut.methods.hierarchical import ADAPT_DELTA, NON_CENTRED, hierarchical_test
from bayestut.methods.diagnostics import AGREEMENT, agreement

STAN = dict(chains=4, warmup=1000, draws=2500, non_centred=NON_CENTRED, adapt_delta=ADAPT_DELTA,
            progress=False, engine="stan")
THRESHOLD = 0.95
DRAWS = STAN["chains"] * STAN["draws"]
QUANTITIES = [name for name, *_ in AGREEMENT]


def cases(names):
    """(table, a, b) per case name: the 10 UCI pairs and scmamp's C against D."""
    out = {}
    if "uci" in names:
        table = load_uci()
        out.update({f"{a}-{b}": (table, a, b)
                    for a, b in itertools.combinations(UCI_CLASSIFIERS, 2)})
    if "scmamp" in names:
        out["scmamp C-D"] = (read_results(Path(__file__).with_name("scmamp_kcv_example.csv")),
                             "C", "D")
    return out


def stan_summary(table, a, b, hyperprior, seed, non_centred) -> dict:
    start = time.perf_counter()
    r = hierarchical_test(table, a, b, hyperprior=hyperprior, seed=seed,
                          **{**STAN, "non_centred": non_centred})
    # the number line's (left, rope, right) order, as the cache has always held them
    return dict(shares=r._probabilities.tolist(), shares_se=r._probabilities_mcse.tolist(),
                masses=r._new_data_set.tolist(), masses_se=r._new_data_set_mcse.tolist(),
                delta0=r._delta0_probabilities.tolist(),
                delta0_se=r._delta0_probabilities_mcse.tolist(),
                divergences=int(r.diagnostics.divergences),
                seconds=time.perf_counter() - start)


def as_result(stan: dict) -> SimpleNamespace:
    """A cached Stan summary under the result's attribute names, for agreement(): in the
    reading order (a better, equivalent, b better), as a result's labelled probabilities."""
    flip = {key: list(values)[::-1] for key, values in stan.items() if isinstance(values, list)}
    return SimpleNamespace(probabilities=flip["shares"], probabilities_mcse=flip["shares_se"],
                           new_data_set_probabilities=flip["masses"],
                           new_data_set_probabilities_mcse=flip["masses_se"],
                           delta0_probabilities=flip["delta0"],
                           delta0_probabilities_mcse=flip["delta0_se"],
                           labels=("a better", "equivalent", "b better"))


def decision(shares, threshold=THRESHOLD) -> str:
    best = int(np.argmax(shares))
    return ("left", "rope", "right")[best] if shares[best] >= threshold else "none"


def main(cache: Path, seed: int, names, non_centred) -> None:
    warnings.simplefilter("ignore")
    cache.mkdir(parents=True, exist_ok=True)
    rows, worst = [], 0.0
    print(f"{'pair':<14}{'prior':<6}{'Stan shares':<22}{'exact shares':<22}"
          f"{'max |z| shares/masses/delta0':<30}{'decision':<14}{'Stan s':>7}{'exact s':>8}")
    for hyperprior in ("mlj", "jmlr"):
        for name, (table, a, b) in cases(names).items():
            path = cache / f"{a}-{b}-{hyperprior}-{seed}-{non_centred}.json"
            if path.exists():
                stan = json.loads(path.read_text())
            else:
                stan = stan_summary(table, a, b, hyperprior, seed, non_centred)
                path.write_text(json.dumps(stan))
            start = time.perf_counter()
            exact = hierarchical_test(table, a, b, hyperprior=hyperprior, seed=seed,
                                      engine="exact")
            exact_seconds = time.perf_counter() - start
            z = agreement(exact, as_result(stan), draws=DRAWS)["z"].abs()
            zs = [z.loc[q].max() for q in QUANTITIES]
            worst = max(worst, *zs)
            d_stan, d_exact = decision(stan["shares"]), decision(exact._probabilities)
            near = abs(max(stan["shares"]) - THRESHOLD) <= 3 * max(stan["shares_se"])
            same = "same" if d_stan == d_exact else ("differs (near)" if near else "DIFFERS")
            print(f"{name:<14}{hyperprior:<6}"
                  f"{' '.join(f'{v:.4f}' for v in stan['shares']):<22}"
                  f"{' '.join(f'{v:.4f}' for v in exact._probabilities):<22}"
                  f"{' / '.join(f'{z:.2f}' for z in zs):<30}{same:<14}"
                  f"{stan['seconds']:7.1f}{exact_seconds:8.2f}  {stan['divergences']} div")
            rows.append(zs)
    print(f"largest |z| over {len(rows)} cases and 9 probabilities each: {worst:.2f} "
          f"(agreement: every |z| <= 4)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, default=Path("/tmp/bayestut-agreement"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", default="uci,scmamp")
    parser.add_argument("--non-centred", default="all", choices=("all", "moments", "auto"))
    args = parser.parse_args()
    main(args.cache, args.seed, args.cases.split(","),
         {"all": True}.get(args.non_centred, args.non_centred))
