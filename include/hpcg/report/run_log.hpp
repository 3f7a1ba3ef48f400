// SPDX-License-Identifier: BSD-3-Clause
// HPCG 3.1's run log, hpcgYYYYMMDDThhmmss.txt in the working directory, written by rank 0 only.
#pragma once

#include <fstream>
#include <string>

namespace hpcg {

class RunLog {
 public:
  RunLog() = default;  ///< a log that discards everything (other ranks, tests)
  /// Creates the log file named after the local time now ("_2", "_3", ... appended when that
  /// name is taken); returns its path.
  std::string open(const std::string& directory);
  void line(const std::string& text);
  const std::string& path() const { return path_; }

 private:
  std::ofstream out_;
  std::string path_;
};

}  // namespace hpcg
