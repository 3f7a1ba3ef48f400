// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/options.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "hpcg/base/error.hpp"

namespace hpcg {
namespace {

constexpr std::size_t help_column = 27;  // where help text starts
constexpr std::size_t help_width = 100;  // lines wrap before this column

std::string integer_text(long double value) {
  std::ostringstream text;
  if (value < 0) {
    text << static_cast<long long>(value);
  } else {
    text << static_cast<unsigned long long>(value);
  }
  return text.str();
}

std::string real_text(long double value) {
  std::ostringstream text;
  text << static_cast<double>(value);
  return text.str();
}

/// "a non-negative integer below 2^31", "an integer from 1 to 40", "a number above 0 and at
/// most 1": what the row accepts, for messages.
std::string expected_text(const OptionSpec& spec) {
  if (spec.kind == OptionKind::integer) {
    if (spec.low == 0 && spec.high == INT_MAX) return "a non-negative integer below 2^31";
    return "an integer from " + integer_text(spec.low) + " to " + integer_text(spec.high);
  }
  if (spec.above_low) {
    return "a number above " + real_text(spec.low) + " and at most " + real_text(spec.high);
  }
  return "a number from " + real_text(spec.low) + " to " + real_text(spec.high);
}

[[noreturn]] void refuse(const OptionSpec& spec, const std::string& what,
                         const std::string& value) {
  throw InputError(what + ": expected " + expected_text(spec) + ", got '" + value + "'");
}

OptionValue parse_integer(const OptionSpec& spec, const std::string& what,
                          const std::string& text) {
  OptionValue value;
  const char* last = text.data() + text.size();
  // A leading '+' is a sign, as strtol and HPCG 3.1's atoi read it.
  const char* first = text.data() + (text.size() > 1 && text[0] == '+' && text[1] != '-');
  const bool negative = !text.empty() && text[0] == '-';
  long double number = 0;
  std::from_chars_result result{};
  if (negative) {
    result = std::from_chars(first, last, value.integer);
    number = static_cast<long double>(value.integer);
  } else {
    result = std::from_chars(first, last, value.count);
    number = static_cast<long double>(value.count);
    value.integer = static_cast<std::int64_t>(
        std::min<std::uint64_t>(value.count, std::numeric_limits<std::int64_t>::max()));
  }
  if (text.empty() || result.ec != std::errc() || result.ptr != last) refuse(spec, what, text);
  if (negative && spec.low >= 0) {
    throw InputError(what + ": must not be negative, got " + text);
  }
  if (number < spec.low || number > spec.high) refuse(spec, what, text);
  return value;
}

OptionValue parse_real(const OptionSpec& spec, const std::string& what,
                       const std::string& text) {
  OptionValue value;
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) refuse(spec, what, text);
  errno = 0;
  char* end = nullptr;
  value.real = std::strtod(text.c_str(), &end);
  const bool whole = errno == 0 && end == text.c_str() + text.size();
  const bool low_ok = spec.above_low ? value.real > spec.low : value.real >= spec.low;
  if (!whole || !std::isfinite(value.real) || !low_ok || value.real > spec.high) {
    refuse(spec, what, text);
  }
  return value;
}

/// Appends `words` wrapped to the help width, continuation lines indented to the help column.
void append_wrapped(std::string& out, std::size_t column, const std::string& words) {
  std::istringstream in(words);
  std::string word;
  while (in >> word) {
    if (column > help_column && column + 1 + word.size() > help_width) {
      out += "\n" + std::string(help_column, ' ');
      column = help_column;
    } else if (column > help_column) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
  }
  out += '\n';
}

}  // namespace

std::optional<OptionArgument> split_option(const std::string& arg) {
  if (arg.rfind("--", 0) != 0) return std::nullopt;
  const std::size_t equals = arg.find('=');
  if (equals == std::string::npos) return OptionArgument{arg.substr(2), std::nullopt};
  return OptionArgument{arg.substr(2, equals - 2), arg.substr(equals + 1)};
}

void throw_unknown_option(const std::string& arg) {
  throw InputError("unknown option '" + arg.substr(0, arg.find('=')) + "' (see --help)");
}

OptionValue parse_option_value(const OptionSpec& spec, const std::optional<std::string>& value) {
  if (spec.kind == OptionKind::flag) {
    if (value) throw InputError("option --" + spec.name + " takes no value");
    return {};
  }
  if (!value) {
    throw InputError("option --" + spec.name + " needs =VALUE (--" + spec.name + "=" +
                     spec.value_name + ")");
  }
  if (spec.kind == OptionKind::text) {
    if (value->empty() && !spec.empty_text_allowed) {
      throw InputError("option --" + spec.name + "= needs a " + spec.value_name +
                       " (see --help)");
    }
    OptionValue text;
    text.text = *value;
    return text;
  }
  return parse_number(spec, "option --" + spec.name, *value);
}

OptionValue parse_number(const OptionSpec& spec, const std::string& what,
                         const std::string& text) {
  HPCG_REQUIRE(spec.kind == OptionKind::integer || spec.kind == OptionKind::real);
  return spec.kind == OptionKind::integer ? parse_integer(spec, what, text)
                                          : parse_real(spec, what, text);
}

std::string format_option_help(const std::vector<OptionSpec>& specs) {
  std::string out;
  std::string section;
  for (const OptionSpec& spec : specs) {
    if (!spec.section.empty() && spec.section != section) {
      section = spec.section;
      if (!out.empty()) out += '\n';
      if (!section.empty()) out += section + ":\n";
    }
    std::string left = "  --" + spec.name;
    if (spec.kind != OptionKind::flag) left += "=" + spec.value_name;
    out += left;
    std::size_t column = left.size();
    if (column + 1 >= help_column) {
      out += "\n" + std::string(help_column, ' ');
    } else {
      out += std::string(help_column - column, ' ');
    }
    std::string help = spec.help;
    if (!spec.default_text.empty()) help += " (default " + spec.default_text + ")";
    append_wrapped(out, help_column, help);
  }
  return out;
}

}  // namespace hpcg
