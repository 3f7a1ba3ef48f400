// SPDX-License-Identifier: BSD-3-Clause
// xstream-triad built without the CUDA toolkit: --device says how to get the device path.
#include <stdexcept>

#include "stream_triad_device.hpp"

namespace hpcg::stream {

DeviceArrays::DeviceArrays(long, int) {
  throw std::runtime_error("built without CUDA: configure with -DHPCG_ENABLE_CUDA=ON and the "
                           "CUDA toolkit (src/backends/cuda/README.md)");
}

DeviceArrays::~DeviceArrays() = default;
void DeviceArrays::release() {}
std::string DeviceArrays::describe() const { return ""; }
double DeviceArrays::copy_seconds() { return 0; }
double DeviceArrays::triad_seconds(double) { return 0; }
double DeviceArrays::first_value() { return 0; }

}  // namespace hpcg::stream
