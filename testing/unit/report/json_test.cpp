// SPDX-License-Identifier: BSD-3-Clause
// JsonWriter and parse_json: layout, escaping, exact numbers, misuse, and a round trip.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "hpcg/base/error.hpp"
#include "hpcg/report/json_reader.hpp"
#include "hpcg/report/json_writer.hpp"

namespace hpcg {
namespace {

TEST(JsonWriter, NestsWithCommasAndIndentation) {
  JsonWriter j;
  j.begin_object().field("a", 1).key("b").begin_array().value("x").value(true).null().end_array();
  j.key("c").begin_object(true).field("d", 2.5).field("e", "f").end_object().end_object();
  EXPECT_EQ(j.str(),
            "{\n  \"a\": 1,\n  \"b\": [\n    \"x\",\n    true,\n    null\n  ],\n"
            "  \"c\": {\"d\": 2.5, \"e\": \"f\"}\n}\n");
}

TEST(JsonWriter, EmptyContainersStayOnOneLine) {
  JsonWriter j;
  j.begin_object().key("list").begin_array().end_array().key("map").begin_object().end_object();
  j.end_object();
  EXPECT_EQ(j.str(), "{\n  \"list\": [],\n  \"map\": {}\n}\n");
}

TEST(JsonWriter, EscapesStrings) {
  EXPECT_EQ(json_quote("a\"b\\c\nd\te\x01"), "\"a\\\"b\\\\c\\nd\\te\\u0001\"");
  EXPECT_EQ(json_quote("|x'Ay-y'Ax|/(2*||x||)"), "\"|x'Ay-y'Ax|/(2*||x||)\"");
  EXPECT_EQ(json_quote("\xc3\xa9"), "\"\xc3\xa9\"") << "UTF-8 passes through";
}

TEST(JsonWriter, NumbersAreShortestExactAndNonFiniteIsNull) {
  EXPECT_EQ(json_number(3.94021), "3.94021");
  EXPECT_EQ(json_number(1.4e-07), "1.4e-07");
  EXPECT_EQ(json_number(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(json_number(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(json_number(std::numeric_limits<double>::infinity()), "null");
  const double third = 1.0 / 3.0;
  EXPECT_EQ(parse_json(json_number(third)).number, third) << "reads back bit for bit";
  JsonWriter j;
  j.begin_array(true).value(13790200LL).value(static_cast<size_t>(7)).value(-3).end_array();
  EXPECT_EQ(j.str(), "[13790200, 7, -3]\n");
}

TEST(JsonWriter, MisuseIsAnInternalError) {
  EXPECT_THROW(JsonWriter().begin_object().value(1), InternalError) << "value without a key";
  EXPECT_THROW(JsonWriter().begin_array().key("k"), InternalError) << "key in an array";
  EXPECT_THROW(JsonWriter().begin_object().end_array(), InternalError) << "wrong bracket";
  EXPECT_THROW(JsonWriter().begin_object().str(), InternalError) << "unfinished";
  JsonWriter done;
  done.value(1);
  EXPECT_THROW(done.value(2), InternalError) << "two documents";
}

TEST(ParseJson, ReadsWhatTheWriterWrote) {
  JsonWriter j;
  j.begin_object().field("name", "te\"st\n").field("pi", 3.141592653589793).field("n", -42);
  j.key("flags").begin_array(true).value(true).value(false).null().end_array();
  j.key("nested").begin_object().key("empty").begin_array().end_array().end_object().end_object();
  const JsonValue v = parse_json(j.str());
  ASSERT_EQ(v.type, JsonValue::Type::object);
  EXPECT_EQ(v.find("name")->string, "te\"st\n");
  EXPECT_EQ(v.find("pi")->number, 3.141592653589793);
  EXPECT_EQ(v.find("n")->number, -42);
  ASSERT_EQ(v.find("flags")->items.size(), 3u);
  EXPECT_TRUE(v.find("flags")->items[0].boolean);
  EXPECT_FALSE(v.find("flags")->items[1].boolean);
  EXPECT_EQ(v.find("flags")->items[2].type, JsonValue::Type::null);
  EXPECT_TRUE(v.find("nested")->find("empty")->items.empty());
  EXPECT_EQ(v.find("missing"), nullptr);
}

TEST(ParseJson, DecodesUnicodeEscapes) {
  EXPECT_EQ(parse_json("\"\\u00e9\\u20ac\\ud83d\\ude00\"").string, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
}

TEST(ParseJson, RejectsMalformedDocumentsWithTheirOffset) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"open", "tru", "[1] 2",
                          "{\"a\":1,}", "\"tab\there\"", "-", "1e"}) {
    SCOPED_TRACE(bad);
    EXPECT_THROW(parse_json(bad), InputError);
  }
  try {
    parse_json("[1, 2, x]");
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("byte 7"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace hpcg
