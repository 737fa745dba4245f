#include "intake/linear_inventory.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <unordered_map>

#include "core/glob_match.h"

namespace intake {

namespace {

// Called a dozen times per tensor: the last character rules out most suffixes without a
// memcmp call.
bool ends_with(std::string_view s, std::string_view suffix) {
  if (suffix.empty()) return true;
  return s.size() >= suffix.size() && s.back() == suffix.back() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string_view last_segment(std::string_view name) {
  auto dot = name.rfind('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

// A pattern whose answer is the same on a name and on its template: no digits, braces, '?'
// or '[' (its literal parts can never touch a numeric segment).
bool template_safe(const std::string& pattern) {
  return pattern.find_first_of("0123456789{}?[") == std::string::npos;
}

bool contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

std::uint64_t element_count(const std::uint64_t* shape, std::size_t rank) {
  std::uint64_t n = 1;
  for (std::size_t i = 0; i < rank; ++i) {
    if (__builtin_mul_overflow(n, shape[i], &n)) return UINT64_MAX;  // the header parser refused this already
  }
  return n;
}

// A group of a template, told apart by the module's other attributes.
struct Variant {
  std::string role;
  std::string kind;
  std::string dtype;
  std::vector<std::uint64_t> shape;
  std::uint64_t linear_modules = 0;
  bool quantized = false;
  bool tied = false;
  bool literal = false;
  std::size_t group = 0;
};

// What is known of a template before looking at its numbers, and its groups so far.
struct TemplateInfo {
  std::string role;
  bool safe_excluded = false;  // a template-safe exclusion pattern matches
  std::vector<Variant> variants;
};

bool same_shape(const std::vector<std::uint64_t>& a, const std::uint64_t* b, std::size_t rank) {
  return a.size() == rank && std::equal(a.begin(), a.end(), b);
}

}  // namespace

struct InventoryBuilder::State {
  const ModelFacts& facts;
  const knowledge::ModelFamilies& fam;
  std::vector<std::string> safe_patterns;
  std::vector<std::string> unsafe_patterns;
  bool conv1d_family = false;
  std::unordered_map<std::string, TemplateInfo> templates;
  std::vector<std::pair<std::string, DtypeTotals*>> dtype_cache;
  LinearInventory inv;
  std::string name_buf;
  std::string templ_buf;
  std::vector<std::uint32_t> idx;
  bool have_lm_head = false;
  std::optional<InventoryModule> embedding;  // the first token embedding, for a tied lm_head

  State(const ModelFacts& f, const knowledge::ModelFamilies& m) : facts(f), fam(m) {}

  TemplateInfo& info_for(const std::string& templ) {
    auto it = templates.find(templ);
    if (it != templates.end()) return it->second;
    TemplateInfo ti;
    ti.role = fam.role_of(templ);
    ti.safe_excluded = core::glob_match_any(safe_patterns, templ);
    return templates.emplace(templ, std::move(ti)).first->second;
  }

  // Adds one module given its template split (templ/indices) and attributes.
  void add(TemplateInfo& ti, const std::string& templ, bool literal, const std::vector<std::uint32_t>& indices,
           const std::string& role, std::string_view kind, std::string_view dtype, const std::uint64_t* shape,
           std::size_t rank, std::uint64_t linear_modules, bool excluded, bool tied) {
    bool quantized = linear_modules > 0 && !excluded;
    // A template has a handful of variants at most: a linear scan beats hashing a key.
    Variant* hit = nullptr;
    for (auto& v : ti.variants) {
      if (v.linear_modules == linear_modules && v.quantized == quantized && v.tied == tied && v.literal == literal &&
          v.role == role && v.kind == kind && v.dtype == dtype && same_shape(v.shape, shape, rank)) {
        hit = &v;
        break;
      }
    }
    if (hit == nullptr) {
      InventoryGroup g;
      g.templ = templ;
      g.literal = literal;
      g.role = role;
      g.kind = std::string(kind);
      g.dtype = std::string(dtype);
      g.shape.assign(shape, shape + rank);
      g.linear_modules = linear_modules;
      g.quantized = quantized;
      g.tied = tied;
      g.width = indices.size();
      Variant v;
      v.role = role;
      v.kind = g.kind;
      v.dtype = g.dtype;
      v.shape = g.shape;
      v.linear_modules = linear_modules;
      v.quantized = quantized;
      v.tied = tied;
      v.literal = literal;
      v.group = inv.groups.size();
      inv.groups.push_back(std::move(g));
      ti.variants.push_back(std::move(v));
      hit = &ti.variants.back();
    }
    auto& g = inv.groups[hit->group];
    g.indices.insert(g.indices.end(), indices.begin(), indices.end());
    ++g.count;
    ++inv.module_count;
  }

  DtypeTotals& dtype_totals(std::string_view dtype) {
    for (auto& [name, totals] : dtype_cache) {
      if (name == dtype) return *totals;
    }
    DtypeTotals* t = &inv.all_by_dtype[std::string(dtype)];  // std::map: stable addresses
    dtype_cache.emplace_back(std::string(dtype), t);
    return *t;
  }
};

InventoryBuilder::InventoryBuilder(const ModelFacts& facts, const knowledge::ModelFamilies& fam,
                                   std::vector<std::string> exclusions)
    : m_state(new State(facts, fam)) {
  for (auto& p : exclusions) (template_safe(p) ? m_state->safe_patterns : m_state->unsafe_patterns).push_back(std::move(p));
  m_state->conv1d_family = fam.is_conv1d_family(facts.model_type);
}

InventoryBuilder::~InventoryBuilder() { delete m_state; }

void InventoryBuilder::add_tensor(const TensorView& t) {
  State& s = *m_state;
  LinearInventory& inv = s.inv;
  ++inv.tensor_count;
  std::uint64_t elems = element_count(t.shape, t.rank);
  auto& all = s.dtype_totals(t.dtype);
  ++all.tensors;
  all.parameters += elems;
  all.bytes += t.bytes;
  inv.parameters += elems;
  for (const auto& suffix : s.fam.pre_quantized_tensor_suffixes) {
    if (ends_with(t.name, suffix)) inv.has_prequantized_tensors = true;
  }

  // Which module does this tensor weigh, if any?
  std::string_view module;
  for (const auto& suffix : s.fam.linear_weight_suffixes) {
    if (ends_with(t.name, suffix)) {
      module = t.name.substr(0, t.name.size() - suffix.size());
      break;
    }
  }
  std::string_view bare = module.empty() ? t.name : module;
  bool fused = t.rank == 3 && bare.find(".experts.") != std::string_view::npos &&
               contains(s.fam.fused_expert_tensor_names, last_segment(bare));
  if (!fused && (module.empty() || t.rank != 2)) return;
  if (fused) module = bare;

  bool literal = module.find('{') != std::string_view::npos || module.find('}') != std::string_view::npos;
  s.idx.clear();
  if (literal) {
    s.templ_buf.assign(module);
  } else {
    name_template_into(module, s.templ_buf, s.idx);
  }
  TemplateInfo& ti = s.info_for(s.templ_buf);
  std::string_view kind;
  std::uint64_t linear_modules = 0;
  std::string_view leaf = last_segment(module);
  if (fused) {
    kind = "fused_experts";
    linear_modules = t.shape[0] * (contains(s.fam.fused_gate_up_names, leaf) ? 2 : 1);  // Quark unfuses them
    inv.has_fused_experts = true;
  } else if (contains(s.fam.non_linear_roles, ti.role)) {
    kind = "embedding";
  } else if (s.conv1d_family && contains(s.fam.conv1d_module_suffixes, leaf)) {
    kind = "conv1d";  // transformers' Conv1D is not nn.Linear: Quark does not quantize it
    inv.has_conv1d = true;
  } else {
    kind = "linear";
    linear_modules = 1;
  }
  if (ti.role == "experts" && kind == "linear") inv.has_per_expert_tensors = true;
  if (ti.role == "experts" && !s.idx.empty()) {
    auto layer = static_cast<std::int64_t>(s.idx.front());
    if (inv.expert_layers.empty() || inv.expert_layers.back() != layer) inv.expert_layers.push_back(layer);
  }
  bool excluded = ti.safe_excluded || (!s.unsafe_patterns.empty() && core::glob_match_any(s.unsafe_patterns, module));
  if (ti.role == "lm_head") s.have_lm_head = true;
  if (kind == "embedding" && !s.embedding && leaf != "wpe" && module.find("position") == std::string_view::npos) {
    InventoryModule e;
    e.name = std::string(module);
    e.dtype = std::string(t.dtype);
    e.shape.assign(t.shape, t.shape + t.rank);
    s.embedding = std::move(e);
  }
  s.add(ti, s.templ_buf, literal, s.idx, ti.role, kind, t.dtype, t.shape, t.rank, linear_modules, excluded, false);
}

void InventoryBuilder::add_module(const InventoryModule& m) {
  State& s = *m_state;
  bool literal = m.name.find('{') != std::string::npos || m.name.find('}') != std::string::npos;
  s.idx.clear();
  if (literal) {
    s.templ_buf = m.name;
  } else {
    name_template_into(m.name, s.templ_buf, s.idx);
  }
  s.add(s.info_for(s.templ_buf), s.templ_buf, literal, s.idx, m.role, m.kind, m.dtype, m.shape.data(), m.shape.size(),
        m.linear_modules, !m.quantized, m.tied);
}

LinearInventory InventoryBuilder::finish() {
  State& s = *m_state;
  LinearInventory& inv = s.inv;
  // A tied lm_head is a real nn.Linear in the loaded model although the checkpoint stores
  // only the embedding; Quark sees it (and usually excludes it).
  if (!s.have_lm_head && s.embedding && s.facts.tie_word_embeddings.value_or(false)) {
    s.idx.clear();
    s.templ_buf = "lm_head";
    TemplateInfo& ti = s.info_for(s.templ_buf);
    bool excluded = ti.safe_excluded || core::glob_match_any(s.unsafe_patterns, "lm_head");
    s.add(ti, s.templ_buf, false, s.idx, "lm_head", "linear", s.embedding->dtype, s.embedding->shape.data(),
          s.embedding->shape.size(), 1, excluded, true);
  }
  std::sort(inv.expert_layers.begin(), inv.expert_layers.end());
  inv.expert_layers.erase(std::unique(inv.expert_layers.begin(), inv.expert_layers.end()), inv.expert_layers.end());
  for (const auto& g : inv.groups) {
    if (g.linear_modules == 0) continue;
    std::uint64_t elems = element_count(g.shape.data(), g.shape.size()) * g.count;
    std::uint64_t modules = g.linear_modules * g.count;
    auto& r = inv.by_role[g.role];
    r.linear_modules += modules;
    r.parameters += elems;
    inv.linear_modules += modules;
    inv.linear_parameters += elems;
    if (!g.tied) {
      auto& d = inv.linear_by_dtype[g.dtype];
      d.tensors += g.count;
      d.parameters += elems;
      unsigned bits = dtype_bits(g.dtype);
      d.bytes += bits == 0 ? 0 : elems * bits / 8;
    }
    if (g.quantized) {
      r.quantized_modules += modules;
      inv.quantized_modules += modules;
      inv.quantized_parameters += elems;
    }
  }
  return std::move(inv);
}

void name_template_into(std::string_view name, std::string& out, std::vector<std::uint32_t>& indices) {
  // Called once per tensor: segments are found with memchr and copied whole; only segments
  // that start with a digit are looked at character by character. The buffer is sized for
  // the worst case ("{}" for every one-digit segment).
  out.resize(name.size() * 2 + 1);
  char* w = out.data();
  const char* p = name.data();
  const char* const end = p + name.size();
  while (true) {
    const auto* dot = p == end ? nullptr : static_cast<const char*>(std::memchr(p, '.', static_cast<std::size_t>(end - p)));
    const char* seg_end = dot == nullptr ? end : dot;
    auto len = static_cast<std::size_t>(seg_end - p);
    // An index segment: 1 to 9 digits, no leading zero (so the split round-trips).
    bool index = len > 0 && len <= 9 && *p >= '0' && *p <= '9' && (len == 1 || *p != '0');
    std::uint32_t v = 0;
    for (const char* c = p; index && c < seg_end; ++c) {
      if (*c < '0' || *c > '9') {
        index = false;
      } else {
        v = v * 10 + static_cast<std::uint32_t>(*c - '0');
      }
    }
    if (index) {
      *w++ = '{';
      *w++ = '}';
      indices.push_back(v);
    } else if (len > 0) {
      std::memcpy(w, p, len);
      w += len;
    }
    if (dot == nullptr) break;
    *w++ = '.';
    p = dot + 1;
  }
  out.resize(static_cast<std::size_t>(w - out.data()));
}

std::string name_template(std::string_view name, std::vector<std::uint32_t>* indices) {
  std::string out;
  std::vector<std::uint32_t> idx;
  name_template_into(name, out, idx);
  if (indices != nullptr) indices->insert(indices->end(), idx.begin(), idx.end());
  return out;
}

}  // namespace intake
