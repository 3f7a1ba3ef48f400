// SPDX-License-Identifier: BSD-3-Clause
// Passing a stop signal to the whole Slurm step (base/slurm_step.hpp): who counts as Slurm, the
// step's name, and the scancel command line, run against a stand-in scancel on PATH.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "hpcg/base/slurm_step.hpp"

namespace hpcg {
namespace {

namespace fs = std::filesystem;

class SlurmStep : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("slurm_step_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    old_path_ = std::getenv("PATH") != nullptr ? std::getenv("PATH") : "";
  }
  void TearDown() override {
    ::setenv("PATH", old_path_.c_str(), 1);
    fs::remove_all(dir_);
  }
  /// A process entry whose comm reads `name`, under a fake /proc.
  void fake_process(int pid, const std::string& name) {
    fs::create_directories(dir_ / "proc" / std::to_string(pid));
    std::ofstream(dir_ / "proc" / std::to_string(pid) / "comm") << name << "\n";
  }
  /// A stand-in scancel that records its arguments and exits with `status`.
  void fake_scancel(int status) {
    fs::create_directories(dir_ / "bin");
    const fs::path script = dir_ / "bin" / "scancel";
    std::ofstream(script) << "#!/bin/sh\necho \"$@\" > " << (dir_ / "args").string()
                          << "\nexit " << status << "\n";
    fs::permissions(script, fs::perms::owner_all);
    ::setenv("PATH", (dir_ / "bin").c_str(), 1);
  }
  std::string recorded() {
    std::ifstream in(dir_ / "args");
    std::string line;
    std::getline(in, line);
    return line;
  }
  fs::path dir_;
  std::string old_path_;
};

TEST_F(SlurmStep, OnlySlurmstepdCountsAsSlurm) {
  fake_process(100, "slurmstepd");
  fake_process(101, "bash");
  fake_process(102, "slurmstepd-evil");
  const std::string proc = (dir_ / "proc").string();
  EXPECT_TRUE(sent_by_slurm(100, proc));
  EXPECT_FALSE(sent_by_slurm(101, proc));
  EXPECT_FALSE(sent_by_slurm(102, proc));
  EXPECT_FALSE(sent_by_slurm(103, proc));  // gone: a kill(1) that has exited
  EXPECT_FALSE(sent_by_slurm(0, proc));    // the kernel
}

TEST_F(SlurmStep, StepNeedsTwoNumbers) {
  EXPECT_EQ(slurm_step_of("1234", "0"), "1234.0");
  EXPECT_EQ(slurm_step_of("1234", nullptr), "");
  EXPECT_EQ(slurm_step_of(nullptr, "0"), "");
  EXPECT_EQ(slurm_step_of("1234", "batch"), "");
  EXPECT_EQ(slurm_step_of("12;rm", "0"), "");
  EXPECT_EQ(slurm_step_of("", "0"), "");
}

TEST_F(SlurmStep, RunsScancelWithTheSignalAndStep) {
  fake_scancel(0);
  EXPECT_EQ(signal_slurm_step("1234.5", "HUP", 5), "");
  EXPECT_EQ(recorded(), "--signal=HUP 1234.5");
}

TEST_F(SlurmStep, ScancelOutlivesTheSignalItHasSlurmSend) {
  // Inside the step, scancel receives the signal too: it must still report its status.
  fs::create_directories(dir_ / "bin");
  const fs::path script = dir_ / "bin" / "scancel";
  std::ofstream(script) << "#!/bin/sh\nkill -TERM $$\nkill -HUP $$\nexit 0\n";
  fs::permissions(script, fs::perms::owner_all);
  ::setenv("PATH", (dir_ / "bin").c_str(), 1);
  EXPECT_EQ(signal_slurm_step("1234.5", "TERM", 5), "");
}

TEST_F(SlurmStep, SaysWhenScancelFailsOrIsMissing) {
  fake_scancel(1);
  EXPECT_EQ(signal_slurm_step("1234.5", "TERM", 5), "scancel failed with status 1");
  ::setenv("PATH", (dir_ / "nowhere").c_str(), 1);
  EXPECT_NE(signal_slurm_step("1234.5", "TERM", 5), "");
}

}  // namespace
}  // namespace hpcg
