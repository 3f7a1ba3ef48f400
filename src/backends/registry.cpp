// SPDX-License-Identifier: BSD-3-Clause
// One row per built-in backend, each defined in its own folder (registration.cpp); no
// self-registering statics (they vanish from static libraries).
#include "hpcg/backends/registry.hpp"

#include "hpcg/base/error.hpp"
#include "registrations.hpp"

namespace hpcg {
namespace {

constexpr const char* argument_marker = ":PATH";

std::vector<BackendEntry> make_table() {
  return {backends::reference_entry(), backends::openmp_entry(), backends::kokkos_entry(),
          backends::cuda_entry(), backends::plugin_entry()};
}

}  // namespace

bool BackendEntry::takes_argument() const {
  const std::string marker = argument_marker;
  return name.size() > marker.size() &&
         name.compare(name.size() - marker.size(), marker.size(), marker) == 0;
}

bool BackendEntry::matches(const std::string& requested) const {
  if (!takes_argument()) return requested == name;
  const std::string prefix = name.substr(0, name.size() - std::string(argument_marker).size() + 1);
  return requested.size() > prefix.size() && requested.compare(0, prefix.size(), prefix) == 0;
}

const std::vector<BackendEntry>& backend_table() {
  static const std::vector<BackendEntry> table = make_table();
  return table;
}

void initialize_backends(int& argc, char** argv) {
  for (const BackendEntry& entry : backend_table()) {
    if (entry.initialize) entry.initialize(argc, argv);
  }
}

void finalize_backends() {
  for (const BackendEntry& entry : backend_table()) {
    if (entry.finalize) entry.finalize();
  }
}

std::string default_backend_name() { return "openmp"; }

void check_backend_settings(const BackendEntry& entry, const std::string& settings) {
  if (entry.backend_checks_settings) return;
  std::string accepted;
  for (const std::string& key : entry.setting_keys) {
    accepted += (accepted.empty() ? "" : ", ") + key;
  }
  size_t begin = 0;
  while (begin <= settings.size()) {
    size_t end = settings.find(',', begin);
    if (end == std::string::npos) end = settings.size();
    const std::string item = settings.substr(begin, end - begin);
    const std::string key = item.substr(0, item.find('='));
    begin = end + 1;
    if (item.empty()) continue;
    bool known = false;
    for (const std::string& k : entry.setting_keys) known = known || k == key;
    if (known) continue;
    throw InputError("backend '" + entry.name + "' does not accept --backend-settings key '" +
                     key + "' (" + (accepted.empty() ? std::string("it takes no settings")
                                                     : "it takes " + accepted) +
                     "); leave it out");
  }
}

const BackendEntry& find_backend(const std::string& name) {
  for (const BackendEntry& entry : backend_table()) {
    if (entry.matches(name)) return entry;
  }
  std::string known;
  for (const BackendEntry& entry : backend_table()) known += " " + entry.name;
  throw InputError("unknown backend '" + name + "'; available:" + known);
}

std::unique_ptr<Backend> make_backend(const BackendEntry& entry, const std::string& name,
                                      const BackendOptions& options) {
  HPCG_REQUIRE(entry.matches(name));
  const std::string argument =
      entry.takes_argument() ? name.substr(name.find(':') + 1) : std::string();
  return entry.make(argument, options);
}

std::unique_ptr<Backend> make_backend(const std::string& name, const BackendOptions& options) {
  const BackendEntry& entry = find_backend(name);
  check_backend_settings(entry, options.settings);
  return make_backend(entry, name, options);
}

}  // namespace hpcg
