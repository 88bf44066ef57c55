// Bayesian Plackett-Luce model of rankings (Calvo, Ceberio and Lozano 2018, 2019).
//
// Each of K classifiers has a weight w_k > 0, sum(w) = 1: the probability that it ranks first
// on a new data set. A ranking order[1..K] (best first) has probability
//
//   prod_{i=1..K} w[order[i]] / sum_{j>=i} w[order[j]],
//
// choose the winner among all, then the winner among the rest, and so on. Prior: Dirichlet.
// Each ranking carries a weight in the log-likelihood, so that a data set whose scores tie
// can enter as all its tie-breaks, each counting 1/m! (see bayestut/ranking.py).
data {
  int<lower=2> K;
  int<lower=1> N;
  array[N, K] int<lower=1, upper=K> order;
  vector<lower=0>[N] weight;
  vector<lower=0>[K] prior;
}
parameters {
  simplex[K] w;
}
model {
  w ~ dirichlet(prior);
  for (n in 1:N) {
    vector[K] ranked = w[order[n]];
    // the denominators: what is left to choose from at each step
    vector[K] left = reverse(cumulative_sum(reverse(ranked)));
    target += weight[n] * (sum(log(ranked)) - sum(log(left)));
  }
}
