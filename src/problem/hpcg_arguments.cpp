// SPDX-License-Identifier: BSD-3-Clause
// HPCG 3.1's parameters keep 3.1's forms (positional, or --nx=N applied after the positionals);
// every deviation is listed in README under "Deviations from HPCG 3.1".
#include "hpcg/problem/hpcg_arguments.hpp"

#include <climits>

#include "hpcg/base/error.hpp"

namespace hpcg {
namespace {

constexpr int positional_minimum = 10;  // HPCG 3.1 ignores positional values below 10

OptionSpec parameter_spec(ParamIndex index, std::string help) {
  return OptionSpec(param_names[index], OptionKind::integer, index == p_rt ? "SECONDS" : "N",
                    std::move(help))
      .from(0)
      .at_most(INT_MAX);
}

}  // namespace

const char* const param_names[param_count] = {"nx", "ny", "nz",  "rt",  "pz",
                                              "zl", "zu", "npx", "npy", "npz"};

bool HpcgArguments::gives_no_grid() const {
  for (ParamIndex dimension : {p_nx, p_ny, p_nz}) {
    if (values[dimension].value_or(0) != 0) return false;
  }
  return true;
}

void HpcgArgumentReader::positional(const std::string& arg) {
  if (count_ == param_count) {
    throw InputError("too many positional arguments: at most 10 (" + arg + ")");
  }
  const auto index = static_cast<ParamIndex>(count_++);
  const OptionValue value =
      parse_number(parameter_spec(index, ""), std::string("positional ") + param_names[index], arg);
  // HPCG 3.1 quirk kept: positional values below 10 count as 0 (`16 16 16 1` is QuickPath).
  const long number = static_cast<long>(value.count);
  positionals_.values[index] = number < positional_minimum ? 0 : number;
}

HpcgArguments HpcgArgumentReader::finish() const {
  HpcgArguments arguments = positionals_;
  for (int i = 0; i < param_count; ++i) {
    if (flags_[i]) arguments.values[i] = flags_[i];
  }
  return arguments;
}

std::vector<OptionSpec> hpcg_parameter_options() {
  return {
      parameter_spec(p_nx, "local (per rank) grid in x; nx, ny, nz are multiples of 8 and "
                           "min/max of the three is at least 0.125")
          .in_section("HPCG 3.1's parameters (also positional, in this order)"),
      parameter_spec(p_ny, "local grid in y"),
      parameter_spec(p_nz, "local grid in z"),
      parameter_spec(p_rt, "length of the timed phase; 0 = QuickPath (one set); official: 1800"),
      parameter_spec(p_pz, "two z-blocks: process layers below P get local nz=zl, the others zu"),
      parameter_spec(p_zl, "local nz of the lower z-block (default nz)"),
      parameter_spec(p_zu, "local nz of the upper z-block (default nz)"),
      parameter_spec(p_npx, "process grid in x; npx*npy*npz = ranks (default: computed)"),
      parameter_spec(p_npy, "process grid in y"),
      parameter_spec(p_npz, "process grid in z"),
  };
}

}  // namespace hpcg
