// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/report/report_header.hpp"

#include <string>

namespace hpcg {
namespace {

void section(ReportEntries& entries, const std::string& key) {
  entries.push_back({key, "", ReportEntry::Kind::section, 0});
}

void add(ReportEntries& entries, const std::string& key, global_int value) {
  entries.push_back(
      {key, std::to_string(value), ReportEntry::Kind::integer, static_cast<double>(value)});
}

}  // namespace

void add_machine_and_dimensions(ReportEntries& entries, const Geometry& g, int ranks,
                                int threads) {
  section(entries, "Machine Summary");
  add(entries, "Machine Summary::Distributed Processes", ranks);
  add(entries, "Machine Summary::Threads per processes", threads);
  section(entries, "Global Problem Dimensions");
  add(entries, "Global Problem Dimensions::Global nx", g.gnx);
  add(entries, "Global Problem Dimensions::Global ny", g.gny);
  add(entries, "Global Problem Dimensions::Global nz", g.gnz);
  section(entries, "Processor Dimensions");
  add(entries, "Processor Dimensions::npx", g.npx);
  add(entries, "Processor Dimensions::npy", g.npy);
  add(entries, "Processor Dimensions::npz", g.npz);
  section(entries, "Local Domain Dimensions");
  add(entries, "Local Domain Dimensions::nx", g.nx);
  add(entries, "Local Domain Dimensions::ny", g.ny);
  auto block = [&](int lower, int upper, int nz) {
    add(entries, "Local Domain Dimensions::Lower ipz", lower);
    add(entries, "Local Domain Dimensions::Upper ipz", upper);
    add(entries, "Local Domain Dimensions::nz", nz);
  };
  if (g.has_two_z_blocks()) {
    block(0, g.z_split - 1, g.nz_lower);
    block(g.z_split, g.npz - 1, g.nz_upper);
  } else {
    block(0, g.npz - 1, g.nz_lower);
  }
}

}  // namespace hpcg
