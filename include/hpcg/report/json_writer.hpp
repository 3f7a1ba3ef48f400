// SPDX-License-Identifier: BSD-3-Clause
// A small streaming JSON writer (no dependency): objects and arrays with commas and indentation
// handled, strings escaped, doubles written in the shortest form that reads back to the same
// value, non-finite numbers as null. Shared by xhpcg's and any other program's JSON output.
#pragma once

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace hpcg {

/// `text` as a JSON string literal, quotes included.
std::string json_quote(std::string_view text);
/// Shortest round-trip form of `value` ("1e-07", "3.94021"); "null" when not finite.
std::string json_number(double value);

/// Builds one JSON document. Containers opened `compact` keep their items on one line (for
/// small records inside long arrays); others put each item on its own indented line.
/// Misuse (a value where a key is due, unbalanced containers) throws InternalError.
class JsonWriter {
 public:
  JsonWriter& begin_object(bool compact = false);
  JsonWriter& end_object();
  JsonWriter& begin_array(bool compact = false);
  JsonWriter& end_array();
  /// The key of the next value; only inside an object.
  JsonWriter& key(std::string_view name);

  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
  JsonWriter& value(double number);
  JsonWriter& value(bool flag);
  /// Any integer type (int, global_int, size_t), written exactly.
  template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  JsonWriter& value(T number) {
    return integer(static_cast<long long>(number));
  }
  JsonWriter& null();
  /// Inserts already-formatted JSON (for example another writer's document) as one value.
  JsonWriter& raw(std::string_view json);

  /// key(name).value(v) in one call.
  template <typename T>
  JsonWriter& field(std::string_view name, const T& v) {
    return key(name).value(v);
  }

  /// The document; every container must be closed.
  std::string str() const;

 private:
  struct Frame {
    bool object;
    bool compact;
    bool empty = true;
  };
  JsonWriter& integer(long long number);
  void before_value();
  void open(char bracket, bool object, bool compact);
  void close(char bracket, bool object);
  void new_line();

  std::string out_;
  std::vector<Frame> stack_;
  bool key_pending_ = false;
  bool done_ = false;
};

}  // namespace hpcg
