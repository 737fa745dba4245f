#include "intake/safetensors_header.h"

#include <algorithm>

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

struct Entry {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  std::string_view name;
  std::string_view dtype;
  std::size_t shape_at = 0;  // into the shape pool
  std::size_t rank = 0;
};

// Reads one tensor entry {"dtype": str, "shape": [u64...], "data_offsets": [u64, u64]},
// appending its shape to `pool`, and checks shape x dtype size == byte length with checked
// arithmetic. One pass over the entry's fields (no keyed lookups).
core::Result<Entry> read_entry(std::string_view name, simdjson::dom::element value, std::string_view source,
                               std::vector<std::uint64_t>& pool, std::vector<std::string>& unknown) {
  auto where = [&] { return "tensor '" + std::string(name) + "'"; };
  simdjson::dom::object obj;
  if (value.get_object().get(obj) != simdjson::SUCCESS) {
    return header_error("intake.header_entry", source, where() + " is not an object");
  }
  Entry e;
  e.name = name;
  e.shape_at = pool.size();
  bool have_dtype = false;
  bool have_shape = false;
  bool have_offsets = false;
  for (auto field : obj) {
    if (field.key == "dtype") {
      if (field.value.get_string().get(e.dtype) != simdjson::SUCCESS) {
        return header_error("intake.header_entry", source, where() + ": dtype missing or not a string");
      }
      have_dtype = true;
    } else if (field.key == "shape") {
      simdjson::dom::array dims;
      if (field.value.get_array().get(dims) != simdjson::SUCCESS) {
        return header_error("intake.header_entry", source, where() + ": shape missing or not an array");
      }
      pool.resize(e.shape_at);  // a repeated key replaces the earlier value
      for (auto dim : dims) {
        std::uint64_t d = 0;
        if (dim.get_uint64().get(d) != simdjson::SUCCESS) {
          return header_error("intake.header_entry", source, where() + ": shape holds a value that is not a non-negative integer");
        }
        pool.push_back(d);
      }
      have_shape = true;
    } else if (field.key == "data_offsets") {
      simdjson::dom::array offsets;
      if (field.value.get_array().get(offsets) != simdjson::SUCCESS || offsets.size() != 2) {
        return header_error("intake.header_entry", source, where() + ": data_offsets must be [begin, end]");
      }
      if (offsets.at(0).get_uint64().get(e.begin) != simdjson::SUCCESS ||
          offsets.at(1).get_uint64().get(e.end) != simdjson::SUCCESS || e.end < e.begin) {
        return header_error("intake.header_entry", source, where() + ": data_offsets must be integers with begin <= end");
      }
      have_offsets = true;
    }
  }
  if (!have_dtype) return header_error("intake.header_entry", source, where() + ": dtype missing or not a string");
  if (!have_shape) return header_error("intake.header_entry", source, where() + ": shape missing or not an array");
  if (!have_offsets) return header_error("intake.header_entry", source, where() + ": data_offsets must be [begin, end]");
  e.rank = pool.size() - e.shape_at;
  unsigned bits = dtype_bits(e.dtype);
  if (bits == 0) {
    if (std::find(unknown.begin(), unknown.end(), e.dtype) == unknown.end()) unknown.emplace_back(e.dtype);
    return e;  // opaque data: its size cannot be checked
  }
  std::uint64_t elems = 1;
  for (std::size_t i = 0; i < e.rank; ++i) {
    if (!checked_mul(elems, pool[e.shape_at + i], elems)) {
      return header_error("intake.header_overflow", source, where() + ": element count overflows");
    }
  }
  std::uint64_t total_bits = 0;
  if (!checked_mul(elems, bits, total_bits)) {
    return header_error("intake.header_overflow", source, where() + ": byte size overflows");
  }
  if (total_bits % 8 != 0 || total_bits / 8 != e.end - e.begin) {
    return header_error("intake.header_size_mismatch", source,
                        where() + ": shape x " + std::string(e.dtype) + " is " + std::to_string(total_bits / 8) +
                            " bytes but data_offsets span " + std::to_string(e.end - e.begin));
  }
  return e;
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

core::Result<HeaderSummary> visit_header(std::string_view json, std::string_view source,
                                         std::optional<std::uint64_t> file_size, const TensorVisitor& visit, bool padded) {
  static_assert(kHeaderPadding == simdjson::SIMDJSON_PADDING);
  // One parser per thread, reused: its buffers grow to the largest header seen.
  thread_local simdjson::dom::parser parser;
  // Grow geometrically: headers of one checkpoint differ a little in size, and re-allocating
  // the parser for each slightly larger one costs fresh pages every time.
  if (parser.capacity() < json.size()) {
    std::size_t want = std::max<std::size_t>(json.size() * 2, std::size_t{1} << 18);
    if (parser.allocate(want) != simdjson::SUCCESS) {
      return header_error("intake.header_too_large", source, "cannot allocate the JSON parser");
    }
  }
  simdjson::dom::element root;
  auto err = parser.parse(json.data(), json.size(), !padded).get(root);
  if (err != simdjson::SUCCESS) return header_error("intake.header_json", source, simdjson::error_message(err));
  simdjson::dom::object obj;
  if (root.get_object().get(obj) != simdjson::SUCCESS) {
    return header_error("intake.header_json", source, "the header is not a JSON object");
  }
  HeaderSummary h;
  h.header_length = json.size();
  thread_local std::vector<Entry> entries;  // header order
  thread_local std::vector<std::uint64_t> pool;
  thread_local std::vector<std::uint32_t> order;
  thread_local std::vector<std::pair<std::size_t, std::uint32_t>> hashes;
  entries.clear();
  pool.clear();
  // Pass 1: every entry checked on its own.
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
      }
      continue;
    }
    QPTQ_TRY_ASSIGN(Entry e, read_entry(field.key, field.value, source, pool, h.unknown_dtypes));
    entries.push_back(e);
  }
  // Offsets: sorted by begin they must tile [0, data_bytes) exactly.
  order.resize(entries.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  auto by_offset = [](std::uint32_t x, std::uint32_t y) {
    const Entry& a = entries[x];
    const Entry& b = entries[y];
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  };
  if (!std::is_sorted(order.begin(), order.end(), by_offset)) std::sort(order.begin(), order.end(), by_offset);
  std::uint64_t cursor = 0;
  for (auto i : order) {
    const Entry& e = entries[i];
    if (e.begin < cursor) {
      return header_error("intake.header_overlap", source,
                          "tensor '" + std::string(e.name) + "' starts at " + std::to_string(e.begin) + " inside the previous tensor");
    }
    if (e.begin > cursor) {
      return header_error("intake.header_gap", source,
                          "hole of " + std::to_string(e.begin - cursor) + " bytes before tensor '" + std::string(e.name) + "'");
    }
    cursor = e.end;
  }
  // Duplicate names (JSON allows them, safetensors does not): hashes first, names on a tie.
  hashes.clear();
  for (std::uint32_t i = 0; i < entries.size(); ++i) hashes.emplace_back(std::hash<std::string_view>{}(entries[i].name), i);
  std::sort(hashes.begin(), hashes.end());
  for (std::size_t i = 1; i < hashes.size(); ++i) {
    for (std::size_t j = i; j > 0 && hashes[j - 1].first == hashes[i].first; --j) {
      if (entries[hashes[j - 1].second].name == entries[hashes[i].second].name) {
        return header_error("intake.header_entry", source,
                            "tensor '" + std::string(entries[hashes[i].second].name) + "' appears twice");
      }
    }
  }
  h.data_bytes = cursor;
  h.tensor_count = entries.size();
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
  // Pass 2: the header is valid; hand out the tensors in header order.
  if (visit) {
    for (const auto& e : entries) {
      visit(TensorView{e.name, e.dtype, pool.data() + e.shape_at, e.rank, e.end - e.begin, e.begin});
    }
  }
  return h;
}

