#include "intake/safetensors_header.h"

#include <algorithm>
#include <cstring>

#include <simdjson.h>

#include "intake/json_text.h"
#include "intake/name_hash.h"

namespace intake {

namespace {

struct DtypeBits {
  std::string_view name;
  unsigned bits;
};

constexpr DtypeBits kDtypes[] = {
    {"BOOL", 8},    {"U8", 8},      {"I8", 8},   {"F8_E5M2", 8}, {"F8_E4M3", 8}, {"F8_E8M0", 8}, {"F4", 4},
    {"F6_E2M3", 6}, {"F6_E3M2", 6}, {"I16", 16}, {"U16", 16},    {"F16", 16},    {"BF16", 16},   {"I32", 32},
    {"U32", 32},    {"F32", 32},    {"F64", 64}, {"I64", 64},    {"U64", 64},    {"C64", 64},
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

core::Error json_error(std::string_view source, simdjson::error_code err) {
  return header_error("intake.header_json", source, simdjson::error_message(err));
}

// The fields of an entry that we read; anything else is `other`.
enum class EntryKey { dtype, shape, data_offsets, other };

EntryKey entry_key(std::string_view key) {
  if (key == "dtype") return EntryKey::dtype;
  if (key == "shape") return EntryKey::shape;
  if (key == "data_offsets") return EntryKey::data_offsets;
  return EntryKey::other;
}

// Whether the header's text holds a backslash anywhere: without one, keys and strings are their
// raw bytes and need no decoding.
enum class Escapes { absent, present };

// A field's key and a string value, decoded only when the text has escapes.
core::Result<EntryKey> read_entry_key(simdjson::ondemand::field& field, Escapes escapes, std::string_view source) {
  if (escapes == Escapes::absent) {
    // The raw bytes and the closing quote, compared with constant sizes (inlined; the
    // padding after the text makes reading past a short key safe).
    const char* raw = field.key().raw();
    if (std::memcmp(raw, "dtype\"", 6) == 0) return EntryKey::dtype;
    if (std::memcmp(raw, "shape\"", 6) == 0) return EntryKey::shape;
    if (std::memcmp(raw, "data_offsets\"", 13) == 0) return EntryKey::data_offsets;
    return EntryKey::other;
  }
  std::string_view key;
  if (auto err = field.unescaped_key().get(key); err != simdjson::SUCCESS) return json_error(source, err);
  return entry_key(key);
}

bool read_string(simdjson::ondemand::value& value, Escapes escapes, std::string_view& out) {
  if (escapes == Escapes::absent) return json_text::raw_string(value.raw_json_token(), out);
  return value.get_string().get(out) == simdjson::SUCCESS;
}

// What the entries of one header are read with and into: the header's name for errors, its
// escapes, the shared pool of shapes, the dtypes no table knows, and whether a field was skipped
// unread (then the caller validates the whole text).
struct EntryReading {
  std::string_view source;
  Escapes escapes;
  std::vector<std::uint64_t>& pool;
  std::vector<std::string>& unknown;
  bool skipped = false;
};

// Reads one tensor entry {"dtype": str, "shape": [u64...], "data_offsets": [u64, u64]} with
// On-Demand, appending its shape to the pool, and checks shape x dtype size == byte length with
// checked arithmetic. Every value it returns with was fully parsed (so validated); a field it
// does not know is skipped and noted in `r.skipped`.
core::Result<Entry> read_entry(std::string_view name, simdjson::ondemand::value value, EntryReading& r) {
  const std::string_view source = r.source;
  std::vector<std::uint64_t>& pool = r.pool;
  std::vector<std::string>& unknown = r.unknown;
  auto where = [&] { return "tensor '" + std::string(name) + "'"; };
  simdjson::ondemand::object obj;
  if (value.get_object().get(obj) != simdjson::SUCCESS) {
    return header_error("intake.header_entry", source, where() + " is not an object");
  }
  Entry e;
  e.name = name;
  e.shape_at = pool.size();
  bool have_dtype = false;
  bool have_shape = false;
  bool have_offsets = false;
  for (auto field_result : obj) {
    simdjson::ondemand::field field;
    if (auto err = std::move(field_result).get(field); err != simdjson::SUCCESS) return json_error(source, err);
    QPTQ_TRY_ASSIGN(EntryKey key, read_entry_key(field, r.escapes, source));
    switch (key) {
      case EntryKey::dtype:
        if (!read_string(field.value(), r.escapes, e.dtype)) {
          return header_error("intake.header_entry", source, where() + ": dtype missing or not a string");
        }
        have_dtype = true;
        break;
      case EntryKey::shape: {
        simdjson::ondemand::array dims;
        if (field.value().get_array().get(dims) != simdjson::SUCCESS) {
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
        break;
      }
      case EntryKey::data_offsets: {
        simdjson::ondemand::array offsets;
        if (field.value().get_array().get(offsets) != simdjson::SUCCESS) {
          return header_error("intake.header_entry", source, where() + ": data_offsets must be [begin, end]");
        }
        // The iterator is not usable after an error: stop at the first bad element.
        std::uint64_t vals[2] = {0, 0};
        std::size_t count = 0;
        bool bad = false;
        for (auto item : offsets) {
          std::uint64_t v = 0;
          bad = item.get_uint64().get(v) != simdjson::SUCCESS;
          if (bad) break;
          if (count < 2) vals[count] = v;
          ++count;
        }
        if (!bad && count != 2) {
          return header_error("intake.header_entry", source, where() + ": data_offsets must be [begin, end]");
        }
        e.begin = vals[0];
        e.end = vals[1];
        if (bad || e.end < e.begin) {
          return header_error("intake.header_entry", source, where() + ": data_offsets must be integers with begin <= end");
        }
        have_offsets = true;
        break;
      }
      case EntryKey::other:
        r.skipped = true;  // not read here: the caller validates the whole text
        break;
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
  if (total_bits % 8 != 0) {
    // A sub-byte dtype (F4, F6) whose elements end mid-byte: no byte range can hold it, so the byte counts
    // would say nothing ("1 bytes but data_offsets span 1").
    return header_error("intake.header_partial_byte", source,
                        where() + ": " + std::to_string(elems) + " elements x " + std::string(e.dtype) + " is " +
                            std::to_string(total_bits) + " bits, not a whole number of bytes");
  }
  if (total_bits / 8 != e.end - e.begin) {
    return header_error("intake.header_size_mismatch", source,
                        where() + ": shape x " + std::string(e.dtype) + " is " + std::to_string(total_bits / 8) +
                            " bytes but data_offsets span " + std::to_string(e.end - e.begin));
  }
  return e;
}

// The first entry whose name an earlier entry has too, or nullptr: an open-addressing table
// of entry numbers, twice as large as the entries, reused between headers.
const Entry* find_duplicate_name(const std::vector<Entry>& entries) {
  thread_local std::vector<std::uint32_t> slots;  // entry number + 1; 0 is empty
  std::size_t size = 16;
  while (size < entries.size() * 2) size *= 2;
  slots.assign(size, 0);
  const std::size_t mask = size - 1;
  const std::uint64_t seed = process_seed();
  for (std::uint32_t i = 0; i < entries.size(); ++i) {
    std::string_view name = entries[i].name;
    for (std::size_t at = name_hash(name, seed) & mask;; at = (at + 1) & mask) {
      std::uint32_t other = slots[at];
      if (other == 0) {
        slots[at] = i + 1;
        break;
      }
      if (entries[other - 1].name == name) return &entries[i];
    }
  }
  return nullptr;
}

}  // namespace

unsigned dtype_bits(std::string_view dtype) {
  for (const auto& d : kDtypes) {
    if (d.name == dtype) return d.bits;
  }
  return 0;
}

core::Result<std::uint64_t> parse_header_length(std::string_view prefix, std::string_view source, std::optional<std::uint64_t> file_size) {
  if (prefix.size() < 8 || (file_size && *file_size < 8)) {
    return header_error("intake.header_too_short", source, "fewer than 8 bytes");
  }
  std::uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(prefix[static_cast<std::size_t>(i)]);
  if (n > kMaxHeaderBytes) {
    return header_error("intake.header_too_large", source, "header length " + std::to_string(n) + " > " + std::to_string(kMaxHeaderBytes));
  }
  if (file_size && n > *file_size - 8) {
    return header_error("intake.header_too_large", source,
                        "header length " + std::to_string(n) + " exceeds the file size " + std::to_string(*file_size));
  }
  return n;
}

core::Result<HeaderSummary> visit_header(std::string_view json, std::string_view source, std::optional<std::uint64_t> file_size,
                                         const TensorVisitor& visit, bool padded) {
  static_assert(kHeaderPadding == simdjson::SIMDJSON_PADDING);
  // On-Demand reads each value once, straight into our checks: no DOM tape in between. A
  // value it does not read (an unknown field) it skips without validating, so the whole text
  // then goes through the DOM parser too, as it does on every error (so that invalid JSON is
  // reported as such, whatever rule of ours tripped first).
  thread_local simdjson::ondemand::parser parser;
  thread_local std::string copy;
  const char* text = json.data();
  if (!padded) {
    copy.assign(json);
    copy.append(kHeaderPadding, '\0');
    text = copy.data();
  }
  // Grow geometrically: headers of one checkpoint differ a little in size, and re-allocating
  // the parser for each slightly larger one costs fresh pages every time.
  if (parser.capacity() < json.size()) {
    // (Capped at the largest header allowed: simdjson reserves 4 bytes per byte of capacity.)
    std::size_t want = std::max<std::size_t>(json.size(), std::min<std::size_t>(json.size() * 2, kMaxHeaderBytes));
    want = std::max<std::size_t>(want, std::size_t{1} << 18);
    if (parser.allocate(want) != simdjson::SUCCESS) {
      return header_error("intake.header_too_large", source, "cannot allocate the JSON parser");
    }
  }
  const Escapes escapes = json_text::has_escapes(json) ? Escapes::present : Escapes::absent;
  HeaderSummary h;
  h.header_length = json.size();
  thread_local std::vector<Entry> entries;  // header order
  thread_local std::vector<std::uint64_t> pool;
  entries.clear();
  pool.clear();
  EntryReading reading{source, escapes, pool, h.unknown_dtypes};
  auto read_all = [&]() -> core::Result<void> {
    simdjson::ondemand::document doc;
    if (auto err = parser.iterate(text, json.size(), json.size() + kHeaderPadding).get(doc); err != simdjson::SUCCESS) {
      return json_error(source, err);
    }
    simdjson::ondemand::object obj;
    if (doc.get_object().get(obj) != simdjson::SUCCESS) {
      return header_error("intake.header_json", source, "the header is not a JSON object");
    }
    for (auto field_result : obj) {
      simdjson::ondemand::field field;
      std::string_view key;
      if (auto err = std::move(field_result).get(field); err != simdjson::SUCCESS) return json_error(source, err);
      if (escapes == Escapes::absent) {
        key = json_text::raw_key(field);
      } else if (auto err = field.unescaped_key().get(key); err != simdjson::SUCCESS) {
        return json_error(source, err);
      }
      if (key == "__metadata__") {
        simdjson::ondemand::object meta;
        if (field.value().get_object().get(meta) != simdjson::SUCCESS) {
          return header_error("intake.header_entry", source, "__metadata__ is not an object");
        }
        for (auto m : meta) {
          std::string_view k;
          std::string_view v;
          if (m.unescaped_key().get(k) != simdjson::SUCCESS || m.value().get_string().get(v) != simdjson::SUCCESS) {
            return header_error("intake.header_entry", source, "__metadata__ values must be strings");
          }
        }
        continue;
      }
      QPTQ_TRY_ASSIGN(Entry e, read_entry(key, field.value(), reading));
      entries.push_back(e);
    }
    // After the object, the document must be at its end (simdjson 3.0 has no at_end()).
    if (doc.current_location().error() != simdjson::OUT_OF_BOUNDS) {
      return header_error("intake.header_json", source, "content after the JSON object");
    }
    return {};
  };
  auto read = read_all();
  if (!read || reading.skipped) {
    // The DOM parser validates every byte; its verdict on the JSON comes first.
    simdjson::dom::parser dom;
    simdjson::dom::element root;
    if (auto err = dom.parse(text, json.size(), false).get(root); err != simdjson::SUCCESS) return json_error(source, err);
  }
  if (!read) return std::move(read).error();
  // Offsets: sorted by begin they must tile [0, data_bytes) exactly.
  thread_local std::vector<std::uint32_t> order;
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
  // Duplicate names (JSON allows them, safetensors does not).
  if (const Entry* twice = find_duplicate_name(entries)) {
    return header_error("intake.header_entry", source, "tensor '" + std::string(twice->name) + "' appears twice");
  }
  h.data_bytes = cursor;
  h.tensor_count = entries.size();
  if (file_size) {
    std::uint64_t expected = 0;
    if (!checked_add(8, h.header_length, expected) || !checked_add(expected, h.data_bytes, expected)) {
      return header_error("intake.header_overflow", source, "header plus data size overflows");
    }
    if (expected != *file_size) {
      return header_error(
          "intake.header_data_length", source,
          "the tensors end at byte " + std::to_string(expected) + " but the file has " + std::to_string(*file_size) + " bytes");
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

core::Result<SafetensorsHeader> parse_header(std::string_view json, std::string_view source, std::optional<std::uint64_t> file_size) {
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
