#include "intake/safetensors_header.h"

#include <algorithm>
#include <numeric>

#include <simdjson.h>

namespace intake {

namespace {

struct DtypeBits {
  std::string_view name;
  unsigned bits;
};

constexpr DtypeBits kDtypes[] = {
    {"BOOL", 8},     {"U8", 8},       {"I8", 8},       {"F8_E5M2", 8}, {"F8_E4M3", 8},
    {"F8_E8M0", 8},  {"F4", 4},       {"F6_E2M3", 6},  {"F6_E3M2", 6}, {"I16", 16},
    {"U16", 16},     {"F16", 16},     {"BF16", 16},    {"I32", 32},    {"U32", 32},
    {"F32", 32},     {"F64", 64},     {"I64", 64},     {"U64", 64},    {"C64", 64},
};

core::Error header_error(const char* id, std::string_view source, std::string detail) {
  return core::make_error(core::ExitCode::bad_input, id).with("source", std::string(source)).with_detail(std::move(detail));
}

bool checked_mul(std::uint64_t a, std::uint64_t b, std::uint64_t& out) { return !__builtin_mul_overflow(a, b, &out); }
bool checked_add(std::uint64_t a, std::uint64_t b, std::uint64_t& out) { return !__builtin_add_overflow(a, b, &out); }

// One tensor entry: {"dtype": str, "shape": [u64...], "data_offsets": [u64, u64]}.
core::Result<TensorInfo> parse_entry(std::string_view name, simdjson::dom::element value, std::string_view source) {
  std::string where = "tensor '" + std::string(name) + "'";
  simdjson::dom::object obj;
  if (value.get_object().get(obj) != simdjson::SUCCESS) {
    return header_error("intake.header_entry", source, where + " is not an object");
  }
  TensorInfo t;
  t.name = std::string(name);
  std::string_view dtype;
  if (obj["dtype"].get_string().get(dtype) != simdjson::SUCCESS) {
    return header_error("intake.header_entry", source, where + ": dtype missing or not a string");
  }
  t.dtype = std::string(dtype);
  simdjson::dom::array shape;
  if (obj["shape"].get_array().get(shape) != simdjson::SUCCESS) {
    return header_error("intake.header_entry", source, where + ": shape missing or not an array");
  }
  for (auto dim : shape) {
    std::uint64_t d = 0;
    if (dim.get_uint64().get(d) != simdjson::SUCCESS) {
      return header_error("intake.header_entry", source, where + ": shape holds a value that is not a non-negative integer");
    }
    t.shape.push_back(d);
  }
  simdjson::dom::array offsets;
  if (obj["data_offsets"].get_array().get(offsets) != simdjson::SUCCESS || offsets.size() != 2) {
    return header_error("intake.header_entry", source, where + ": data_offsets must be [begin, end]");
  }
  if (offsets.at(0).get_uint64().get(t.begin) != simdjson::SUCCESS ||
      offsets.at(1).get_uint64().get(t.end) != simdjson::SUCCESS || t.end < t.begin) {
    return header_error("intake.header_entry", source, where + ": data_offsets must be integers with begin <= end");
  }
  return t;
}

// Element count x bits / 8 must equal end - begin (checked).
core::Result<void> check_size(const TensorInfo& t, unsigned bits, std::string_view source) {
  std::uint64_t elems = 1;
  for (auto d : t.shape) {
    if (!checked_mul(elems, d, elems)) {
      return header_error("intake.header_overflow", source, "tensor '" + t.name + "': element count overflows");
    }
  }
  std::uint64_t total_bits = 0;
  if (!checked_mul(elems, bits, total_bits)) {
    return header_error("intake.header_overflow", source, "tensor '" + t.name + "': byte size overflows");
  }
  if (total_bits % 8 != 0 || total_bits / 8 != t.end - t.begin) {
    return header_error("intake.header_size_mismatch", source,
                        "tensor '" + t.name + "': shape x " + t.dtype + " is " + std::to_string(total_bits / 8) +
                            " bytes but data_offsets span " + std::to_string(t.end - t.begin));
  }
  return core::ok();
}

}  // namespace

unsigned dtype_bits(std::string_view dtype) {
  for (const auto& d : kDtypes) {
    if (d.name == dtype) return d.bits;
  }
  return 0;
}

core::Result<std::uint64_t> parse_header_length(std::string_view prefix, std::string_view source,
                                                std::optional<std::uint64_t> file_size) {
  if (prefix.size() < 8 || (file_size && *file_size < 8)) {
    return header_error("intake.header_too_short", source, "fewer than 8 bytes");
  }
  std::uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(prefix[static_cast<std::size_t>(i)]);
  if (n > kMaxHeaderBytes) {
    return header_error("intake.header_too_large", source,
                        "header length " + std::to_string(n) + " > " + std::to_string(kMaxHeaderBytes));
  }
  if (file_size && n > *file_size - 8) {
    return header_error("intake.header_too_large", source,
                        "header length " + std::to_string(n) + " exceeds the file size " + std::to_string(*file_size));
  }
  return n;
}

core::Result<SafetensorsHeader> parse_header(std::string_view json, std::string_view source,
                                             std::optional<std::uint64_t> file_size) {
  // One parser per thread, reused: its buffers grow to the largest header seen.
  thread_local simdjson::dom::parser parser;
  simdjson::dom::element root;
  auto err = parser.parse(json.data(), json.size(), true).get(root);
  if (err != simdjson::SUCCESS) return header_error("intake.header_json", source, simdjson::error_message(err));
  simdjson::dom::object obj;
  if (root.get_object().get(obj) != simdjson::SUCCESS) {
    return header_error("intake.header_json", source, "the header is not a JSON object");
  }
  SafetensorsHeader h;
  h.header_length = json.size();
  for (auto field : obj) {
    if (field.key == "__metadata__") {
      simdjson::dom::object meta;
      if (field.value.get_object().get(meta) != simdjson::SUCCESS) {
        return header_error("intake.header_entry", source, "__metadata__ is not an object");
      }
      for (auto m : meta) {
        std::string_view v;
        if (m.value.get_string().get(v) != simdjson::SUCCESS) {
          return header_error("intake.header_entry", source, "__metadata__ values must be strings");
        }
        h.metadata.emplace_back(std::string(m.key), std::string(v));
      }
      continue;
    }
    QPTQ_TRY_ASSIGN(TensorInfo t, parse_entry(field.key, field.value, source));
    h.tensors.push_back(std::move(t));
  }
  // Offsets: sorted by begin they must tile [0, data_bytes) exactly.
  std::vector<std::size_t> order(h.tensors.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto& x = h.tensors[a];
    const auto& y = h.tensors[b];
    return x.begin != y.begin ? x.begin < y.begin : x.end < y.end;
  });
  std::uint64_t cursor = 0;
  for (std::size_t i : order) {
    const auto& t = h.tensors[i];
    if (t.begin < cursor) {
      return header_error("intake.header_overlap", source,
                          "tensor '" + t.name + "' starts at " + std::to_string(t.begin) + " inside the previous tensor");
    }
    if (t.begin > cursor) {
      return header_error("intake.header_gap", source,
                          "hole of " + std::to_string(t.begin - cursor) + " bytes before tensor '" + t.name + "'");
    }
    unsigned bits = dtype_bits(t.dtype);
    if (bits == 0) {
      if (std::find(h.unknown_dtypes.begin(), h.unknown_dtypes.end(), t.dtype) == h.unknown_dtypes.end()) {
        h.unknown_dtypes.push_back(t.dtype);
      }
    } else {
      QPTQ_TRY(check_size(t, bits, source));
    }
    cursor = t.end;
  }
  // Duplicate names: JSON allows them, safetensors does not.
  std::vector<std::string_view> names;
  names.reserve(h.tensors.size());
  for (const auto& t : h.tensors) names.push_back(t.name);
  std::sort(names.begin(), names.end());
  auto dup = std::adjacent_find(names.begin(), names.end());
  if (dup != names.end()) {
    return header_error("intake.header_entry", source, "tensor '" + std::string(*dup) + "' appears twice");
  }
  h.data_bytes = cursor;
  if (file_size) {
    std::uint64_t expected = 0;
    if (!checked_add(8, h.header_length, expected) || !checked_add(expected, h.data_bytes, expected)) {
      return header_error("intake.header_overflow", source, "header plus data size overflows");
    }
    if (expected != *file_size) {
      return header_error("intake.header_data_length", source,
                          "the tensors end at byte " + std::to_string(expected) + " but the file has " +
                              std::to_string(*file_size) + " bytes");
    }
  }
  return h;
}

}  // namespace intake
