// SPDX-License-Identifier: BSD-3-Clause
// Temporary files left by a process killed before it could remove them (base/output_path.hpp):
// only those provably stale (this host, boot and pid namespace, owner gone) are removed.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "hpcg/base/output_path.hpp"
#include "hpcg/base/program.hpp"

namespace hpcg {
namespace {

namespace fs = std::filesystem;

/// A pid that no process has now: a child that has exited and been reaped.
pid_t gone_pid() {
  const pid_t child = ::fork();
  if (child == 0) _exit(0);
  ::waitpid(child, nullptr, 0);
  return child;
}

/// "HOST-BOOT-PIDNS" of this process: its tag without the pid.
std::string this_machine() {
  const std::string tag = partial_owner_tag();
  return tag.substr(0, tag.rfind('-'));
}

class StalePartials : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("stale_partial_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path touch(const std::string& name) {
    std::ofstream(dir_ / name) << "half a report";
    return dir_ / name;
  }
  fs::path dir_;
};

TEST_F(StalePartials, TagNamesThisHostBootNamespaceAndPid) {
  const std::string tag = partial_owner_tag();
  EXPECT_EQ(tag.substr(tag.rfind('-') + 1), std::to_string(::getpid()));
  EXPECT_EQ(this_machine().find("unknown"), std::string::npos) << tag;
}

TEST_F(StalePartials, RemovesOnlyAGoneProcesssFilesFromThisMachine) {
  const std::string machine = this_machine();
  const fs::path stale = touch("r.json.partial-" + machine + "-" + std::to_string(gone_pid()) +
                               "-aB3xYz");
  const fs::path live_mine = touch("r.json.partial-" + partial_owner_tag() + "-aB3xYz");
  const fs::path live_other = touch("r.json.partial-" + machine + "-1-aB3xYz");  // init
  // Another host, or this host in another boot or container, with a pid gone here.
  const std::string gone = std::to_string(gone_pid());
  const fs::path other_host = touch("r.json.partial-otherhost" + machine.substr(machine.find('-')) +
                                    "-" + gone + "-aB3xYz");
  const fs::path other_boot = touch("r.json.partial-" + machine.substr(0, machine.find('-')) +
                                    "-000000000000-pid1-" + gone + "-aB3xYz");
  const fs::path old_form = touch("r.json.partial-aB3xYz");
  const fs::path not_ours = touch("notes.txt");
  const fs::path bad_suffix = touch("r.json.partial-" + machine + "-" + gone + "-toolongsuffix");
  const auto removed = remove_stale_partials(dir_.string());
  ASSERT_EQ(removed.size(), 1U);
  EXPECT_EQ(removed[0], stale.string());
  EXPECT_FALSE(fs::exists(stale));
  for (const fs::path& kept :
       {live_mine, live_other, other_host, other_boot, old_form, not_ours, bad_suffix}) {
    EXPECT_TRUE(fs::exists(kept)) << kept;
  }
}

TEST_F(StalePartials, NextWriteInTheDirectoryRemovesThem) {
  const fs::path stale = touch("old.txt.partial-" + this_machine() + "-" +
                               std::to_string(gone_pid()) + "-Qw3rTy");
  write_file_atomically((dir_ / "new.txt").string(), "whole\n");
  EXPECT_FALSE(fs::exists(stale));
  std::ifstream in(dir_ / "new.txt");
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "whole");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator{}), 1);
}

TEST_F(StalePartials, AMissingDirectoryRemovesNothing) {
  EXPECT_TRUE(remove_stale_partials((dir_ / "absent").string()).empty());
}

}  // namespace
}  // namespace hpcg
