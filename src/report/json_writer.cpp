// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/report/json_writer.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "hpcg/base/error.hpp"

namespace hpcg {

std::string json_quote(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escape[8];
          std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(c));
          out += escape;
        } else {
          out += c;  // UTF-8 passes through unchanged
        }
    }
  }
  return out + "\"";
}

std::string json_number(double value) {
  if (!std::isfinite(value)) return "null";
  char text[32];
  // Shortest digits that read back to the same double: nothing lost, nothing invented.
  auto [end, error] = std::to_chars(text, text + sizeof text, value);
  HPCG_REQUIRE(error == std::errc());
  return std::string(text, end);
}

void JsonWriter::new_line() {
  out_ += '\n';
  out_.append(2 * stack_.size(), ' ');
}

void JsonWriter::before_value() {
  if (done_) throw InternalError("JSON: a value after the end of the document");
  if (stack_.empty()) return;
  Frame& frame = stack_.back();
  if (frame.object) {
    if (!key_pending_) throw InternalError("JSON: a value in an object needs a key");
    key_pending_ = false;
    return;
  }
  if (!frame.empty) out_ += frame.compact ? ", " : ",";
  if (!frame.compact) new_line();
  frame.empty = false;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  if (stack_.empty() || !stack_.back().object || key_pending_) {
    throw InternalError("JSON: a key outside an object or twice in a row");
  }
  Frame& frame = stack_.back();
  if (!frame.empty) out_ += frame.compact ? ", " : ",";
  if (!frame.compact) new_line();
  frame.empty = false;
  out_ += json_quote(name) + ": ";
  key_pending_ = true;
  return *this;
}

void JsonWriter::open(char bracket, bool object, bool compact) {
  before_value();
  const bool inside_compact = !stack_.empty() && stack_.back().compact;
  out_ += bracket;
  stack_.push_back({object, compact || inside_compact});
}

void JsonWriter::close(char bracket, bool object) {
  if (stack_.empty() || stack_.back().object != object || key_pending_) {
    throw InternalError("JSON: unbalanced containers");
  }
  const Frame frame = stack_.back();
  stack_.pop_back();
  if (!frame.empty && !frame.compact) new_line();
  out_ += bracket;
  if (stack_.empty()) done_ = true;
}

JsonWriter& JsonWriter::begin_object(bool compact) {
  open('{', true, compact);
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  close('}', true);
  return *this;
}
JsonWriter& JsonWriter::begin_array(bool compact) {
  open('[', false, compact);
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  close(']', false);
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) { return raw(json_quote(text)); }
JsonWriter& JsonWriter::value(double number) { return raw(json_number(number)); }
JsonWriter& JsonWriter::integer(long long number) { return raw(std::to_string(number)); }
JsonWriter& JsonWriter::value(bool flag) { return raw(flag ? "true" : "false"); }
JsonWriter& JsonWriter::null() { return raw("null"); }

JsonWriter& JsonWriter::raw(std::string_view json) {
  before_value();
  out_ += json;
  if (stack_.empty()) done_ = true;
  return *this;
}

std::string JsonWriter::str() const {
  if (!stack_.empty() || !done_) throw InternalError("JSON: document not finished");
  return out_ + "\n";
}

}  // namespace hpcg
