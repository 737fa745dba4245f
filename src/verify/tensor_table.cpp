#include "verify/tensor_table.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "core/json_io.h"

namespace verify {

namespace {

constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

core::Error invalid(const core::fs::path& path, const std::string& what) {
  return core::make_error(core::ExitCode::bad_input, "verify.header_invalid").with("path", path.string()).with_detail(what);
}

bool mul_overflows(std::uint64_t a, std::uint64_t b, std::uint64_t& out) { return __builtin_mul_overflow(a, b, &out); }

}  // namespace

double dtype_bytes(const std::string& dtype) {
  static const std::pair<const char*, double> kSizes[] = {
      {"BOOL", 1}, {"U8", 1}, {"I8", 1}, {"F8_E4M3", 1}, {"F8_E5M2", 1}, {"F8_E8M0", 1}, {"I16", 2}, {"U16", 2},
      {"F16", 2},  {"BF16", 2}, {"I32", 4}, {"U32", 4}, {"F32", 4}, {"I64", 8}, {"U64", 8}, {"F64", 8}, {"F4", 0.5}, {"F6_E2M3", 0.75}, {"F6_E3M2", 0.75}};
  for (const auto& [name, size] : kSizes) {
    if (dtype == name) return size;
  }
  return 0;
}

core::Result<TensorTable> read_tensor_table(const core::fs::path& path) {
  QPTQ_TRY_ASSIGN(std::uint64_t file_size, core::file_size(path));
  if (file_size < 8) return invalid(path, "shorter than the 8-byte header length");
  QPTQ_TRY_ASSIGN(std::string prefix, core::read_range(path, 0, 8));
  std::uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(prefix[static_cast<std::size_t>(i)]);
  if (n > kMaxHeaderBytes || n > file_size - 8) return invalid(path, "header length " + std::to_string(n) + " exceeds the file");
  QPTQ_TRY_ASSIGN(std::string header, core::read_range(path, 8, n));
  auto doc = core::parse_json(header, path.string());
  if (!doc || !doc->is_object()) return invalid(path, "the header is not a JSON object");

  TensorTable t;
  t.path = path;
  t.header_length = n;
  t.data_start = 8 + n;
  for (const auto& [name, entry] : doc->items()) {
    if (name == "__metadata__") continue;
    TensorInfo ti;
    ti.name = name;
    ti.dtype = core::json_string(entry, "dtype").value_or("");
    const core::Json* shape = core::json_array(entry, "shape");
    const core::Json* offsets = core::json_array(entry, "data_offsets");
    if (ti.dtype.empty() || shape == nullptr || offsets == nullptr || offsets->size() != 2) return invalid(path, name + ": malformed entry");
    std::uint64_t elements = 1;
    for (const auto& d : *shape) {
      if (!d.is_number_unsigned() && !(d.is_number_integer() && d.get<std::int64_t>() >= 0)) return invalid(path, name + ": bad shape");
      ti.shape.push_back(d.get<std::uint64_t>());
      if (mul_overflows(elements, ti.shape.back(), elements)) return invalid(path, name + ": shape overflows");
    }
    for (const auto& o : *offsets) {
      if (!o.is_number_integer() || o.get<std::int64_t>() < 0) return invalid(path, name + ": bad data_offsets");
    }
    ti.begin = (*offsets)[0].get<std::uint64_t>();
    ti.end = (*offsets)[1].get<std::uint64_t>();
    if (ti.end < ti.begin) return invalid(path, name + ": data_offsets end before they begin");
    double per = dtype_bytes(ti.dtype);
    if (per > 0) {
      double want = per * static_cast<double>(elements);
      if (static_cast<double>(ti.end - ti.begin) != want) {
        return invalid(path, name + ": " + std::to_string(ti.end - ti.begin) + " bytes for " + ti.dtype + " x " + std::to_string(elements));
      }
    }
    t.tensors.push_back(std::move(ti));
  }
  // The byte ranges must tile the data region: sorted, no gap, no overlap, ending at EOF.
  std::vector<const TensorInfo*> order;
  for (const auto& ti : t.tensors) order.push_back(&ti);
  std::sort(order.begin(), order.end(), [](const TensorInfo* a, const TensorInfo* b) { return a->begin < b->begin; });
  std::uint64_t pos = 0;
  for (const TensorInfo* ti : order) {
    if (ti->begin != pos) {
      return invalid(path, ti->name + (ti->begin < pos ? ": overlaps the previous tensor" : ": a gap before it"));
    }
    pos = ti->end;
  }
  if (t.data_start + pos != file_size) {
    return invalid(path, "data ends at byte " + std::to_string(t.data_start + pos) + " but the file has " + std::to_string(file_size));
  }
  return t;
}

}  // namespace verify
