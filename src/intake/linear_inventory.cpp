#include "intake/linear_inventory.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <unordered_map>

#include "core/glob_match.h"
#include "intake/name_hash.h"

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

// What a tensor's name alone decides (see InventoryBuilder::State::classify).
struct TensorClass {
  bool prequantized = false;   // ends with a pre-quantized tensor suffix
  bool has_module = false;     // ends with a linear weight suffix
  std::size_t suffix = 0;      // that suffix's length
  bool expert_tensor = false;  // a fused expert tensor name (when 3-D)
  std::uint64_t fused_factor = 1;  // nn.Linear modules per expert when fused (gate_up: 2)
  std::string_view kind;       // when not fused: linear, embedding or conv1d
  bool literal = false;        // the module name has braces of its own: no placeholders
  bool first_embedding = false;  // may stand for a tied lm_head (not a position embedding)
  TemplateInfo* module = nullptr;  // the module's template, when has_module or expert_tensor
  bool experts_role = false;   // module->role is "experts"
  bool lm_head_role = false;
  std::string module_templ;
};

// Lists whose tests give the same answer on a name template as on the name. Suffixes (tested
// with ends_with): no digits and no braces, so a match can never touch a numeric segment.
// Segment names (tested for equality with a segment): no braces and not all digits.
bool suffixes_template_safe(const std::vector<std::string>& v) {
  return std::all_of(v.begin(), v.end(), [](const std::string& e) { return template_safe(e) && !e.empty(); });
}
bool segment_names_template_safe(const std::vector<std::string>& v) {
  return std::all_of(v.begin(), v.end(), [](const std::string& e) {
    return e.find_first_of("{}") == std::string::npos && e.find_first_not_of("0123456789") != std::string::npos;
  });
}

