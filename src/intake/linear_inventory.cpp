#include "intake/linear_inventory.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <deque>
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
bool template_safe(const std::string& pattern) { return pattern.find_first_of("0123456789{}?[") == std::string::npos; }

bool contains(const std::vector<std::string>& v, std::string_view s) { return std::find(v.begin(), v.end(), s) != v.end(); }

std::uint64_t element_count(const std::uint64_t* shape, std::size_t rank) {
  std::uint64_t n = 1;
  for (std::size_t i = 0; i < rank; ++i) {
    if (__builtin_mul_overflow(n, shape[i], &n)) return UINT64_MAX;  // the header parser refused this already
  }
  return n;
}

// A group of a template: what it is (`group`, without members) and where it stands in the
// part being built (`slot` in the part's groups while `part` is the scanner's current part).
struct Variant {
  InventoryGroup group;
  std::uint32_t slot = 0;
  std::uint64_t part = 0;
};

// What is known of a template before looking at its numbers, and its groups so far.
struct TemplateInfo {
  std::string role;
  bool safe_excluded = false;    // a template-safe exclusion pattern matches
  std::deque<Variant> variants;  // a deque: parts point at the groups, which must not move
};

// What a tensor's name alone decides (see ShardScanner::State::classify).
struct TensorClass {
  bool prequantized = false;       // ends with a pre-quantized tensor suffix
  bool has_module = false;         // ends with a linear weight suffix
  std::size_t suffix = 0;          // that suffix's length
  bool expert_tensor = false;      // a fused expert tensor name (when 3-D)
  std::uint64_t fused_factor = 1;  // nn.Linear modules per expert when fused (gate_up: 2)
  std::string_view kind;           // when not fused: linear, embedding or conv1d
  bool literal = false;            // the module name has braces of its own: no placeholders
  bool first_embedding = false;    // may stand for a tied lm_head (not a position embedding)
  TemplateInfo* module = nullptr;  // the module's template, when has_module or expert_tensor
  bool experts_role = false;       // module->role is "experts"
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

bool same_group(const InventoryGroup& a, const InventoryGroup& b) {
  return a.templ == b.templ && a.literal == b.literal && a.role == b.role && a.kind == b.kind && a.dtype == b.dtype && a.shape == b.shape &&
         a.linear_modules == b.linear_modules && a.quantized == b.quantized && a.tied == b.tied;
}

}  // namespace

std::string prequantized_name(const PrequantizedTensors& pq) {
  std::string out;
  for (std::size_t i = 0; i < pq.templ.size(); ++i) {
    if (pq.templ.compare(i, 2, "{}") == 0) {
      out += '*';
      ++i;
    } else {
      out += pq.templ[i];
    }
  }
  return pq.totals.tensors > 1 ? out + " (x" + std::to_string(pq.totals.tensors) + ")" : out;
}

InventoryRules::InventoryRules(const ModelFacts& f, const knowledge::ModelFamilies& m, std::vector<std::string> exclusions)
    : facts(f), fam(m) {
  for (auto& p : exclusions) (template_safe(p) ? safe_patterns : unsafe_patterns).push_back(std::move(p));
  conv1d_family = fam.is_conv1d_family(facts.model_type);
  non_linear_patterns = fam.non_linear_modules_for(facts.model_type);
  if (facts.text_model_type) {
    for (auto& p : fam.non_linear_modules_for(*facts.text_model_type)) non_linear_patterns.push_back(std::move(p));
  }
  // Suffixes must be whole segments for the module to keep the tensor's numbers.
  bool whole_segments = std::all_of(fam.linear_weight_suffixes.begin(), fam.linear_weight_suffixes.end(),
                                    [](const std::string& x) { return !x.empty() && x[0] == '.'; });
  classes_valid = whole_segments && suffixes_template_safe(fam.linear_weight_suffixes) &&
                  suffixes_template_safe(fam.pre_quantized_tensor_suffixes) && segment_names_template_safe(fam.fused_expert_tensor_names) &&
                  segment_names_template_safe(fam.fused_gate_up_names) && segment_names_template_safe(fam.conv1d_module_suffixes);
}

