// SPDX-License-Identifier: BSD-3-Clause
// The memory a job may use as the kernel will enforce it: under Slurm's --mem or any container
// the cgroup's limit, not the node's /proc/meminfo, decides when the process is killed.
#pragma once

#include <string>

namespace hpcg {

/// The tightest cgroup memory limit over this process's cgroup and its parents: cgroup v2's
/// memory.max (usage: memory.current), v1's memory.limit_in_bytes (usage: memory.usage_in_bytes),
/// found through `self_cgroup` (/proc/self/cgroup) under the mount `mount` (/sys/fs/cgroup).
/// bytes == 0 when there is no limit (or none can be read).
struct CgroupMemoryLimit {
  double bytes = 0;
  double used = 0;     ///< what the cgroup holding the limit uses now
  std::string source;  ///< "cgroup v2 memory.max of /slurm/job_12", for messages
};
CgroupMemoryLimit cgroup_memory_limit(const std::string& self_cgroup = "/proc/self/cgroup",
                                      const std::string& mount = "/sys/fs/cgroup");

}  // namespace hpcg
