// SPDX-License-Identifier: BSD-3-Clause
// The inputs of the HPCG 3.1 sample report (testing/data/reports/hpcg-3.1-sample.txt: 64^3
// per rank, 2 ranks as 2x1x1, 1 thread, rt=20, 9 sets of 50 iterations), shared by the report
// and performance-model tests.
#pragma once

#include "hpcg/report/results.hpp"
#include "test_problem.hpp"

namespace hpcg::testing {

inline BenchmarkResults sample_report_results() {
  BenchmarkResults r;
  r.params = small_params(64, 64, 64);
  r.params.runtime_seconds = 20;
  r.geometry = make_geometry(r.params, 0, 2);
  r.ranks = 2;
  r.threads = 1;
  r.backend_name = "reference";
  r.backend_version = "1.0.0";
  // Global rows/nonzeros per level; root columns = local rows + one ny*nz face of halo.
  r.levels[0] = {524288, 13790200, 262144 + 4096, 4096, 1};
  r.levels[1] = {65536, 1678840, 32768 + 1024, 1024, 1};
  r.levels[2] = {8192, 198904, 4096 + 256, 256, 1};
  r.levels[3] = {1024, 22264, 512 + 64, 64, 1};
  r.setup_seconds = 1.00144;
  r.optimize_seconds = 1.4e-07;
  r.reference_spmv_mg_seconds = 1.4e-07 / 3.2525e-06;
  r.cg_test.max_unpreconditioned = 11;
  r.cg_test.max_preconditioned = 2;
  r.symmetry_test.spmv_departure = 2.29043e-07;
  r.symmetry_test.mg_departure = 5.89448e-08;
  r.norms_test.mean = 7.76155e-09;
  r.norms_test.variance = 0;
  r.reference_iterations = 50;
  r.optimized_iterations = 50;
  r.sets = 9;
  r.times.total = 20.939;
  r.times.dot = 1.31008;
  r.times.waxpby = 0.222849;
  r.times.spmv = 2.68628;
  r.times.mg = 16.718;
  r.allreduce_min = 0.42705;
  r.allreduce_max = 1.11872;
  r.allreduce_avg = 0.772884;
  r.set_scaled_residuals.assign(9, 7.76155e-09);
  return r;
}

}  // namespace hpcg::testing
