// SPDX-License-Identifier: BSD-3-Clause
// The error vocabulary of the whole program and the exit status each kind of failure gets.
#pragma once

#include <stdexcept>
#include <string>

namespace hpcg {

/// Exit statuses of xhpcg (documented in README).
enum class ExitStatus : int {
  valid = 0,           ///< benchmark ran and the result is VALID
  invalid_result = 1,  ///< benchmark ran to the end but the result is INVALID
  input_error = 2,     ///< bad hpcg.dat, flags or rank count
  resource_error = 3,  ///< not enough memory, unwritable output, ...
  internal_error = 4,  ///< a bug or a failed internal check
  backend_error = 5,   ///< a backend returned an error status or crashed
  watchdog = 6,        ///< a blocking MPI wait passed the --watchdog limit (lost peer)
  finalize_hung = 7,   ///< results written, but MPI_Finalize did not return (job_end.hpp)
};

/// Base of every error we throw; carries the exit status it maps to.
class Error : public std::runtime_error {
 public:
  Error(ExitStatus status, const std::string& message)
      : std::runtime_error(message), status_(status) {}
  ExitStatus status() const { return status_; }

 private:
  ExitStatus status_;
};

/// The user gave something we cannot run: the message says what and how to fix it.
class InputError : public Error {
 public:
  explicit InputError(const std::string& message) : Error(ExitStatus::input_error, message) {}
};

/// The machine cannot do what was asked (memory, files).
class ResourceError : public Error {
 public:
  explicit ResourceError(const std::string& message)
      : Error(ExitStatus::resource_error, message) {}
};

/// An internal invariant failed: a bug in this program or in a backend.
class InternalError : public Error {
 public:
  explicit InternalError(const std::string& message)
      : Error(ExitStatus::internal_error, message) {}
};

/// A backend (usually a vendor plugin) reported a failure; the message names the backend.
class BackendError : public Error {
 public:
  explicit BackendError(const std::string& message) : Error(ExitStatus::backend_error, message) {}
};

/// An error every rank of a communicator has agreed on (see run_collectively): each rank can
/// return its status normally instead of aborting the job.
class CollectiveError : public Error {
 public:
  CollectiveError(ExitStatus status, const std::string& message) : Error(status, message) {}
};

[[noreturn]] void throw_internal(const char* condition, const char* file, int line);

/// The exit status a caught exception maps to: an Error's own, resource_error for bad_alloc,
/// internal_error for anything else.
ExitStatus exit_status_of(const std::exception& error);

}  // namespace hpcg

/// Always-on internal check (not for user input: use InputError for that).
#define HPCG_REQUIRE(condition) \
  ((condition) ? static_cast<void>(0) : ::hpcg::throw_internal(#condition, __FILE__, __LINE__))
