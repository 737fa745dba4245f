#include "intake/inventory.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <map>
#include <unordered_map>

namespace intake {

namespace {

using Block = std::vector<std::string>;  // one range list per placeholder

core::Error invalid(std::string detail) {
  return core::make_error(core::ExitCode::bad_input, "intake.inventory_invalid")
      .with("command", "quark-ptq analyze")
      .with_detail(std::move(detail));
}

// Exact product decomposition of the sorted, distinct rows [begin, end) of a flat table with
// `width` columns, from column `dim` on.
std::vector<Block> blocks_of(const std::vector<std::uint32_t>& t, std::size_t width, std::size_t begin, std::size_t end, std::size_t dim) {
  auto at = [&](std::size_t row, std::size_t col) { return t[row * width + col]; };
  if (dim + 1 == width) {
    std::vector<std::uint32_t> vals;
    vals.reserve(end - begin);
    for (std::size_t r = begin; r < end; ++r) vals.push_back(at(r, dim));
    return {Block{format_ranges(vals)}};
  }
  // Rows grouped by this column's value; values whose remainders decompose identically merge.
  std::vector<std::vector<Block>> subs;
  std::vector<std::vector<std::uint32_t>> values;
  std::unordered_map<std::string, std::size_t> where;
  std::size_t i = begin;
  while (i < end) {
    std::size_t j = i;
    while (j < end && at(j, dim) == at(i, dim)) ++j;
    auto sub = blocks_of(t, width, i, j, dim + 1);
    std::string key;
    for (const auto& b : sub) {
      for (const auto& r : b) key += r + "|";
      key += ";";
    }
    auto it = where.find(key);
    if (it == where.end()) {
      where.emplace(key, subs.size());
      subs.push_back(std::move(sub));
      values.push_back({at(i, dim)});
    } else {
      values[it->second].push_back(at(i, dim));
    }
    i = j;
  }
  std::vector<Block> out;
  for (std::size_t k = 0; k < subs.size(); ++k) {
    for (const auto& b : subs[k]) {
      Block nb{format_ranges(values[k])};
      nb.insert(nb.end(), b.begin(), b.end());
      out.push_back(std::move(nb));
    }
  }
  return out;
}

// sort_rows for index values that are small and dense, the usual case (layer and expert
// numbers): each row is a cell of a bitmap of every possible row, read back in order. Each
// column gets a power-of-two number of bits, so that cells are built and split by shifts.
// Linear in rows and cells; false (nothing done) when the bitmap would be large next to the
// table.
bool sort_rows_dense(std::vector<std::uint32_t>& t, std::size_t width) {
  std::size_t rows = t.size() / width;
  std::vector<unsigned> bits(width, 0);  // bits per column
  for (std::size_t c = 0; c < width; ++c) {
    std::uint32_t max = 0;
    for (std::size_t r = 0; r < rows; ++r) max = std::max(max, t[r * width + c]);
    bits[c] = max == 0 ? 0 : static_cast<unsigned>(std::bit_width(max));
  }
  unsigned total = 0;
  for (auto b : bits) total += b;
  const std::uint64_t limit = 64 * static_cast<std::uint64_t>(rows) + 4096;
  if (total >= 63 || (std::uint64_t{1} << total) > limit) return false;
  std::vector<std::uint64_t> map(((std::uint64_t{1} << total) + 63) / 64, 0);
  for (std::size_t r = 0; r < rows; ++r) {
    std::uint64_t cell = 0;
    for (std::size_t c = 0; c < width; ++c) cell = (cell << bits[c]) | t[r * width + c];
    map[cell / 64] |= std::uint64_t{1} << (cell % 64);
  }
  // Read back in place: there are at most as many distinct rows as rows.
  std::size_t at = 0;
  for (std::size_t w = 0; w < map.size(); ++w) {
    for (std::uint64_t word = map[w]; word != 0; word &= word - 1) {
      std::uint64_t cell = w * 64 + static_cast<std::uint64_t>(std::countr_zero(word));
      for (std::size_t c = width; c-- > 0;) {
        t[at + c] = static_cast<std::uint32_t>(cell & ((std::uint64_t{1} << bits[c]) - 1));
        cell >>= bits[c];
      }
      at += width;
    }
  }
  t.resize(at);
  return true;
}

// Sorts the rows of a flat table and drops duplicates.
void sort_rows(std::vector<std::uint32_t>& t, std::size_t width) {
  std::size_t rows = t.size() / width;
  if (sort_rows_dense(t, width)) return;
  if (width == 1) {
    std::sort(t.begin(), t.end());
    t.erase(std::unique(t.begin(), t.end()), t.end());
    return;
  }
  if (width == 2) {
    // (layer, expert) pairs, the bulk of a MoE inventory: sorted as packed 64-bit keys.
    std::vector<std::uint64_t> keys(rows);
    for (std::size_t r = 0; r < rows; ++r) keys[r] = (std::uint64_t{t[2 * r]} << 32) | t[2 * r + 1];
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    t.resize(keys.size() * 2);
    for (std::size_t r = 0; r < keys.size(); ++r) {
      t[2 * r] = static_cast<std::uint32_t>(keys[r] >> 32);
      t[2 * r + 1] = static_cast<std::uint32_t>(keys[r]);
    }
    return;
  }
  std::vector<std::size_t> order(rows);
  for (std::size_t r = 0; r < rows; ++r) order[r] = r;
  auto less = [&](std::size_t a, std::size_t b) {
    return std::lexicographical_compare(
        t.begin() + static_cast<std::ptrdiff_t>(a * width), t.begin() + static_cast<std::ptrdiff_t>((a + 1) * width),
        t.begin() + static_cast<std::ptrdiff_t>(b * width), t.begin() + static_cast<std::ptrdiff_t>((b + 1) * width));
  };
  if (!std::is_sorted(order.begin(), order.end(), less)) std::sort(order.begin(), order.end(), less);
  std::vector<std::uint32_t> out;
  out.reserve(t.size());
  for (std::size_t k = 0; k < rows; ++k) {
    std::size_t r = order[k];
    bool dup =
        k > 0 && std::equal(t.begin() + static_cast<std::ptrdiff_t>(r * width), t.begin() + static_cast<std::ptrdiff_t>((r + 1) * width),
                            t.begin() + static_cast<std::ptrdiff_t>(order[k - 1] * width));
    if (!dup)
      out.insert(out.end(), t.begin() + static_cast<std::ptrdiff_t>(r * width), t.begin() + static_cast<std::ptrdiff_t>((r + 1) * width));
  }
  t.swap(out);
}

void substitute(const std::string& templ, const std::vector<std::vector<std::uint32_t>>& sets, std::size_t dim,
                std::vector<std::uint32_t>& chosen, const InventoryModule& proto, std::vector<InventoryModule>& out) {
  if (dim == sets.size()) {
    InventoryModule m = proto;
    m.name.clear();
    std::size_t k = 0;
    for (std::size_t p = 0; p < templ.size(); ++p) {
      if (templ[p] == '{' && p + 1 < templ.size() && templ[p + 1] == '}') {
        m.name += std::to_string(chosen[k++]);
        ++p;
      } else {
        m.name += templ[p];
      }
    }
    out.push_back(std::move(m));
    return;
  }
  for (auto v : sets[dim]) {
    chosen[dim] = v;
    substitute(templ, sets, dim + 1, chosen, proto, out);
  }
}

std::size_t placeholders(std::string_view templ) {
  std::size_t n = 0;
  for (std::size_t p = 0; p + 1 < templ.size(); ++p) {
    if (templ[p] == '{' && templ[p + 1] == '}') ++n;
  }
  return n;
}

}  // namespace

std::string format_ranges(const std::vector<std::uint32_t>& v) {
  std::string out;
  std::size_t i = 0;
  while (i < v.size()) {
    std::size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(v[i]);
    if (j > i) {
      out += '-';
      out += std::to_string(v[j]);  // not "-" + to_string(): GCC 12 -Wrestrict false positive
    }
    i = j + 1;
  }
  return out;
}

core::Result<std::vector<std::uint32_t>> parse_ranges(std::string_view text) {
  std::vector<std::uint32_t> out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t comma = text.find(',', pos);
    std::string_view part = text.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    std::size_t dash = part.find('-');
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    auto parse = [](std::string_view s, std::uint32_t& v) {
      auto r = std::from_chars(s.data(), s.data() + s.size(), v);
      return !s.empty() && r.ec == std::errc() && r.ptr == s.data() + s.size();
    };
    bool ok = dash == std::string_view::npos ? parse(part, a) && parse(part, b)
                                             : parse(part.substr(0, dash), a) && parse(part.substr(dash + 1), b);
    if (!ok || b < a || (!out.empty() && a <= out.back()) || b - a > 10'000'000) {
      return invalid("bad range list '" + std::string(text) + "'");
    }
    for (std::uint64_t x = a; x <= b; ++x) out.push_back(static_cast<std::uint32_t>(x));
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  if (out.empty()) return invalid("empty range list");
  return out;
}

std::vector<artifacts::InventoryGroupRecord> group_records(std::vector<InventoryGroup>& groups) {
  std::vector<artifacts::InventoryGroupRecord> out;
  for (auto& g : groups) {
    artifacts::InventoryGroupRecord r;
    r.name = g.templ;
    std::size_t count = g.count;
    if (g.width > 0) {
      sort_rows(g.indices, g.width);
      count = g.indices.size() / g.width;
      r.indices.emplace();
      for (auto& b : blocks_of(g.indices, g.width, 0, count, 0)) r.indices->push_back(std::move(b));
    } else {
      r.literal = g.literal;
    }
    r.count = static_cast<std::int64_t>(count);
    r.role = g.role;
    r.kind = g.kind;
    r.dtype = g.dtype;
    for (auto d : g.shape) r.shape.push_back(static_cast<std::int64_t>(d));
    r.linear_modules = static_cast<std::int64_t>(g.linear_modules);
    r.quantized = g.quantized;
    r.tied = g.tied;
    out.push_back(std::move(r));
  }
  return out;
}

core::Json encode_groups(std::vector<InventoryGroup>& groups) {
  core::Json out = core::Json::array();
  for (const auto& r : group_records(groups)) out.push_back(artifacts::to_json(r));
  return out;
}

core::Json encode_inventory(const std::vector<InventoryModule>& modules) {
  ModelFacts facts;
  knowledge::ModelFamilies fam;
  InventoryBuilder builder(facts, fam, {});
  for (const auto& m : modules) builder.add_module(m);
  LinearInventory inv = builder.finish();
  return encode_groups(inv.groups);
}

core::Result<std::vector<InventoryModule>> expand_inventory(const core::Json& analysis) {
  const core::Json* groups = &analysis;
  if (analysis.is_object()) {
    const core::Json* inv = core::json_object(analysis, "inventory");
    const core::Json* holder = inv != nullptr ? inv : &analysis;
    groups = core::json_array(*holder, "groups");
    if (groups == nullptr) return std::vector<InventoryModule>{};  // estimate only
  }
  if (!groups->is_array()) return invalid("inventory groups is not an array");
  std::vector<InventoryModule> out;
  for (const auto& g : *groups) {
    auto name = core::json_string(g, "name");
    auto role = core::json_string(g, "role");
    auto kind = core::json_string(g, "kind");
    auto dtype = core::json_string(g, "dtype");
    auto lin = core::json_int(g, "linear_modules");
    auto quantized = core::json_bool(g, "quantized");
    const core::Json* shape = core::json_array(g, "shape");
    if (!name || !role || !kind || !dtype || !lin || *lin < 0 || !quantized || shape == nullptr) {
      return invalid("a group lacks name, role, kind, dtype, shape, linear_modules or quantized");
    }
    InventoryModule proto;
    proto.name = *name;
    proto.role = *role;
    proto.kind = *kind;
    proto.dtype = *dtype;
    proto.linear_modules = static_cast<std::uint64_t>(*lin);
    proto.quantized = *quantized;
    proto.tied = core::json_bool(g, "tied").value_or(false);
    for (const auto& d : *shape) {
      if (!d.is_number_unsigned()) return invalid("shape of " + *name + " holds a non-integer");
      proto.shape.push_back(d.get<std::uint64_t>());
    }
    const core::Json* indices = core::json_array(g, "indices");
    std::size_t width = core::json_bool(g, "literal").value_or(false) ? 0 : placeholders(*name);
    std::size_t before = out.size();
    if (width == 0) {
      if (indices != nullptr) return invalid(*name + " has indices but no {} placeholder");
      out.push_back(proto);
    } else {
      if (indices == nullptr) return invalid(*name + " has placeholders but no indices");
      for (const auto& block : *indices) {
        if (!block.is_array() || block.size() != width) return invalid(*name + ": a block does not give one range list per {}");
        std::vector<std::vector<std::uint32_t>> sets;
        for (const auto& r : block) {
          if (!r.is_string()) return invalid(*name + ": a range list is not a string");
          QPTQ_TRY_ASSIGN(auto vals, parse_ranges(r.get<std::string>()));
          sets.push_back(std::move(vals));
        }
        std::vector<std::uint32_t> chosen(width);
        substitute(*name, sets, 0, chosen, proto, out);
      }
    }
    auto count = core::json_int(g, "count");
    if (count && static_cast<std::size_t>(*count) != out.size() - before) {
      return invalid(*name + ": count says " + std::to_string(*count) + " but the indices give " + std::to_string(out.size() - before));
    }
  }
  return out;
}

}  // namespace intake
