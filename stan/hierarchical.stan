// Bayesian hierarchical correlated t-test (Corani et al., MLJ 2017, eq. 1-8; JMLR 2017, eq. 12-19).
//
// Data set i has n cross-validation differences x_i1..x_in, modelled as an equicorrelated
// multivariate normal: mean delta_i, variance sigma_i^2, correlation rho between any two folds.
// That density depends on x_i only through its mean xbar_i and its sum of squared
// deviations ss_i = sum_j (x_ij - xbar_i)^2:
//
//   log MVN(x_i | 1 delta_i, Sigma_i) = -n/2 log(2 pi) - n log sigma_i
//       - (n-1)/2 log(1 - rho) - 1/2 log(1 + (n-1) rho)
//       - ss_i / (2 sigma_i^2 (1 - rho))
//       - n (xbar_i - delta_i)^2 / (2 sigma_i^2 (1 + (n-1) rho)),
//
// so each data set costs O(1) per gradient instead of an n x n quadratic form. Constants are
// kept (target +=, not ~) so the log density equals the full one exactly.
//
// Variants, switched by data (no copies of this file):
//   nu_prior = 1: nu - 1 ~ Gamma(alpha, beta), alpha ~ U(alpha_low, alpha_high),
//                 beta ~ U(beta_low, beta_high)             (the papers' hierarchical prior)
//   nu_prior = 2: nu - 1 ~ Gamma(nu_shape, nu_rate)          (fixed: Kruschke 1, 0.0345;
//                                                              Juarez-Steel 2, 0.1)
//   nu_prior = 0: Gaussian top level, no nu at all.
//   non_centred[i] = 1 samples z_i = (delta_i - delta0) / sigma0, 0 samples delta_i itself.
//   Non-centring suits data sets whose own data say less about delta_i than the population
//   does (small sigma0, noisy folds); centring suits the rest. The caller picks per data set.
functions {
  // delta_i from the sampled coordinates: delta_raw is delta_i itself where centred,
  // z_i = (delta_i - delta0) / sigma0 where non-centred
  vector to_delta(vector delta_raw, real delta0, real sigma0,
                  array[] int centred, array[] int non_centred) {
    vector[rows(delta_raw)] delta;
    delta[centred] = delta_raw[centred];
    delta[non_centred] = delta0 + sigma0 * delta_raw[non_centred];
    return delta;
  }
}
data {
  int<lower=1> q;                          // data sets
  int<lower=2> n;                          // differences per data set (runs x folds)
  vector[q] xbar;                          // per-data-set mean difference
  vector<lower=0>[q] ss;                   // per-data-set sum of squared deviations
  real<lower=0, upper=1> rho;              // correlation between folds, 1/k
  real<lower=0> delta0_bound;              // delta0 ~ U(-delta0_bound, delta0_bound)
  real<lower=0> sigma_max;                 // sigma_i ~ U(0, sigma_max)
  real<lower=0> sigma0_max;                // sigma0 ~ U(0, sigma0_max)
  int<lower=0, upper=2> nu_prior;
  real<lower=0> alpha_low;
  real<lower=alpha_low> alpha_high;
  real<lower=0> beta_low;
  real<lower=beta_low> beta_high;
  real<lower=0> nu_shape;                  // the fixed Gamma of nu_prior = 2
  real<lower=0> nu_rate;
  array[q] int<lower=0, upper=1> non_centred;
}
transformed data {
  int student = nu_prior > 0;
  int hyper = nu_prior == 1;
  real log_const = -0.5 * n * log(2 * pi()) - 0.5 * (n - 1) * log1m(rho)
                   - 0.5 * log1p((n - 1) * rho);
  // the two quadratic terms of the likelihood, per unit of 1 / sigma_i^2
  vector[q] ss_term = ss / (2 * (1 - rho));
  real mean_var_factor = (1 + (n - 1) * rho) / n;   // Var(xbar_i) = sigma_i^2 * this
  int n_nc = sum(non_centred);
  array[q - n_nc] int c_idx;
  array[n_nc] int nc_idx;
  {
    int j = 1;
    int k = 1;
    for (i in 1:q) {
      if (non_centred[i]) {
        nc_idx[k] = i;
        k += 1;
      } else {
        c_idx[j] = i;
        j += 1;
      }
    }
  }
}
parameters {
  real<lower=-delta0_bound, upper=delta0_bound> delta0;
  real<lower=0, upper=sigma0_max> sigma0;
  vector[q] delta_raw;                     // delta_i when centred, z_i when non-centred
  vector<lower=0, upper=sigma_max>[q] sigma;
  array[student] real<lower=0> nu_minus_one;
  array[hyper] real<lower=alpha_low, upper=alpha_high> alpha;
  array[hyper] real<lower=beta_low, upper=beta_high> beta;
}
model {
  vector[q] delta = to_delta(delta_raw, delta0, sigma0, c_idx, nc_idx);
  // z_i = (delta_i - delta0) / sigma0 follows the standard top-level law; a centred delta_i
  // has density law(z_i) / sigma0, hence the Jacobian term
  vector[q] z = delta_raw;
  z[c_idx] = (delta_raw[c_idx] - delta0) / sigma0;
  target += -(q - n_nc) * log(sigma0);
  // uniform priors on delta0, sigma0, sigma_i, alpha, beta: implied by the bounds
  if (student) {
    if (hyper) {
      target += gamma_lpdf(nu_minus_one[1] | alpha[1], beta[1]);
    } else {
      target += gamma_lpdf(nu_minus_one[1] | nu_shape, nu_rate);
    }
    target += student_t_lpdf(z | 1 + nu_minus_one[1], 0, 1);
  } else {
    target += std_normal_lpdf(z);
  }
  // the reduced equicorrelated-normal likelihood (see the header)
  target += q * log_const - n * sum(log(sigma))
            - dot_product(ss_term + square(xbar - delta) / (2 * mean_var_factor),
                          inv_square(sigma));
}
generated quantities {
  vector[q] delta = to_delta(delta_raw, delta0, sigma0, c_idx, nc_idx);
  array[student] real nu;                  // empty for the Gaussian top level
  if (student) nu[1] = 1 + nu_minus_one[1];
}