struct ShardScanner::State {
  const InventoryRules& rules;
  const knowledge::ModelFamilies& fam;
  std::unordered_map<std::string, TemplateInfo, NameHash> templates;  // by module template; nodes do not move
  // By tensor name template, when every name test of classify() gives the same answer on a
  // name and on its template (`rules.classes_valid`): a few dozen entries for 47k tensors.
  std::unordered_map<std::string, TensorClass, NameHash> classes;
  InventoryPart part;
  std::uint64_t part_number = 1;       // Variant::part of the part being built
  std::vector<std::uint32_t> members;  // per module of the part: its group's slot, then its indices
  std::string templ_buf;
  std::vector<std::uint32_t> idx;
  std::vector<std::uint32_t> idx_scratch;
  TensorClass scratch;  // the class of a name that is not cached

  explicit State(const InventoryRules& r) : rules(r), fam(r.fam) {}

  TemplateInfo& info_for(const std::string& templ) {
    auto it = templates.find(templ);
    if (it != templates.end()) return it->second;
    TemplateInfo ti;
    ti.role = fam.role_of(templ);
    ti.safe_excluded = core::glob_match_any(rules.safe_patterns, templ);
    return templates.emplace(templ, std::move(ti)).first->second;
  }

  // Adds one module given its template split (templ/indices) and attributes.
  void add(TemplateInfo& ti, const std::string& templ, bool literal, const std::vector<std::uint32_t>& indices, std::string_view kind,
           std::string_view dtype, const std::uint64_t* shape, std::size_t rank, std::uint64_t linear_modules, bool excluded) {
    bool quantized = linear_modules > 0 && !excluded;
    // A template has a handful of variants at most: a linear scan beats hashing a key.
    Variant* hit = nullptr;
    for (auto& v : ti.variants) {
      const InventoryGroup& g = v.group;
      if (g.linear_modules == linear_modules && g.quantized == quantized && g.literal == literal && same(g.kind, kind) &&
          same(g.dtype, dtype) && same_shape(g.shape, shape, rank)) {
        hit = &v;
        break;
      }
    }
    if (hit == nullptr) {
      Variant v;
      InventoryGroup& g = v.group;
      g.templ = templ;
      g.literal = literal;
      g.role = ti.role;
      g.kind = std::string(kind);
      g.dtype = std::string(dtype);
      g.shape.assign(shape, shape + rank);
      g.linear_modules = linear_modules;
      g.quantized = quantized;
      g.width = indices.size();
      ti.variants.push_back(std::move(v));
      hit = &ti.variants.back();
    }
    if (hit->part != part_number) {  // first module of this group in this part
      hit->slot = static_cast<std::uint32_t>(part.groups.size());
      hit->part = part_number;
      part.groups.push_back(&hit->group);
    }
    members.push_back(hit->slot);
    members.insert(members.end(), indices.begin(), indices.end());
    ++part.module_count;
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
    c.expert_tensor =
        (bare.find(".experts.") != std::string_view::npos || core::glob_match_any(fam.fused_expert_module_patterns, std::string(bare))) &&
        contains(fam.fused_expert_tensor_names, leaf);
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
    } else if (rules.conv1d_family && contains(fam.conv1d_module_suffixes, leaf)) {
      c.kind = "conv1d";  // transformers' Conv1D is not nn.Linear: Quark does not quantize it
    } else if (core::glob_match_any(rules.non_linear_patterns, c.module_templ)) {
      c.kind = "non_linear";  // e.g. MixtralTopKRouter: a 2-D weight, but not an nn.Linear
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
    for (auto& [name, totals] : part.all_by_dtype) {
      if (same(name, dtype)) return totals;
    }
    return part.all_by_dtype.emplace_back(std::string(dtype), DtypeTotals{}).second;
  }
};

ShardScanner::ShardScanner(const InventoryRules& rules) : m_state(std::make_unique<State>(rules)) {}
ShardScanner::~ShardScanner() = default;
ShardScanner::ShardScanner(ShardScanner&&) noexcept = default;

