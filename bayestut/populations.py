"""Populations p(delta_i) from which the simulations of Corani et al. (MLJ 2017, §5) draw the
true difference of accuracy delta_i of each data set.

- :class:`Cauchy`: delta0 + scale * t_1 (§5.2-5.4: "a more realistic model").
- :class:`Mixture`: two Gaussians, means 0.005 and 0.02, weights 1/2 (§5.1). The paper gives
  the component sd as 0.001; the authors' R code uses 0.01. Both are available.
- :class:`Gaussian`: any mean and sd; :func:`matched_gaussian` gives the one with the mixture's
  mean and variance (§5.1's "double-check").

The simulator can only realise delta_i in [theta* - 1, theta* - 0.5] (theta_2 = theta* - delta_i
must stay a probability above 1/2), so :func:`draw` redraws values outside that range: this
truncates the Cauchy's far tails (about 1% of draws at scale 0.0033, 3% at 0.01) and leaves the
Gaussian populations untouched in practice.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .cvsim import THETA_STAR


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


def draw(population, rng: np.random.Generator, size: int,
         theta_star: float = THETA_STAR) -> np.ndarray:
    """``size`` deltas from ``population``, redrawing any the simulator cannot realise."""
    low, high = theta_star - 1.0, theta_star - 0.5
    deltas = population.sample(rng, size)
    bad = (deltas < low) | (deltas > high)
    while bad.any():
        deltas[bad] = population.sample(rng, int(bad.sum()))
        bad = (deltas < low) | (deltas > high)
    return deltas
