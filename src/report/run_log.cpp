// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/report/run_log.hpp"

#include <ctime>

#include "hpcg/base/error.hpp"
#include "hpcg/base/output_path.hpp"
#include "hpcg/base/stop_signal.hpp"

namespace hpcg {

std::string RunLog::open(const std::string& directory) {
  std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "hpcg%Y%m%dT%H%M%S", std::localtime(&now));
  // Created exclusively: two runs started in the same second log to two files.
  path_ = claim_free_stem(directory.empty() ? stamp : directory + "/" + stamp, {".txt"}) + ".txt";
  remove_partial_output(path_);  // kept by a stop: it says why the run stopped
  out_.open(path_, std::ios::app);
  if (!out_) throw ResourceError("cannot write the run log " + path_);
  return path_;
}

void RunLog::line(const std::string& text) {
  if (out_.is_open()) out_ << text << '\n' << std::flush;
}

}  // namespace hpcg