void ShardScanner::add_tensor(const TensorView& t) {
  State& s = *m_state;
  InventoryPart& part = s.part;
  ++part.tensor_count;
  std::uint64_t elems = element_count(t.shape, t.rank);
  auto& all = s.dtype_totals(t.dtype);
  ++all.tensors;
  all.parameters += elems;
  all.bytes += t.bytes;
  part.parameters += elems;

  // A name with braces of its own has no template: it is classified as it is.
  s.idx.clear();
  const TensorClass* c = nullptr;
  if (s.rules.classes_valid && !name_template_scan(t.name, s.templ_buf, s.idx)) {
    c = &s.class_for(s.templ_buf);
  } else {
    s.idx.clear();
    s.scratch = s.classify(t.name, false);
    c = &s.scratch;
    if (!c->literal && c->module != nullptr) {
      name_template_into(t.name.substr(0, t.name.size() - c->suffix), s.templ_buf, s.idx);
    }
  }
  if (c->prequantized) {
    part.has_prequantized_tensors = true;
    std::string templ;
    std::vector<std::uint32_t> numbers;
    name_template_into(t.name, templ, numbers);
    auto at = std::find_if(part.prequantized.begin(), part.prequantized.end(), [&](const auto& e) { return e.first == templ; });
    DtypeTotals& totals =
        at != part.prequantized.end() ? at->second : part.prequantized.emplace_back(std::move(templ), DtypeTotals{}).second;
    ++totals.tensors;
    totals.parameters += elems;
    totals.bytes += t.bytes;
  }

  // Which module does this tensor weigh, if any?
  bool fused = t.rank == 3 && c->expert_tensor && c->kind != "non_linear";
  // DBRX stores each projection of all experts as one 2-D tensor [experts x rows, cols]
  // without a weight suffix; Quark splits it into one nn.Linear per expert.
  const auto& moe = s.rules.facts.moe;
  bool stacked = t.rank == 2 && c->expert_tensor && !c->has_module && c->kind != "non_linear" && moe && moe->num_experts > 0;
  if (!fused && !stacked && (!c->has_module || t.rank != 2)) return;
  std::string_view module = t.name.substr(0, t.name.size() - c->suffix);
  TemplateInfo& ti = *c->module;
  std::string_view kind = c->kind;
  std::uint64_t linear_modules = 0;
  if (fused || stacked) {
    kind = "fused_experts";
    linear_modules = (fused ? t.shape[0] : static_cast<std::uint64_t>(moe->num_experts)) * c->fused_factor;
    part.has_fused_experts = true;
  } else if (kind == "linear") {
    linear_modules = 1;
  } else if (kind == "conv1d") {
    part.has_conv1d = true;
  }
  bool experts = c->experts_role;
  if (experts && kind == "linear") part.has_per_expert_tensors = true;
  if (experts && !s.idx.empty()) {
    auto layer = static_cast<std::int64_t>(s.idx.front());
    if (part.expert_layers.empty() || part.expert_layers.back() != layer) part.expert_layers.push_back(layer);
  }
  const auto& unsafe = s.rules.unsafe_patterns;
  bool excluded = ti.safe_excluded || (!unsafe.empty() && core::glob_match_any(unsafe, module));
  if (c->lm_head_role) part.has_lm_head = true;
  if (!fused && c->first_embedding && !part.embedding) {
    InventoryModule e;
    e.name = std::string(module);
    e.dtype = std::string(t.dtype);
    e.shape.assign(t.shape, t.shape + t.rank);
    part.embedding = std::move(e);
  }
  s.add(ti, c->module_templ, c->literal, s.idx, kind, t.dtype, t.shape, t.rank, linear_modules, excluded);
}

InventoryPart ShardScanner::take_part() {
  State& s = *m_state;
  // Modules come interleaved (gate, up, down of one expert after another); grouped here, on
  // the scanner's thread, the merge copies each group's indices in one piece.
  InventoryPart out = std::move(s.part);
  out.counts.assign(out.groups.size(), 0);
  std::vector<std::size_t> at(out.groups.size() + 1, 0);
  for (std::size_t m = 0; m < s.members.size(); m += 1 + out.groups[s.members[m]]->width) {
    ++out.counts[s.members[m]];
  }
  for (std::size_t g = 0; g < out.groups.size(); ++g) at[g + 1] = at[g] + out.counts[g] * out.groups[g]->width;
  out.indices.resize(at.back());
  for (std::size_t m = 0; m < s.members.size();) {
    std::uint32_t slot = s.members[m];
    std::size_t width = out.groups[slot]->width;
    std::copy_n(s.members.begin() + static_cast<std::ptrdiff_t>(m + 1), width, out.indices.begin() + static_cast<std::ptrdiff_t>(at[slot]));
    at[slot] += width;
    m += 1 + width;
  }
  s.members.clear();
  s.part = InventoryPart{};
  ++s.part_number;  // every variant now starts a new group in the new part
  return out;
}