core::Result<SafetensorsHeader> parse_header(std::string_view json, std::string_view source,
                                             std::optional<std::uint64_t> file_size) {
  SafetensorsHeader h;
  auto summary = visit_header(json, source, file_size, [&](const TensorView& t) {
    TensorInfo info;
    info.name = std::string(t.name);
    info.dtype = std::string(t.dtype);
    info.shape.assign(t.shape, t.shape + t.rank);
    info.begin = t.begin;
    info.end = t.begin + t.bytes;
    h.tensors.push_back(std::move(info));
  });
  if (!summary) return std::move(summary).error();
  h.header_length = summary->header_length;
  h.data_bytes = summary->data_bytes;
  h.unknown_dtypes = summary->unknown_dtypes;
  // Metadata for callers that want it (tests): parsed again, it is tiny.
  simdjson::dom::parser p;
  simdjson::dom::element root;
  simdjson::dom::object meta;
  if (p.parse(json.data(), json.size(), true).get(root) == simdjson::SUCCESS &&
      root["__metadata__"].get_object().get(meta) == simdjson::SUCCESS) {
    for (auto m : meta) {
      std::string_view v;
      if (m.value.get_string().get(v) == simdjson::SUCCESS) h.metadata.emplace_back(std::string(m.key), std::string(v));
    }
  }
  return h;
}

}  // namespace intake
