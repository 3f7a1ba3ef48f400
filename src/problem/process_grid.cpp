// SPDX-License-Identifier: BSD-3-Clause
// Reproduces HPCG 3.1's default (non-cubic-radical) choice so that the same rank count gives the
// same global problem as the reference: closed forms for up to three prime factors, otherwise the
// first grid of least surface in the reference's enumeration order.
#include "hpcg/problem/process_grid.hpp"

#include <vector>

#include "hpcg/base/error.hpp"

namespace hpcg {
namespace {

struct Factorization {
  std::vector<int> primes;        // ascending, distinct
  std::vector<int> multiplicity;  // of each prime
};

Factorization factorize(int n) {
  Factorization f;
  auto add = [&](int p) {
    if (!f.primes.empty() && f.primes.back() == p) {
      ++f.multiplicity.back();
    } else {
      f.primes.push_back(p);
      f.multiplicity.push_back(1);
    }
  };
  while (n > 1 && n % 2 == 0) {
    add(2);
    n /= 2;
  }
  for (int p = 3; static_cast<long long>(p) * p <= n; p += 2) {
    while (n % p == 0) {
      add(p);
      n /= p;
    }
  }
  if (n > 1 || f.primes.empty()) add(n);  // the leftover prime; 1 for a single rank
  return f;
}

int power(int base, int exponent) {
  int result = 1;
  for (int i = 0; i < exponent; ++i) result *= base;
  return result;
}

/// A mixed-radix counter over prime multiplicities, digit 0 the fastest, as in the reference.
struct Counter {
  std::vector<int> limit, digit;
  explicit Counter(std::vector<int> limits) : limit(std::move(limits)), digit(limit.size(), 0) {}
  void next() {
    for (size_t i = 0; i < digit.size(); ++i) {
      if (++digit[i] <= limit[i]) return;
      digit[i] = 0;
    }
  }
  bool is_zero() const {
    for (int d : digit) {
      if (d != 0) return false;
    }
    return true;
  }
  int product(const std::vector<int>& primes) const {
    int result = 1;
    for (size_t i = 0; i < digit.size(); ++i) result *= power(primes[i], digit[i]);
    return result;
  }
};

std::array<int, 3> least_surface(int ranks, const Factorization& f) {
  std::array<int, 3> best{ranks, 1, 1};
  long long best_surface = 2LL * ranks + 1;
  Counter first(f.multiplicity);
  for (first.next(); !first.is_zero(); first.next()) {
    std::vector<int> remaining(f.multiplicity.size());
    for (size_t i = 0; i < remaining.size(); ++i) {
      remaining[i] = f.multiplicity[i] - first.digit[i];
    }
    Counter second(remaining);
    for (second.next(); !second.is_zero(); second.next()) {
      int x = first.product(f.primes), y = second.product(f.primes), z = ranks / x / y;
      long long surface = 1LL * x * y + 1LL * y * z + 1LL * x * z;
      if (surface < best_surface) {
        best_surface = surface;
        best = {x, y, z};
      }
    }
  }
  return best;
}

}  // namespace

std::array<int, 3> compute_process_grid(int ranks) {
  HPCG_REQUIRE(ranks >= 1);
  Factorization f = factorize(ranks);
  const auto& p = f.primes;
  const auto& m = f.multiplicity;
  int total = 0;
  for (int k : m) total += k;
  if (p.size() == 1) {
    int k = m[0], third = k / 3;
    return {power(p[0], third + (k % 3 >= 1)), power(p[0], third + (k % 3 >= 2)),
            power(p[0], third)};
  }
  if (p.size() == 2 && total == 2) return {p[0], p[1], 1};
  if (p.size() == 2 && total == 3) return {p[0], p[1], m[0] == 2 ? p[0] : p[1]};
  if (p.size() == 3 && total == 3) return {p[0], p[1], p[2]};
  return least_surface(ranks, f);
}

}  // namespace hpcg
