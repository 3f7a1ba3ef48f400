// SPDX-License-Identifier: BSD-3-Clause
// The --watchdog option, apart from the monitor so that the option parsers build without MPI's
// library (the fuzz targets compile them alone).
#include "hpcg/base/watchdog.hpp"

namespace hpcg {

OptionSpec watchdog_option() {
  return OptionSpec("watchdog", OptionKind::real, "SECONDS",
                    "end the job (status 6) when a collective or halo exchange waits longer "
                    "than this; 0 = off")
      .from(0)
      .at_most(1e6)
      .defaults_to("max(60, 20 x the longest wait so far)");
}

WatchdogLimit watchdog_limit(const OptionValue& value) { return WatchdogLimit{false, value.real}; }

}  // namespace hpcg
