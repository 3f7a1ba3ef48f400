// SPDX-License-Identifier: BSD-3-Clause
// Recursive descent over the text; numbers go through strtod after their JSON syntax is checked.
#include "hpcg/report/json_reader.hpp"

#include <cstdlib>
#include <string>

#include "hpcg/base/error.hpp"

namespace hpcg {
namespace {

constexpr int max_depth = 256;

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  JsonValue document() {
    JsonValue value = parse_value(0);
    skip_space();
    if (at_ != text_.size()) fail("text after the end of the document");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError("JSON at byte " + std::to_string(at_) + ": " + what);
  }
  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' ||
                                  text_[at_] == '\t')) {
      ++at_;
    }
  }
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  void expect(char c) {
    if (peek() != c) fail(std::string("expected '") + c + "'");
    ++at_;
  }
  bool take_word(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }

  JsonValue parse_value(int depth) {
    if (depth > max_depth) fail("nested too deeply");
    skip_space();
    JsonValue value;
    const char c = peek();
    if (c == '{') {
      parse_object(value, depth);
    } else if (c == '[') {
      parse_array(value, depth);
    } else if (c == '"') {
      value.type = JsonValue::Type::string;
      value.string = parse_string();
    } else if (take_word("true")) {
      value.type = JsonValue::Type::boolean;
      value.boolean = true;
    } else if (take_word("false")) {
      value.type = JsonValue::Type::boolean;
    } else if (take_word("null")) {
      value.type = JsonValue::Type::null;
    } else {
      value.type = JsonValue::Type::number;
      value.number = parse_number();
    }
    return value;
  }

  void parse_object(JsonValue& value, int depth) {
    value.type = JsonValue::Type::object;
    expect('{');
    skip_space();
    if (peek() == '}') {
      ++at_;
      return;
    }
    for (;;) {
      skip_space();
      std::string key = parse_string();
      skip_space();
      expect(':');
      value.members.emplace_back(std::move(key), parse_value(depth + 1));
      skip_space();
      if (peek() == '}') break;
      expect(',');
    }
    ++at_;
  }

  void parse_array(JsonValue& value, int depth) {
    value.type = JsonValue::Type::array;
    expect('[');
    skip_space();
    if (peek() == ']') {
      ++at_;
      return;
    }
    for (;;) {
      value.items.push_back(parse_value(depth + 1));
      skip_space();
      if (peek() == ']') break;
      expect(',');
    }
    ++at_;
  }

  unsigned hex4() {
    if (at_ + 4 > text_.size()) fail("short \\u escape");
    const std::string digits(text_.substr(at_, 4));
    char* end = nullptr;
    const unsigned long code = std::strtoul(digits.c_str(), &end, 16);
    if (end != digits.c_str() + 4) fail("bad \\u escape");
    at_ += 4;
    return static_cast<unsigned>(code);
  }

  static void append_utf8(std::string& out, unsigned code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  std::string parse_string() {
    expect('"');
    std::string out;
    for (;;) {
      if (at_ >= text_.size()) fail("unterminated string");
      const char c = text_[at_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      const char escape = peek();
      ++at_;
      switch (escape) {
        case '"': case '\\': case '/': out += escape; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned code = hex4();
          if (code >= 0xD800 && code < 0xDC00 && take_word("\\u")) {
            code = 0x10000 + ((code - 0xD800) << 10) + (hex4() - 0xDC00);
          }
          append_utf8(out, code);
          break;
        }
        default: fail("bad escape");
      }
    }
  }

  double parse_number() {
    const size_t start = at_;
    auto digits = [&] {
      const size_t from = at_;
      while (peek() >= '0' && peek() <= '9') ++at_;
      return at_ > from;
    };
    if (peek() == '-') ++at_;
    if (peek() == '0') {
      ++at_;
    } else if (!digits()) {
      fail("expected a value");
    }
    if (peek() == '.') {
      ++at_;
      if (!digits()) fail("expected digits after '.'");
    }
    if (peek() == 'e' || peek() == 'E') {
      ++at_;
      if (peek() == '+' || peek() == '-') ++at_;
      if (!digits()) fail("expected an exponent");
    }
    return std::strtod(std::string(text_.substr(start, at_ - start)).c_str(), nullptr);
  }

  std::string_view text_;
  size_t at_ = 0;
};

}  // namespace

const JsonValue* JsonValue::find(std::string_view key) const {
  if (type != Type::object) return nullptr;
  for (const auto& [name, value] : members) {
    if (name == key) return &value;
  }
  return nullptr;
}

JsonValue parse_json(std::string_view text) { return Parser(text).document(); }

}  // namespace hpcg