// Equality of short strings (roles, kinds, dtypes) without a memcmp call per comparison:
// they are compared several times per tensor.
bool same(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

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
  std::unordered_map<std::string, TemplateInfo, NameHash> templates;  // by module template; nodes do not move
  // By tensor name template, when every name test of classify() gives the same answer on a
  // name and on its template (`classes_valid`): a few dozen entries for 47k tensors.
  std::unordered_map<std::string, TensorClass, NameHash> classes;
  bool classes_valid = false;
  std::vector<std::pair<std::string, DtypeTotals*>> dtype_cache;
  LinearInventory inv;
  std::string name_buf;
  std::string templ_buf;
  std::vector<std::uint32_t> idx;
  std::vector<std::uint32_t> idx_scratch;
  TensorClass scratch;  // the class of a name that is not cached
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
          same(v.role, role) && same(v.kind, kind) && same(v.dtype, dtype) && same_shape(v.shape, shape, rank)) {
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

  // The name tests of a tensor, on its name or on its name template (`is_template`; the same
  // answers when `classes_valid`, as no test can then touch a numeric segment).
  TensorClass classify(std::string_view name, bool is_template) {
    TensorClass c;
    for (const auto& suffix : fam.pre_quantized_tensor_suffixes) {
      if (ends_with(name, suffix)) c.prequantized = true;
    }
    for (const auto& suffix : fam.linear_weight_suffixes) {
      if (ends_with(name, suffix)) {
        c.has_module = name.size() > suffix.size();  // ".weight" alone names no module
        c.suffix = c.has_module ? suffix.size() : 0;
        break;
      }
    }
    std::string_view bare = name.substr(0, name.size() - c.suffix);
    std::string_view leaf = last_segment(bare);
    c.expert_tensor = bare.find(".experts.") != std::string_view::npos && contains(fam.fused_expert_tensor_names, leaf);
    if (!c.has_module && !c.expert_tensor) return c;
    c.fused_factor = contains(fam.fused_gate_up_names, leaf) ? 2 : 1;  // Quark unfuses them
    c.literal = !is_template && (bare.find('{') != std::string_view::npos || bare.find('}') != std::string_view::npos);
    if (is_template || c.literal) {
      c.module_templ.assign(bare);
    } else {
      idx_scratch.clear();
      name_template_into(bare, c.module_templ, idx_scratch);
    }
    c.module = &info_for(c.module_templ);
    c.experts_role = c.module->role == "experts";
    c.lm_head_role = c.module->role == "lm_head";
    if (contains(fam.non_linear_roles, c.module->role)) {
      c.kind = "embedding";
      c.first_embedding = leaf != "wpe" && bare.find("position") == std::string_view::npos;
    } else if (conv1d_family && contains(fam.conv1d_module_suffixes, leaf)) {
      c.kind = "conv1d";  // transformers' Conv1D is not nn.Linear: Quark does not quantize it
    } else {
      c.kind = "linear";
    }
    return c;
  }

  // Tensors come in runs of a few templates (gate, up, down of one expert after another):
  // the last few classes found are compared first, which is cheaper than hashing the
  // template. Map nodes do not move, so the pointers stay valid.
  static constexpr std::size_t kRecent = 4;
  std::array<std::pair<const std::string*, const TensorClass*>, kRecent> recent{};

  const TensorClass& class_for(const std::string& tensor_templ) {
    for (std::size_t i = 0; i < kRecent && recent[i].first != nullptr; ++i) {
      const std::string& key = *recent[i].first;
      if (key.size() == tensor_templ.size() && std::memcmp(key.data(), tensor_templ.data(), key.size()) == 0) {
        const TensorClass* hit = recent[i].second;
        if (i > 0) std::swap(recent[i], recent[i - 1]);  // frequent ones drift to the front
        return *hit;
      }
    }
    auto it = classes.find(tensor_templ);
    if (it == classes.end()) it = classes.emplace(tensor_templ, classify(tensor_templ, true)).first;
    std::move_backward(recent.begin(), recent.end() - 1, recent.end());
    recent[0] = {&it->first, &it->second};
    return it->second;
  }

  DtypeTotals& dtype_totals(std::string_view dtype) {
    for (auto& [name, totals] : dtype_cache) {
      if (same(name, dtype)) return *totals;
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
  // Suffixes must be whole segments for the module to keep the tensor's numbers.
  bool whole_segments = std::all_of(fam.linear_weight_suffixes.begin(), fam.linear_weight_suffixes.end(),
                                    [](const std::string& x) { return !x.empty() && x[0] == '.'; });
  m_state->classes_valid = whole_segments && suffixes_template_safe(fam.linear_weight_suffixes) &&
                           suffixes_template_safe(fam.pre_quantized_tensor_suffixes) &&
                           segment_names_template_safe(fam.fused_expert_tensor_names) &&
                           segment_names_template_safe(fam.fused_gate_up_names) &&
                           segment_names_template_safe(fam.conv1d_module_suffixes);
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

  // A name with braces of its own has no template: it is classified as it is.
  s.idx.clear();
  const TensorClass* c = nullptr;
  if (s.classes_valid && !name_template_scan(t.name, s.templ_buf, s.idx)) {
    c = &s.class_for(s.templ_buf);
  } else {
    s.idx.clear();
    s.scratch = s.classify(t.name, false);
    c = &s.scratch;
    if (!c->literal && c->module != nullptr) {
      name_template_into(t.name.substr(0, t.name.size() - c->suffix), s.templ_buf, s.idx);
    }
  }
  if (c->prequantized) inv.has_prequantized_tensors = true;

  // Which module does this tensor weigh, if any?
  bool fused = t.rank == 3 && c->expert_tensor;
  if (!fused && (!c->has_module || t.rank != 2)) return;
  std::string_view module = t.name.substr(0, t.name.size() - c->suffix);
  TemplateInfo& ti = *c->module;
  std::string_view kind = c->kind;
  std::uint64_t linear_modules = 0;
  if (fused) {
    kind = "fused_experts";
    linear_modules = t.shape[0] * c->fused_factor;
    inv.has_fused_experts = true;
  } else if (kind == "linear") {
    linear_modules = 1;
  } else if (kind == "conv1d") {
    inv.has_conv1d = true;
  }
  bool experts = c->experts_role;
  if (experts && kind == "linear") inv.has_per_expert_tensors = true;
  if (experts && !s.idx.empty()) {
    auto layer = static_cast<std::int64_t>(s.idx.front());
    if (inv.expert_layers.empty() || inv.expert_layers.back() != layer) inv.expert_layers.push_back(layer);
  }
  bool excluded = ti.safe_excluded || (!s.unsafe_patterns.empty() && core::glob_match_any(s.unsafe_patterns, module));
  if (c->lm_head_role) s.have_lm_head = true;
  if (!fused && c->first_embedding && !s.embedding) {
    InventoryModule e;
    e.name = std::string(module);
    e.dtype = std::string(t.dtype);
    e.shape.assign(t.shape, t.shape + t.rank);
    s.embedding = std::move(e);
  }
  s.add(ti, c->module_templ, c->literal, s.idx, ti.role, kind, t.dtype, t.shape, t.rank, linear_modules, excluded, false);
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

}  // namespace intake
