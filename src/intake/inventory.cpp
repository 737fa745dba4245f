#include "intake/inventory.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <unordered_map>

namespace intake {

namespace {

using Tuple = std::vector<std::uint32_t>;
using Block = std::vector<std::string>;  // one range list per placeholder

core::Error invalid(std::string detail) {
  return core::make_error(core::ExitCode::bad_input, "intake.inventory_invalid").with_detail(std::move(detail));
}

// Exact product decomposition of sorted, distinct tuples of equal length `width`.
std::vector<Block> blocks_of(const std::vector<Tuple>& tuples, std::size_t dim, std::size_t width) {
  if (dim + 1 == width) {
    std::vector<std::uint32_t> vals;
    vals.reserve(tuples.size());
    for (const auto& t : tuples) vals.push_back(t[dim]);
    vals.erase(std::unique(vals.begin(), vals.end()), vals.end());
    return {Block{format_ranges(vals)}};
  }
  // Group by this dimension's value; values whose remainders decompose identically merge.
  std::vector<std::pair<std::string, std::vector<Block>>> keyed;  // first-seen order
  std::unordered_map<std::string, std::size_t> where;
  std::vector<std::vector<std::uint32_t>> values;
  std::size_t i = 0;
  while (i < tuples.size()) {
    std::size_t j = i;
    while (j < tuples.size() && tuples[j][dim] == tuples[i][dim]) ++j;
    std::vector<Tuple> rest(tuples.begin() + static_cast<std::ptrdiff_t>(i), tuples.begin() + static_cast<std::ptrdiff_t>(j));
    auto sub = blocks_of(rest, dim + 1, width);
    std::string key;
    for (const auto& b : sub) {
      for (const auto& r : b) key += r + "|";
      key += ";";
    }
    auto it = where.find(key);
    if (it == where.end()) {
      where.emplace(key, keyed.size());
      keyed.emplace_back(key, std::move(sub));
      values.push_back({tuples[i][dim]});
    } else {
      values[it->second].push_back(tuples[i][dim]);
    }
    i = j;
  }
  std::vector<Block> out;
  for (std::size_t k = 0; k < keyed.size(); ++k) {
    for (const auto& b : keyed[k].second) {
      Block nb{format_ranges(values[k])};
      nb.insert(nb.end(), b.begin(), b.end());
      out.push_back(std::move(nb));
    }
  }
  return out;
}

struct Group {
  const InventoryModule* first = nullptr;
  std::string templ;
  std::vector<Tuple> tuples;
};

std::string group_key(const InventoryModule& m, const std::string& templ) {
  std::string k = templ + '\x1f' + m.role + '\x1f' + m.kind + '\x1f' + m.dtype + '\x1f';
  for (auto d : m.shape) k += std::to_string(d) + ',';
  k += '\x1f';
  k += std::to_string(m.linear_modules);
  k += m.quantized ? "q" : "-";
  k += m.tied ? "t" : "-";
  return k;
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
    if (j > i) out += "-" + std::to_string(v[j]);
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

core::Json encode_inventory(const std::vector<InventoryModule>& modules) {
  std::vector<Group> groups;
  std::unordered_map<std::string, std::size_t> index;
  for (const auto& m : modules) {
    Tuple t;
    // Names that already contain "{}" cannot be templated unambiguously: keep them literal.
    bool literal = m.name.find('{') != std::string::npos || m.name.find('}') != std::string::npos;
    std::string templ = literal ? m.name : name_template(m.name, &t);
    if (literal) t.clear();
    std::string key = group_key(m, templ) + (literal ? "L" : "");
    auto it = index.find(key);
    if (it == index.end()) {
      index.emplace(key, groups.size());
      groups.push_back({&m, templ, {}});
      it = index.find(key);
    }
    groups[it->second].tuples.push_back(std::move(t));
  }
  core::Json out = core::Json::array();
  for (auto& g : groups) {
    const auto& m = *g.first;
    core::Json j = core::Json::object();
    j["name"] = g.templ;
    std::size_t width = g.tuples.front().size();
    std::sort(g.tuples.begin(), g.tuples.end());
    g.tuples.erase(std::unique(g.tuples.begin(), g.tuples.end()), g.tuples.end());
    if (width > 0) {
      core::Json blocks = core::Json::array();
      for (const auto& b : blocks_of(g.tuples, 0, width)) blocks.push_back(b);
      j["indices"] = std::move(blocks);
    } else if (m.name.find('{') != std::string::npos || m.name.find('}') != std::string::npos) {
      j["literal"] = true;
    }
    j["count"] = g.tuples.size();
    j["role"] = m.role;
    j["kind"] = m.kind;
    j["dtype"] = m.dtype;
    j["shape"] = m.shape;
    j["linear_modules"] = m.linear_modules;
    j["quantized"] = m.quantized;
    if (m.tied) j["tied"] = true;
    out.push_back(std::move(j));
  }
  return out;
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
      return invalid(*name + ": count says " + std::to_string(*count) + " but the indices give " +
                     std::to_string(out.size() - before));
    }
  }
  return out;
}

}  // namespace intake