struct InventoryBuilder::State {
  InventoryRules rules;
  ShardScanner own;  // add_tensor's
  bool own_pending = false;
  LinearInventory inv;
  std::unordered_map<const InventoryGroup*, std::size_t> merged;                  // a part's group -> inv.groups
  std::unordered_map<std::string, std::vector<std::size_t>, NameHash> groups_of;  // template -> inv.groups
  std::deque<InventoryGroup> given;                                               // the groups of add_module's parts
  bool have_lm_head = false;
  std::optional<InventoryModule> embedding;

  State(const ModelFacts& f, const knowledge::ModelFamilies& m, std::vector<std::string> exclusions)
      : rules(f, m, std::move(exclusions)), own(rules) {}

  // The inventory group a part's group goes to: found by what it is the first time a
  // scanner's group comes by, by pointer after that.
  std::size_t group_for(const InventoryGroup* g) {
    if (auto it = merged.find(g); it != merged.end()) return it->second;
    auto& list = groups_of[g->templ];
    auto same_as = std::find_if(list.begin(), list.end(), [&](std::size_t k) { return same_group(inv.groups[k], *g); });
    std::size_t k = 0;
    if (same_as != list.end()) {
      k = *same_as;
    } else {
      k = inv.groups.size();
      list.push_back(k);
      inv.groups.push_back(*g);
    }
    merged.emplace(g, k);
    return k;
  }

  void merge(std::vector<InventoryPart>& parts) {
    // Where each part's groups go, and how large each group will be.
    std::vector<std::vector<std::size_t>> to(parts.size());
    std::vector<std::size_t> sizes(inv.groups.size());
    for (std::size_t p = 0; p < parts.size(); ++p) {
      for (std::size_t s = 0; s < parts[p].groups.size(); ++s) {
        std::size_t k = group_for(parts[p].groups[s]);
        if (k >= sizes.size()) sizes.resize(k + 1, 0);
        sizes[k] += parts[p].counts[s] * parts[p].groups[s]->width;
        to[p].push_back(k);
      }
    }
    for (std::size_t k = 0; k < sizes.size(); ++k) inv.groups[k].indices.reserve(inv.groups[k].indices.size() + sizes[k]);
    for (std::size_t p = 0; p < parts.size(); ++p) {
      merge_into(std::move(parts[p]), to[p]);
    }
  }

  // One part, whose groups go to inv.groups[to[...]].
  void merge_into(InventoryPart&& part, const std::vector<std::size_t>& to) {
    auto from = part.indices.begin();
    for (std::size_t s = 0; s < part.groups.size(); ++s) {
      InventoryGroup& g = inv.groups[to[s]];
      auto n = static_cast<std::ptrdiff_t>(part.counts[s] * g.width);
      g.indices.insert(g.indices.end(), from, from + n);
      g.count += part.counts[s];
      from += n;
    }
    for (const auto& [dtype, t] : part.all_by_dtype) {
      auto& d = inv.all_by_dtype[dtype];
      d.tensors += t.tensors;
      d.parameters += t.parameters;
      d.bytes += t.bytes;
    }
    inv.tensor_count += part.tensor_count;
    inv.parameters += part.parameters;
    inv.module_count += part.module_count;
    inv.has_fused_experts = inv.has_fused_experts || part.has_fused_experts;
    inv.has_per_expert_tensors = inv.has_per_expert_tensors || part.has_per_expert_tensors;
    inv.has_conv1d = inv.has_conv1d || part.has_conv1d;
    inv.has_prequantized_tensors = inv.has_prequantized_tensors || part.has_prequantized_tensors;
    for (auto& entry : part.prequantized) {
      // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
      auto& templ = entry.first;
      const auto& t = entry.second;
      auto at =
          std::find_if(inv.prequantized.begin(), inv.prequantized.end(), [&](const PrequantizedTensors& e) { return e.templ == templ; });
      if (at == inv.prequantized.end()) {
        at = inv.prequantized.emplace(inv.prequantized.end());
        at->templ = std::move(templ);
      }
      at->totals.tensors += t.tensors;
      at->totals.parameters += t.parameters;
      at->totals.bytes += t.bytes;
    }
    inv.expert_layers.insert(inv.expert_layers.end(), part.expert_layers.begin(), part.expert_layers.end());
    have_lm_head = have_lm_head || part.has_lm_head;
    if (!embedding && part.embedding) embedding = std::move(part.embedding);
  }

