// SPDX-License-Identifier: BSD-3-Clause
// The pieces every kernel's report is made of: gapbs-style "label: value" lines (labels padded to
// 21 characters, times with 5 decimals, so that GAP users read them at once), the verification
// lines, the phase and byte summaries, and the kernel's JSON section. Formatting only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hpcg/graph/trials.hpp"
#include "kernel.hpp"

namespace hpcg::graph {

std::string line(const std::string& label, const std::string& value);
std::string fixed(double value, int decimals = 5);
std::string scientific(double value);

/// Arithmetic mean of one field over the trials.
template <class Trial, class Field>
double mean_of(const std::vector<Trial>& trials, Field field) {
  double sum = 0;
  for (const auto& t : trials) sum += static_cast<double>(field(t));
  return trials.empty() ? 0 : sum / static_cast<double>(trials.size());
}

/// The mean phases (a kernel names its one or two compute phases; b_name null: one).
std::string phases_text(const PhaseSeconds& mean, const char* a_name, const char* b_name);
Json phases_json(const PhaseSeconds& phases, const char* a_name, const char* b_name);

/// "<LABEL> Phases: ..." over the trials.
template <class Trial>
std::string phases_line(const std::string& label, const std::vector<Trial>& trials,
                        const char* a_name, const char* b_name) {
  PhaseSeconds mean;
  mean.setup = mean_of(trials, [](const Trial& t) { return t.phases.setup; });
  mean.compute_a = mean_of(trials, [](const Trial& t) { return t.phases.compute_a; });
  mean.compute_b = mean_of(trials, [](const Trial& t) { return t.phases.compute_b; });
  mean.communication = mean_of(trials, [](const Trial& t) { return t.phases.communication; });
  return line(label + " Phases", phases_text(mean, a_name, b_name));
}

/// "<LABEL> Bytes Sent: ..." over the trials.
template <class Trial>
std::string bytes_line(const std::string& label, const std::vector<Trial>& trials) {
  return line(label + " Bytes Sent",
              fixed(mean_of(trials, [](const Trial& t) { return t.bytes_sent; }), 0) +
                  " per trial (halo payload, all ranks)");
}

/// A verified trial's lines: its verdict followed by `detail`, and the verification's time.
template <class Trial>
std::string verification_lines(const Trial& t, const std::string& detail) {
  if (!t.verified) return "";
  return line("Verification", (t.passed ? "PASS" : "FAIL") + detail) +
         line("Verification Time", fixed(t.verify_seconds));
}

/// A verified trial's JSON verification fields (the failure when it failed).
template <class Trial>
void add_verification(Json& trial, const Trial& t) {
  if (!t.verified) return;
  trial["verification"] = t.passed ? "PASS" : "FAIL";
  trial["verification_seconds"] = t.verify_seconds;
  if (!t.passed) trial["failure"] = t.failure;
}

/// A kernel's outcome: its JSON section (`settings`, the mean time, `statistics`, then each
/// trial as `trial_json` writes it) and its failed trials.
template <class Trial, class TrialJson>
KernelOutcome kernel_outcome(const std::vector<Trial>& trials, Json settings,
                             const Json& statistics, TrialJson trial_json) {
  KernelOutcome outcome;
  outcome.trials = trials.size();
  Json list = Json::array();
  for (const Trial& t : trials) {
    outcome.failed += t.passed ? 0 : 1;
    list.push_back(trial_json(t));
  }
  Json& j = outcome.json;
  j = settings.is_null() ? Json::object() : std::move(settings);
  j["mean_seconds"] = mean_seconds(trials);
  for (const auto& item : statistics.items()) j[item.key()] = item.value();
  j["trials"] = list;
  return outcome;
}

}  // namespace hpcg::graph
