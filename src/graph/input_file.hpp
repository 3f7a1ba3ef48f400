// SPDX-License-Identifier: BSD-3-Clause
// A graph file opened for positioned reads (private to the graph module): the text and the
// serialized readers both read only their rank's byte ranges, never the whole file.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "hpcg/base/error.hpp"

namespace hpcg::graph {

/// A read-only regular file, closed on scope exit.
class InputFile {
 public:
  /// Throws InputError when `path` cannot be opened or is not a regular file.
  explicit InputFile(const std::string& path)
      // O_NONBLOCK: a FIFO without a writer opens at once (and is refused below) instead of
      // blocking every rank; reads from a regular file are not affected.
      : path_(path), fd_(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)) {
    if (fd_ < 0) {
      throw InputError("cannot open graph file '" + path + "': " + std::strerror(errno));
    }
    struct stat info {};
    if (::fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) {
      ::close(fd_);
      throw InputError("graph file '" + path + "' is not a regular file");
    }
    size_ = info.st_size;
  }
  ~InputFile() { ::close(fd_); }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  long long size() const { return size_; }

  /// Bytes [offset, offset + count) clipped to the file. Throws ResourceError on a read error.
  std::string read(long long offset, long long count) const {
    count = std::max(0LL, std::min(count, size_ - offset));
    std::string bytes(static_cast<size_t>(count), '\0');
    long long done = 0;
    while (done < count) {
      const ssize_t got =
          ::pread(fd_, bytes.data() + done, static_cast<size_t>(count - done), offset + done);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        throw ResourceError("cannot read graph file '" + path_ + "': " +
                            (got == 0 ? std::string("it shrank while being read")
                                      : std::string(std::strerror(errno))));
      }
      done += got;
    }
    return bytes;
  }

 private:
  std::string path_;
  int fd_;
  long long size_ = 0;
};

}  // namespace hpcg::graph
