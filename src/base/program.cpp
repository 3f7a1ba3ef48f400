// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/program.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "hpcg/base/error.hpp"
#include "hpcg/base/job_end.hpp"
#include "hpcg/base/launch_check.hpp"

namespace hpcg {

int run_program(const std::string& program, const Comm& comm, const std::function<int()>& flow) {
  int world_size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  if (auto mismatch = find_launch_mismatch(program, world_size, std::getenv)) {
    if (mismatch->reporter) std::cerr << program << ": error: " << mismatch->message << std::endl;
    return static_cast<int>(ExitStatus::input_error);
  }
  arm_early_exit(program, comm.rank());
  try {
    const int status = flow();
    disarm_early_exit();
    return status;
  } catch (const CollectiveError& error) {
    disarm_early_exit();
    if (comm.is_root()) std::cerr << program << ": error: " << error.what() << std::endl;
    return static_cast<int>(error.status());
  } catch (const std::exception& error) {
    std::cerr << program << ": rank " << comm.rank() << ": error: " << error.what() << std::endl;
    abort_job(comm.get(), static_cast<int>(exit_status_of(error)));
  }
}

void write_file_atomically(const std::string& path, const std::string& content) {
  const std::string temporary = path + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) {
      out.close();
      std::remove(temporary.c_str());
      throw ResourceError("cannot write " + temporary);
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    throw ResourceError("cannot rename " + temporary + " to " + path);
  }
}

}  // namespace hpcg
