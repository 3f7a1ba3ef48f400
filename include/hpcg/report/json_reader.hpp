// SPDX-License-Identifier: BSD-3-Clause
// A small JSON parser (no dependency) so that xhpcg-report can read the JSON file written beside
// a report and the tests can read what JsonWriter wrote.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hpcg {

struct JsonValue {
  enum class Type { null, boolean, number, string, array, object };
  Type type = Type::null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<JsonValue> items;                             ///< array elements
  std::vector<std::pair<std::string, JsonValue>> members;  ///< object members, in order

  /// The member named `key` of an object; nullptr when absent or not an object.
  const JsonValue* find(std::string_view key) const;
};

/// Parses one JSON document (RFC 8259; nesting up to 256 levels). Throws InputError that
/// gives the byte offset of the first error.
JsonValue parse_json(std::string_view text);

}  // namespace hpcg
