// The hierarchical correlated t-test written the way the authors' original program computes
// its likelihood -- an n x n quadratic form per data set with the inverse correlation matrix --
// in current Stan syntax. Used only by benchmarks/hierarchical_fit.py and the tests, to show
// that stan/hierarchical.stan gives the same posterior far faster. Priors as in
// hierarchical.stan with nu_prior = 1 (the papers' hierarchical Gamma), all delta_i centred.
data {
  int<lower=1> q;
  int<lower=2> n;
  matrix[q, n] x;                          // the differences themselves, one row per data set
  real<lower=0, upper=1> rho;
  real<lower=0> delta0_bound;
  real<lower=0> sigma_max;
  real<lower=0> sigma0_max;
  real<lower=0> alpha_low;
  real<lower=alpha_low> alpha_high;
  real<lower=0> beta_low;
  real<lower=beta_low> beta_high;
}
transformed data {
  // correlation matrix M = (1 - rho) I + rho 1 1': its inverse and log determinant in closed form
  matrix[n, n] inv_m = (diag_matrix(rep_vector(1, n)) - rho / (1 + (n - 1) * rho) * rep_matrix(1, n, n))
                       / (1 - rho);
  real log_det_m = (n - 1) * log1m(rho) + log1p((n - 1) * rho);
}
parameters {
  real<lower=-delta0_bound, upper=delta0_bound> delta0;
  real<lower=0, upper=sigma0_max> sigma0;
  vector[q] delta;
  vector<lower=0, upper=sigma_max>[q] sigma;
  real<lower=0> nu_minus_one;
  real<lower=alpha_low, upper=alpha_high> alpha;
  real<lower=beta_low, upper=beta_high> beta;
}
model {
  matrix[q, n] resid = x - rep_matrix(delta, n);
  // row i of resid times inv_m times its transpose, for every data set at once
  vector[q] quad = rows_dot_product(resid * inv_m, resid);
  target += gamma_lpdf(nu_minus_one | alpha, beta);
  target += student_t_lpdf(delta | 1 + nu_minus_one, delta0, sigma0);
  target += -0.5 * q * (n * log(2 * pi()) + log_det_m) - n * sum(log(sigma))
            - 0.5 * sum(quad ./ square(sigma));
}
generated quantities {
  real nu = 1 + nu_minus_one;
}