  void merge_one(InventoryPart&& part) {
    std::vector<InventoryPart> one;
    one.push_back(std::move(part));
    merge(one);
  }

  void merge_own() {
    if (!own_pending) return;
    own_pending = false;
    merge_one(own.take_part());
  }

  // A module given with its attributes, as a part of its own.
  void add_group(const std::string& name, bool literal, const std::string& role, const std::string& kind, const std::string& dtype,
                 const std::vector<std::uint64_t>& shape, std::uint64_t linear_modules, bool quantized, bool tied) {
    InventoryGroup& g = given.emplace_back();
    std::vector<std::uint32_t> indices;
    if (literal) {
      g.templ = name;
    } else {
      name_template_into(name, g.templ, indices);
    }
    g.literal = literal;
    g.role = role;
    g.kind = kind;
    g.dtype = dtype;
    g.shape = shape;
    g.linear_modules = linear_modules;
    g.quantized = quantized;
    g.tied = tied;
    g.width = indices.size();
    InventoryPart part;
    part.groups.push_back(&g);
    part.counts.push_back(1);
    part.indices = std::move(indices);
    part.module_count = 1;
    merge_one(std::move(part));
  }
};

InventoryBuilder::InventoryBuilder(const ModelFacts& facts, const knowledge::ModelFamilies& fam, std::vector<std::string> exclusions)
    : m_state(std::make_unique<State>(facts, fam, std::move(exclusions))) {}

InventoryBuilder::~InventoryBuilder() = default;

const InventoryRules& InventoryBuilder::rules() const { return m_state->rules; }

void InventoryBuilder::add_parts(std::vector<InventoryPart> parts) {
  m_state->merge_own();
  m_state->merge(parts);
}

void InventoryBuilder::add_tensor(const TensorView& t) {
  m_state->own.add_tensor(t);
  m_state->own_pending = true;
}

void InventoryBuilder::add_module(const InventoryModule& m) {
  State& s = *m_state;
  s.merge_own();
  bool literal = m.name.find('{') != std::string::npos || m.name.find('}') != std::string::npos;
  s.add_group(m.name, literal, m.role, m.kind, m.dtype, m.shape, m.linear_modules, m.quantized && m.linear_modules > 0, m.tied);
}

LinearInventory InventoryBuilder::finish() {
  State& s = *m_state;
  s.merge_own();
  LinearInventory& inv = s.inv;
  // A tied lm_head is a real nn.Linear in the loaded model although the checkpoint stores
  // only the embedding; Quark sees it (and usually excludes it).
  if (!s.have_lm_head && s.embedding && s.rules.facts.tie_word_embeddings.value_or(false)) {
    bool excluded = core::glob_match_any(s.rules.safe_patterns, "lm_head") || core::glob_match_any(s.rules.unsafe_patterns, "lm_head");
    s.add_group("lm_head", false, "lm_head", "linear", s.embedding->dtype, s.embedding->shape, 1, !excluded, true);
  }
  // Which pre-quantized tensors belong to a module the inventory counts: the longest suffix
  // off names the module.
  for (auto& pq : inv.prequantized) {
    std::size_t cut = 0;
    for (const auto& suffix : s.rules.fam.pre_quantized_tensor_suffixes) {
      if (suffix.size() > cut && suffix.size() < pq.templ.size() && ends_with(pq.templ, suffix)) cut = suffix.size();
    }
    pq.module = pq.templ.substr(0, pq.templ.size() - cut);
    auto it = s.groups_of.find(pq.module);
    pq.module_counted = it != s.groups_of.end() &&
                        std::any_of(it->second.begin(), it->second.end(), [&](std::size_t k) { return inv.groups[k].linear_modules > 0; });
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
