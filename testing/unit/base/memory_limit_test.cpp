// SPDX-License-Identifier: BSD-3-Clause
// cgroup_memory_limit on fake /proc/self/cgroup files and cgroup trees: v2, v1, a limit on a
// parent (as Slurm sets it on the job, above the task), none, and "max".
#include "hpcg/base/memory_limit.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace hpcg {
namespace {

namespace fs = std::filesystem;

class FakeCgroups : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("hpcg-cgroup-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  void write(const std::string& path, const std::string& text) {
    fs::create_directories((root_ / path).parent_path());
    std::ofstream(root_ / path) << text;
  }
  CgroupMemoryLimit limit() {
    return cgroup_memory_limit((root_ / "self_cgroup").string(), (root_ / "mnt").string());
  }

  fs::path root_;
};

TEST_F(FakeCgroups, V2LimitOnAParentBindsTheTask) {
  write("self_cgroup", "0::/slurm/job_7/step_0/task_1\n");
  write("mnt/cgroup.controllers", "memory\n");
  write("mnt/slurm/job_7/step_0/task_1/memory.max", "max\n");
  write("mnt/slurm/job_7/memory.max", "4294967296\n");
  write("mnt/slurm/job_7/memory.current", "1073741824\n");
  write("mnt/slurm/memory.max", "max\n");
  const CgroupMemoryLimit found = limit();
  EXPECT_DOUBLE_EQ(found.bytes, 4294967296.0);
  EXPECT_DOUBLE_EQ(found.used, 1073741824.0);
  EXPECT_NE(found.source.find("memory.max of /slurm/job_7"), std::string::npos) << found.source;
}

TEST_F(FakeCgroups, TheSmallestLimitWins) {
  write("self_cgroup", "0::/a/b\n");
  write("mnt/cgroup.controllers", "memory\n");
  write("mnt/a/b/memory.max", "1000000\n");
  write("mnt/a/memory.max", "2000000\n");
  EXPECT_DOUBLE_EQ(limit().bytes, 1000000.0);
}

TEST_F(FakeCgroups, V1MemoryController) {
  write("self_cgroup", "5:cpu,cpuacct:/x\n4:memory:/job\n0::/\n");
  write("mnt/memory/job/memory.limit_in_bytes", "2147483648\n");
  write("mnt/memory/job/memory.usage_in_bytes", "1024\n");
  write("mnt/memory/memory.limit_in_bytes", "9223372036854771712\n");  // v1's "no limit"
  const CgroupMemoryLimit found = limit();
  EXPECT_DOUBLE_EQ(found.bytes, 2147483648.0);
  EXPECT_DOUBLE_EQ(found.used, 1024.0);
  EXPECT_NE(found.source.find("v1 limit memory.limit_in_bytes of /job"), std::string::npos);
}

TEST_F(FakeCgroups, HybridHostReadsV2UnderUnified) {
  write("self_cgroup", "0::/j\n");
  write("mnt/unified/j/memory.max", "3000000\n");
  EXPECT_DOUBLE_EQ(limit().bytes, 3000000.0);
}

TEST_F(FakeCgroups, NoLimitAnywhere) {
  write("self_cgroup", "0::/j\n");
  write("mnt/cgroup.controllers", "memory\n");
  write("mnt/j/memory.max", "max\n");
  EXPECT_EQ(limit().bytes, 0.0);
  EXPECT_EQ(cgroup_memory_limit((root_ / "missing").string(), "/nonexistent").bytes, 0.0);
}

}  // namespace
}  // namespace hpcg
