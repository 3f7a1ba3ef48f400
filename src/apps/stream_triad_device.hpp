// SPDX-License-Identifier: BSD-3-Clause
// xstream-triad's device path: three arrays of doubles on this rank's GPU and the two STREAM
// kernels on them, each timed on the device. stream_triad_device.cu implements it where CMake
// found the CUDA toolkit, stream_triad_no_device.cpp (which only refuses) elsewhere, so the
// program has no #ifdef. The timing loop, the check and the output are stream_triad_main.cpp's.
#pragma once

#include <string>

namespace hpcg::stream {

class DeviceArrays {
 public:
  /// a = 1, b = 2, c = 0 (n doubles each) on device `local_rank` modulo the visible devices.
  /// Throws std::runtime_error with the reason (no device, out of memory, built without CUDA).
  DeviceArrays(long n, int local_rank);
  ~DeviceArrays();
  DeviceArrays(const DeviceArrays&) = delete;
  DeviceArrays& operator=(const DeviceArrays&) = delete;

  /// "NVIDIA H100 80GB HBM3 (device 0 of 1)".
  std::string describe() const;
  /// c = a, in seconds on the device; 0 after a failure, which error() then names.
  double copy_seconds();
  /// a = b + scalar c, in seconds on the device; 0 after a failure.
  double triad_seconds(double scalar);
  /// a[0] once every kernel has finished.
  double first_value();
  /// The first CUDA failure since construction, "" if none.
  const std::string& error() const { return error_; }

 private:
  void release();

  long n_ = 0;
  int device_ = 0, devices_ = 0;
  double *a_ = nullptr, *b_ = nullptr, *c_ = nullptr;
  void *start_ = nullptr, *stop_ = nullptr;  // cudaEvent_t, kept opaque for the C++ side
  std::string error_;
};

}  // namespace hpcg::stream
