// SPDX-License-Identifier: BSD-3-Clause
// The report: HPG-MxP's keys in its order, the verdict lines, and the JSON beside it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "hpcg/hpgmp/report.hpp"

namespace hpcg::hpgmp {
namespace {

Outcome sample_outcome() {
  Outcome o;
  o.geometry.ranks = 2;
  o.geometry.npz = 2;
  o.geometry.nx = o.geometry.ny = o.geometry.nz = 16;
  o.levels = {{8192, 207000}, {1024, 24000}, {128, 2600}, {16, 250}};
  o.validation.ran = true;
  o.validation.ranks = 2;
  o.validation.reference.iterations = 29;
  o.validation.optimized.iterations = 37;
  o.validation.optimized.restart_norms = {472.14404581652832, 0.0123, 4.1290836111784192e-07};
  o.validation.penalty = penalty_factor(29, 37);
  o.mixed.calls = 3;
  o.mixed.seconds = 2.0;
  o.mixed.flops.spmv = 4e9;
  return o;
}

size_t position(const std::string& text, const std::string& key) {
  size_t at = text.find("\n" + key + "=");
  EXPECT_NE(at, std::string::npos) << key;
  return at;
}

TEST(Report, HasHpgmxpsKeysInItsOrder) {
  std::string text = report_text(sample_outcome(), 1);
  EXPECT_EQ(text.rfind("HPGMP-Benchmark=\nversion=0.1\n", 0), 0u);
  const char* keys[] = {"Machine Summary::Distributed Processes",
                        "Global Problem Dimensions::Global nx",
                        "Linear System Information::Number of Equations",
                        "Iteration Count Information::Number of reference iterations (validation)",
                        "Iteration Count Information::Number of optimized iterations (validation)",
                        "Iteration Count Information::Penalty factor (validation)",
                        "Benchmark Time Summary::Number of GMRES calls (benchmark)",
                        "Final Summary::HPGMP result is VALID with a GFLOP/s rating of"};
  size_t last = 0;
  for (const char* key : keys) {
    size_t at = position(text, key);
    EXPECT_GT(at, last) << key;
    last = at;
  }
  EXPECT_NE(text.find("Penalty factor (validation)=1.27586"), std::string::npos);
  // 2 GFLOP/s raw, divided by the penalty.
  EXPECT_NE(text.find("rating of=1.56757"), std::string::npos) << text;
}

TEST(Report, InvalidRunSaysWhy) {
  Outcome o = sample_outcome();
  o.failures.push_back("mixed GMRES-IR did not converge");
  std::string text = report_text(o, 1);
  EXPECT_NE(text.find("Final Summary::HPGMP result is=INVALID."), std::string::npos);
  EXPECT_NE(text.find("Final Summary::Reason=mixed GMRES-IR did not converge"), std::string::npos);
  EXPECT_EQ(text.find("VALID with"), std::string::npos);
}

TEST(Report, JsonCarriesTheSameFacts) {
  auto j = nlohmann::json::parse(report_json(sample_outcome(), 4));
  EXPECT_EQ(j["kind"], "hpgmp");
  EXPECT_EQ(j["validation"]["reference"]["iterations"], 29);
  EXPECT_EQ(j["validation"]["optimized"]["iterations"], 37);
  // Each restart's residual, to the last bit: the trace a reference build's is compared with.
  const auto& norms = j["validation"]["optimized"]["restart_norms"];
  ASSERT_EQ(norms.size(), 3u);
  EXPECT_EQ(norms[2].get<double>(), 4.1290836111784192e-07);
  EXPECT_NEAR(j["rating_gflops"].get<double>(), 2.0 * 29 / 37, 1e-12);
  EXPECT_TRUE(j["valid"].get<bool>());
  EXPECT_FALSE(j["official"].get<bool>());
}

}  // namespace
}  // namespace hpcg::hpgmp
