// SPDX-License-Identifier: BSD-3-Clause
// Command-line options as one table per program (name, kind, range, default, help, and where
// the value goes), so that parsing, its error messages and --help come from the same rows and
// cannot drift apart. Used by xhpcg (benchmark/command_line.hpp, whose first rows are
// problem/hpcg_arguments.hpp's) and xgraph (graph/xgraph.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <string>
#include <vector>

namespace hpcg {

enum class OptionKind {
  flag,     ///< --name, no value
  integer,  ///< --name=N, a whole decimal integer in [low, high]
  real,     ///< --name=X, a finite decimal number in [low, high] (or (low, high])
  text,     ///< --name=TEXT, not empty unless empty_text_allowed
};

/// One row of a program's option table, without the field it sets. Built as
/// OptionSpec("memory", OptionKind::real, "GiB", "help").above(0).at_most(1e9).
struct OptionSpec {
  std::string name;        ///< without the leading "--"
  OptionKind kind = OptionKind::flag;
  std::string value_name;  ///< in --help: --name=VALUE_NAME
  std::string help;        ///< one sentence or a few, wrapped by --help
  long double low = 0, high = 0;    ///< integer and real: the accepted range
  bool above_low = false;           ///< real: low itself is refused
  bool empty_text_allowed = false;  ///< text: "--name=" is a value
  std::string default_text;         ///< in --help, "(default ...)"; empty: none shown
  std::string section;              ///< heading in --help above this row and those after it

  OptionSpec(std::string option_name, OptionKind option_kind, std::string value, std::string text)
      : name(std::move(option_name)), kind(option_kind), value_name(std::move(value)),
        help(std::move(text)) {}
  OptionSpec& from(long double value) { low = value; above_low = false; return *this; }
  OptionSpec& above(long double value) { low = value; above_low = true; return *this; }
  OptionSpec& at_most(long double value) { high = value; return *this; }
  OptionSpec& may_be_empty() { empty_text_allowed = true; return *this; }
  OptionSpec& defaults_to(std::string text) { default_text = std::move(text); return *this; }
  OptionSpec& in_section(std::string heading) { section = std::move(heading); return *this; }
};

/// A parsed value; the member the row's kind names is set.
struct OptionValue {
  std::int64_t integer = 0;    ///< integer kind, when low < 0
  std::uint64_t count = 0;     ///< integer kind, when low >= 0 (may exceed int64's range)
  double real = 0;
  std::string text;
};

/// "--name=value" split at the first '='; the value is absent without '='.
struct OptionArgument {
  std::string name;
  std::optional<std::string> value;
};
/// Nothing unless `arg` starts with "--".
std::optional<OptionArgument> split_option(const std::string& arg);

/// Checks and converts the value given for `spec`; throws InputError naming the option, what
/// it expected and what it got.
OptionValue parse_option_value(const OptionSpec& spec, const std::optional<std::string>& value);

/// The same checks for a number given otherwise (a positional argument, a key in a file);
/// `what` names it in messages ("positional nx").
OptionValue parse_number(const OptionSpec& spec, const std::string& what, const std::string& text);

/// Throws InputError "unknown option '--name' (see --help)" (the name without its value).
[[noreturn]] void throw_unknown_option(const std::string& arg);

/// The --help lines of a table: "  --name=VALUE  help (default ...)", wrapped, with section
/// headings.
std::string format_option_help(const std::vector<OptionSpec>& specs);

/// A program's options and where each one's value goes in `Target`.
template <class Target>
class OptionTable {
 public:
  using Apply = std::function<void(Target&, const OptionValue&)>;
  struct Row {
    OptionSpec spec;
    Apply apply;
  };

  explicit OptionTable(std::vector<Row> rows) : rows_(std::move(rows)) {}

  /// Applies one "--name[=value]" argument; throws InputError for an unknown name or a bad
  /// value.
  void apply(Target& target, const std::string& arg) const {
    const std::optional<OptionArgument> option = split_option(arg);
    const Row* row = option ? find(option->name) : nullptr;
    if (row == nullptr) throw_unknown_option(arg);
    row->apply(target, parse_option_value(row->spec, option->value));
  }

  const Row* find(const std::string& name) const {
    for (const Row& row : rows_) {
      if (row.spec.name == name) return &row;
    }
    return nullptr;
  }

  std::string help() const {
    std::vector<OptionSpec> specs;
    for (const Row& row : rows_) specs.push_back(row.spec);
    return format_option_help(specs);
  }

 private:
  std::vector<Row> rows_;
};

}  // namespace hpcg
