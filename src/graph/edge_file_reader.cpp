// SPDX-License-Identifier: BSD-3-Clause
// Parallel edge-file reading: every rank parses the lines that start in its byte range of the
// data section, so a file is read once in total, and errors carry the file's own line numbers.
#include <fcntl.h>
#include <mpi.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>

#include "edge_file_format.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/edge_list.hpp"

namespace hpcg::graph {
namespace {

/// A read-only file descriptor closed on scope exit.
class InputFile {
 public:
  explicit InputFile(const std::string& path) : path_(path), fd_(::open(path.c_str(), O_RDONLY)) {
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

  /// Bytes [offset, offset + count) clipped to the file.
  std::string read(long long offset, long long count) const {
    count = std::max(0LL, std::min(count, size_ - offset));
    std::string bytes(static_cast<size_t>(count), '\0');
    long long done = 0;
    while (done < count) {
      ssize_t got =
          ::pread(fd_, bytes.data() + done, static_cast<size_t>(count - done), offset + done);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0)
        throw ResourceError("cannot read graph file '" + path_ + "': " + std::strerror(errno));
      done += got;
    }
    return bytes;
  }

 private:
  std::string path_;
  int fd_;
  long long size_ = 0;
};

/// The whole lines that start in [begin, end) of the file: this rank's text.
std::string owned_lines(const InputFile& file, long long data_start, long long begin,
                        long long end) {
  constexpr long long piece = 1 << 16;
  long long start = begin;
  if (begin > data_start) {  // a line starts at begin only if the byte before it ends a line
    for (long long at = begin - 1;; at += piece) {
      std::string chunk = file.read(at, piece);
      size_t newline = chunk.find('\n');
      if (newline != std::string::npos) {
        start = at + static_cast<long long>(newline) + 1;
        break;
      }
      if (chunk.empty() || at + piece >= end) return {};  // no line starts in the range
    }
  }
  if (start >= end) return {};
  std::string text = file.read(start, end - start);
  // Finish the last line past `end`.
  for (long long at = end; !text.empty() && text.back() != '\n' && at < file.size(); at += piece) {
    std::string chunk = file.read(at, piece);
    size_t newline = chunk.find('\n');
    text.append(chunk, 0, newline == std::string::npos ? chunk.size() : newline + 1);
    if (newline != std::string::npos) break;
  }
  return text;
}

long long count_lines_before(long long own, const Comm& comm) {
  long long before = 0;
  WatchedWait wait("MPI_Exscan", comm.get());
  MPI_Exscan(&own, &before, 1, MPI_LONG_LONG, MPI_SUM, comm.get());
  return comm.rank() == 0 ? 0 : before;
}

}  // namespace

EdgeList read_edge_file(const std::string& path, const Comm& comm) {
  std::unique_ptr<InputFile> file;
  FileFormat format;
  run_collectively(comm, [&] {
    format = detect_format(path);
    file = std::make_unique<InputFile>(path);
    if (file->size() == 0) throw InputError("graph file '" + path + "' is empty");
    // Every rank parses the (short) header itself: no broadcast needed.
    format.header =
        parse_header(path, format.kind, file->read(0, std::min(file->size(), 1LL << 20)));
  });
  const long long data_start = format.header.data_offset, size = file->size();
  const long long span = size - data_start;
  const long long begin = data_start + span * comm.rank() / comm.size();
  const long long end = data_start + span * (comm.rank() + 1) / comm.size();
  std::string text;
  run_collectively(comm, [&] { text = owned_lines(*file, data_start, begin, end); });
  const long long first_line = format.header.data_line +
                               count_lines_before(std::count(text.begin(), text.end(), '\n'), comm);

  EdgeList list;
  global_int max_id = -1;
  run_collectively(comm, [&] { max_id = parse_edges(path, format, text, first_line, list.edges); });
  long long local[2] = {static_cast<long long>(list.edges.size()), max_id}, global[2] = {0, 0};
  {
    WatchedWait wait("MPI_Allreduce (sum, max)", comm.get());
    MPI_Allreduce(&local[0], &global[0], 1, MPI_LONG_LONG, MPI_SUM, comm.get());
    MPI_Allreduce(&local[1], &global[1], 1, MPI_LONG_LONG, MPI_MAX, comm.get());
  }
  run_collectively(comm, [&] { check_edge_count(path, format, global[0]); });
  list.vertex_count = format.kind == FileKind::matrix_market ? format.header.rows : global[1] + 1;
  return list;
}

}  // namespace hpcg::graph
