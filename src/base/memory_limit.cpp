// SPDX-License-Identifier: BSD-3-Clause
// A limit set on a parent cgroup binds its children (Slurm limits the job, its tasks sit below),
// so every level from the process's cgroup up to the root is read and the smallest kept.
#include "hpcg/base/memory_limit.hpp"

#include <fstream>
#include <sstream>

namespace hpcg {
namespace {

/// The first number in `path` ("max" and unreadable files give 0: no limit).
double read_bytes(const std::string& path) {
  std::ifstream in(path);
  double value = 0;
  if (!(in >> value)) return 0;
  return value;
}

std::string parent_of(const std::string& cgroup) {
  const size_t slash = cgroup.find_last_of('/');
  return slash == std::string::npos || slash == 0 ? "/" : cgroup.substr(0, slash);
}

/// Walks from `cgroup` up to "/" under `root`, keeping the smallest limit in `best`.
void walk(const std::string& root, std::string cgroup, const char* limit_file,
          const char* usage_file, const std::string& version, CgroupMemoryLimit& best) {
  // v1 reports "no limit" as a huge number (about 2^63 rounded to pages)
  constexpr double unlimited = 1e18;
  for (;;) {
    const std::string directory = root + (cgroup == "/" ? "" : cgroup);
    const double limit = read_bytes(directory + "/" + limit_file);
    if (limit > 0 && limit < unlimited && (best.bytes == 0 || limit < best.bytes)) {
      best.bytes = limit;
      best.used = read_bytes(directory + "/" + usage_file);
      best.source = "the cgroup " + version + " limit " + limit_file + " of " + cgroup;
    }
    if (cgroup == "/") return;
    cgroup = parent_of(cgroup);
  }
}

}  // namespace

CgroupMemoryLimit cgroup_memory_limit(const std::string& self_cgroup, const std::string& mount) {
  CgroupMemoryLimit best;
  std::ifstream in(self_cgroup);
  std::string line;
  while (std::getline(in, line)) {
    // "hierarchy-id:controllers:path"; v2's line is "0::/path"
    const size_t first = line.find(':');
    const size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    std::string path = line.substr(second + 1);
    if (path.empty() || path[0] != '/') continue;
    if (path.size() > 1 && path.back() == '/') path.pop_back();
    if (controllers.empty()) {  // v2: the mount itself, or its "unified" half on a hybrid host
      const bool pure = std::ifstream(mount + "/cgroup.controllers").good();
      walk(pure ? mount : mount + "/unified", path, "memory.max", "memory.current", "v2", best);
    } else if (("," + controllers + ",").find(",memory,") != std::string::npos) {
      walk(mount + "/memory", path, "memory.limit_in_bytes", "memory.usage_in_bytes", "v1", best);
    }
  }
  return best;
}

}  // namespace hpcg
