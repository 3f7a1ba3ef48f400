// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/report/run_log.hpp"

#include <ctime>

#include "hpcg/base/error.hpp"

namespace hpcg {

std::string RunLog::open(const std::string& directory) {
  std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "hpcg%Y%m%dT%H%M%S.txt", std::localtime(&now));
  path_ = directory.empty() ? stamp : directory + "/" + stamp;
  out_.open(path_, std::ios::app);
  if (!out_) throw ResourceError("cannot write the run log " + path_);
  return path_;
}

void RunLog::line(const std::string& text) {
  if (out_.is_open()) out_ << text << '\n' << std::flush;
}

}  // namespace hpcg
