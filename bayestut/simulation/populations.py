"""Populations p(delta_i) from which the simulations of Corani et al. (MLJ 2017, §5) draw the
true difference of accuracy delta_i of each data set.

- :class:`Cauchy`: delta0 + scale * t_1 (§5.2-5.4: "a more realistic model").
- :class:`Mixture`: two Gaussians, means 0.005 and 0.02, weights 1/2 (§5.1). The paper gives
  the component sd as 0.001; the authors' R code uses 0.01. Both are available.
- :class:`Gaussian`: any mean and sd; :func:`matched_gaussian` gives the one with the mixture's
  mean and variance (§5.1's "double-check").
- :class:`Truncated`: another population with the values outside a range drawn again; not the
  authors' protocol, but a variant that MLJ §5.4's medians are tested against (notebook 07).

Values are drawn without truncation, as in the authors' code: the Cauchy's far tails put
theta_2 = theta* - delta_i outside [0.5, 1] now and then (about 1.3% of data sets at scale
0.02/6, 3.7% at 0.01 around delta0 = 0.01), and the simulator then realises another difference
(:func:`bayestut.simulation.crossval.realised_delta`). The Gaussian populations never get there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np


class Population(Protocol):
    """What the simulations need of a population: a name for the cache, and draws."""

    @property
    def key(self) -> str: ...

    def sample(self, rng: np.random.Generator, size: int) -> np.ndarray: ...


@dataclass(frozen=True)
class Cauchy:
    delta0: float
    scale: float

    @property
    def key(self) -> str:
        return f"cauchy-d{self.delta0:g}-s{self.scale:.4g}"

    def sample(self, rng: np.random.Generator, size: int) -> np.ndarray:
        return self.delta0 + self.scale * rng.standard_cauchy(size)


@dataclass(frozen=True)
class Gaussian:
    mean: float
    sd: float
    label: str = "gaussian"

    @property
    def key(self) -> str:
        return f"{self.label}-m{self.mean:g}-s{self.sd:.4g}"

    @property
    def variance(self) -> float:
        return self.sd**2

    def sample(self, rng: np.random.Generator, size: int) -> np.ndarray:
        return rng.normal(self.mean, self.sd, size)


@dataclass(frozen=True)
class Mixture:
    """Equal-weight mixture of two Gaussians with a common sd."""

    sd: float
    means: tuple = (0.005, 0.02)

    @property
    def key(self) -> str:
        return f"mixture-s{self.sd:g}"

    @property
    def mean(self) -> float:
        return float(np.mean(self.means))

    @property
    def variance(self) -> float:
        # within-component variance plus the spread of the component means
        return self.sd**2 + float(np.mean(np.square(self.means))) - self.mean**2

    def sample(self, rng: np.random.Generator, size: int) -> np.ndarray:
        component = rng.integers(0, len(self.means), size)
        return np.asarray(self.means)[component] + self.sd * rng.standard_normal(size)


def matched_gaussian(mixture: Mixture) -> Gaussian:
    """The Gaussian with the mixture's mean and variance."""
    return Gaussian(mixture.mean, float(np.sqrt(mixture.variance)),
                    label=f"gaussian-like-mixture-s{mixture.sd:g}")


@dataclass(frozen=True)
class Truncated:
    """``base`` restricted to [low, high]: values outside are drawn again (in draw order, so a
    seed gives one sample)."""

    base: Population
    low: float
    high: float

    @property
    def key(self) -> str:
        return f"{self.base.key}-in{self.low:g}_{self.high:g}"

    def sample(self, rng: np.random.Generator, size: int) -> np.ndarray:
        values = self.base.sample(rng, size)
        outside = (values < self.low) | (values > self.high)
        while outside.any():
            values[outside] = self.base.sample(rng, int(outside.sum()))
            outside = (values < self.low) | (values > self.high)
        return values
