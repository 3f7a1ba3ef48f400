// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/program.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <new>

#include "hpcg/base/allocation_failure.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/job_end.hpp"
#include "hpcg/base/launch_check.hpp"
#include "hpcg/base/memory_limit.hpp"
#include "hpcg/base/output_path.hpp"
#include "hpcg/base/stop_signal.hpp"
#include "hpcg/base/terminal_text.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg {

int run_program(const std::string& program, const Comm& comm, const std::function<int()>& flow) {
  int world_size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  if (auto mismatch = find_launch_mismatch(program, world_size, std::getenv)) {
    if (mismatch->reporter) std::cerr << program << ": error: " << mismatch->message << std::endl;
    return static_cast<int>(ExitStatus::input_error);
  }
  catch_stop_signals(program, comm.rank());
  arm_early_exit(program, comm.rank());
  try {
    const int status = flow();
    disarm_early_exit();
    return status;
  } catch (const CollectiveError& error) {
    disarm_early_exit();
    if (comm.is_root()) {
      std::cerr << program << ": error: " << terminal_safe(error.what()) << std::endl;
    }
    return static_cast<int>(error.status());
  } catch (const std::bad_alloc&) {
    // Where it ran out and what the job may use, instead of a bare "std::bad_alloc".
    const CgroupMemoryLimit cgroup = cgroup_memory_limit();
    std::cerr << program << ": rank " << comm.rank() << ": error: out of memory in phase '"
              << watchdog_phase() << "' (" << describe_allocation_failure()
              << (cgroup.bytes > 0 ? "; this job may use " + std::to_string(cgroup.bytes / 1073741824.0) +
                                         " GiB by " + cgroup.source
                                   : std::string())
              << "); use a smaller problem or more nodes" << std::endl;
    abort_job(comm.get(), static_cast<int>(ExitStatus::resource_error));
  } catch (const std::exception& error) {
    std::cerr << program << ": rank " << comm.rank() << ": error: " << terminal_safe(error.what())
              << std::endl;
    abort_job(comm.get(), static_cast<int>(exit_status_of(error)));
  }
}

namespace {

/// Writes all of `content` to `fd`; false on any failure (errno says why).
bool write_all(int fd, const std::string& content) {
  for (size_t done = 0; done < content.size();) {
    const ssize_t wrote = ::write(fd, content.data() + done, content.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return false;
    done += static_cast<size_t>(wrote);
  }
  return true;
}

/// A character device or FIFO (/dev/null, /dev/stdout into a pipe) is written in place: renaming
/// a file over it would replace the device. A FIFO without a reader is refused, not waited on.
void write_in_place(const std::string& path, const std::string& content) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    throw ResourceError("cannot write " + path + " (" + std::strerror(errno) + ")");
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  const bool written = write_all(fd, content);
  const int error = errno;
  ::close(fd);
  if (!written) throw ResourceError("cannot write " + path + " (" + std::strerror(error) + ")");
}

}  // namespace

void write_file_atomically(const std::string& path, const std::string& content) {
  const std::string target = resolved_path(path);  // a symbolic link is kept, its file replaced
  struct stat info {};
  if (::stat(target.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
    if (!S_ISCHR(info.st_mode) && !S_ISFIFO(info.st_mode)) {
      throw ResourceError("cannot write " + path + ": it is not a regular file, a character "
                          "device or a FIFO");
    }
    write_in_place(target, content);
    return;
  }
  // A unique temporary name beside the target (same file system, so the rename is atomic), made
  // durable before the rename: a full disk or a crash leaves the old file, never half a new one.
  const std::string temporary = create_temporary_beside(path);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CLOEXEC);
  const bool written = fd >= 0 && write_all(fd, content) && ::fsync(fd) == 0;
  const int error = errno;
  const bool closed = fd >= 0 && ::close(fd) == 0;
  if (!written || !closed) {
    discard_temporary(temporary);
    throw ResourceError("cannot write " + path + " (" + std::strerror(written ? errno : error) +
                        "); any earlier file of that name is unchanged");
  }
  rename_temporary(temporary, path);
}

}  // namespace hpcg
