// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/program.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>

#include "hpcg/base/error.hpp"

namespace hpcg {

int run_program(const std::string& program, const Comm& comm, const std::function<int()>& flow) {
  try {
    return flow();
  } catch (const CollectiveError& error) {
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
