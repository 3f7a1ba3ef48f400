// SPDX-License-Identifier: BSD-3-Clause
// --watchdog=SECONDS on xhpcg's command line: a number fixes the limit (0 turns the watchdog
// off), anything else is an InputError naming the option; no flag leaves the adaptive default.
#include "hpcg/base/watchdog.hpp"

#include <gtest/gtest.h>

#include <string>

#include "hpcg/base/error.hpp"
#include "hpcg/benchmark/command_line.hpp"

namespace hpcg {
namespace {

TEST(WatchdogFlag, NumbersFixTheLimit) {
  for (auto [text, seconds] : {std::pair{"0", 0.0}, {"4", 4.0}, {"0.5", 0.5}, {"1e6", 1e6}}) {
    const WatchdogLimit limit = parse_command_line({std::string("--watchdog=") + text}).watchdog;
    EXPECT_FALSE(limit.adaptive) << text;
    EXPECT_EQ(limit.seconds, seconds) << text;
  }
}

TEST(WatchdogFlag, DefaultIsAdaptive) {
  EXPECT_TRUE(parse_command_line({"--nx=16"}).watchdog.adaptive);
}

TEST(WatchdogFlag, RejectsWhatIsNotSeconds) {
  for (const char* text : {"", "-1", "soon", "5s", "nan", "inf", "2e6"}) {
    try {
      parse_command_line({std::string("--watchdog=") + text});
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const InputError& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find("option --watchdog"), std::string::npos) << message;
      EXPECT_NE(message.find(std::string("got '") + text + "'"), std::string::npos) << message;
    }
  }
  EXPECT_THROW(parse_command_line({"--watchdog"}), InputError);
}

}  // namespace
}  // namespace hpcg
