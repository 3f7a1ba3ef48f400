// SPDX-License-Identifier: BSD-3-Clause
// The size of a failed allocation reaches the out-of-memory message (base/allocation_failure.hpp).
#include <gtest/gtest.h>

#include <cstddef>
#include <new>
#include <vector>

#include "hpcg/base/allocation_failure.hpp"

namespace hpcg {
namespace {

TEST(AllocationFailure, AnAlignedAllocationNamesItsSize) {
  EXPECT_THROW(throw_allocation_failure(std::size_t{3} << 30), std::bad_alloc);
  EXPECT_EQ(describe_allocation_failure(), "an allocation of 3.00 GiB failed");
  EXPECT_THROW(throw_allocation_failure(std::size_t{5} << 19), std::bad_alloc);
  EXPECT_EQ(describe_allocation_failure(), "an allocation of 2.50 MiB failed");
}

#if !defined(__SANITIZE_ADDRESS__)  // AddressSanitizer's allocator stops the program instead
TEST(AllocationFailure, OperatorNewNamesItsSize) {
  const std::size_t impossible = std::size_t{1} << 60;
  EXPECT_THROW(std::vector<char>(impossible, 0), std::bad_alloc);
  EXPECT_EQ(describe_allocation_failure(), "an allocation of 1073741824.00 GiB failed");
}
#endif

}  // namespace
}  // namespace hpcg
