#include "intake/linear_inventory.h"

#include <algorithm>
#include <unordered_map>

#include "core/glob_match.h"

namespace intake {

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool is_index_segment(std::string_view seg) {
  if (seg.empty() || seg.size() > 9) return false;
  if (seg.size() > 1 && seg[0] == '0') return false;
  return std::all_of(seg.begin(), seg.end(), [](char c) { return c >= '0' && c <= '9'; });
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

// Caches per-template answers for template-safe patterns; evaluates the rest per name.
class PatternSet {
 public:
  explicit PatternSet(const std::vector<std::string>& patterns) {
    for (const auto& p : patterns) (template_safe(p) ? m_safe : m_unsafe).push_back(p);
  }
  bool match(const std::string& name, const std::string& templ) {
    auto it = m_cache.find(templ);
    bool safe_hit = false;
    if (it == m_cache.end()) {
      safe_hit = core::glob_match_any(m_safe, templ);
      m_cache.emplace(templ, safe_hit);
    } else {
      safe_hit = it->second;
    }
    return safe_hit || (!m_unsafe.empty() && core::glob_match_any(m_unsafe, name));
  }

 private:
  std::vector<std::string> m_safe;
  std::vector<std::string> m_unsafe;
  std::unordered_map<std::string, bool> m_cache;
};

std::uint64_t element_count(const std::vector<std::uint64_t>& shape) {
  std::uint64_t n = 1;
  for (auto d : shape) {
    if (__builtin_mul_overflow(n, d, &n)) return UINT64_MAX;  // the header parser already refused this
  }
  return n;
}

}  // namespace

std::string name_template(std::string_view name, std::vector<std::uint32_t>* indices) {
  std::string out;
  out.reserve(name.size());
  std::size_t start = 0;
  while (start <= name.size()) {
    std::size_t dot = name.find('.', start);
    std::string_view seg = name.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (is_index_segment(seg)) {
      out += "{}";
      if (indices != nullptr) {
        std::uint32_t v = 0;
        for (char c : seg) v = v * 10 + static_cast<std::uint32_t>(c - '0');
        indices->push_back(v);
      }
    } else {
      out += seg;
    }
    if (dot == std::string_view::npos) break;
    out += '.';
    start = dot + 1;
  }
  return out;
}

LinearInventory build_inventory(const std::vector<TensorInfo>& tensors, const ModelFacts& facts,
                                const knowledge::ModelFamilies& fam, const std::vector<std::string>& exclusions) {
  LinearInventory inv;
  std::unordered_map<std::string, std::string> role_cache;  // template -> role
  PatternSet excluded(exclusions);
  bool conv1d_family = fam.is_conv1d_family(facts.model_type);
  std::size_t embed_index = 0;
  bool have_embed = false;
  bool have_lm_head = false;

  auto role_for = [&](const std::string& templ) {
    auto it = role_cache.find(templ);
    if (it != role_cache.end()) return it->second;
    std::string role = fam.role_of(templ);
    role_cache.emplace(templ, role);
    return role;
  };

  for (const auto& t : tensors) {
    ++inv.tensor_count;
    std::uint64_t elems = element_count(t.shape);
    auto& all = inv.all_by_dtype[t.dtype];
    ++all.tensors;
    all.parameters += elems;
    all.bytes += t.end - t.begin;
    inv.parameters += elems;
    for (const auto& s : fam.pre_quantized_tensor_suffixes) {
      if (ends_with(t.name, s)) inv.has_prequantized_tensors = true;
    }

    // Which module does this tensor weigh, if any?
    std::string module;
    for (const auto& s : fam.linear_weight_suffixes) {
      if (ends_with(t.name, s)) {
        module = t.name.substr(0, t.name.size() - s.size());
        break;
      }
    }
    std::string bare = module.empty() ? t.name : module;
    bool fused = t.shape.size() == 3 && bare.find(".experts.") != std::string::npos &&
                 std::find(fam.fused_expert_tensor_names.begin(), fam.fused_expert_tensor_names.end(),
                           last_segment(bare)) != fam.fused_expert_tensor_names.end();
    if (!fused && (module.empty() || t.shape.size() != 2)) continue;
    if (fused) module = bare;

    std::vector<std::uint32_t> idx;
    std::string templ = name_template(module, &idx);
    InventoryModule m;
    m.name = module;
    m.role = role_for(templ);
    m.dtype = t.dtype;
    m.shape = t.shape;
    if (fused) {
      m.kind = "fused_experts";
      bool gate_up = std::find(fam.fused_gate_up_names.begin(), fam.fused_gate_up_names.end(),
                               last_segment(module)) != fam.fused_gate_up_names.end();
      m.linear_modules = t.shape[0] * (gate_up ? 2 : 1);  // Quark unfuses into per-expert Linears
      inv.has_fused_experts = true;
    } else if (std::find(fam.non_linear_roles.begin(), fam.non_linear_roles.end(), m.role) != fam.non_linear_roles.end()) {
      m.kind = "embedding";
    } else if (conv1d_family && std::find(fam.conv1d_module_suffixes.begin(), fam.conv1d_module_suffixes.end(),
                                          last_segment(module)) != fam.conv1d_module_suffixes.end()) {
      m.kind = "conv1d";  // transformers' Conv1D is not nn.Linear: Quark does not quantize it
      inv.has_conv1d = true;
    } else {
      m.kind = "linear";
      m.linear_modules = 1;
    }
    if (m.role == "experts" && m.kind == "linear") inv.has_per_expert_tensors = true;
    if (m.role == "experts" && !idx.empty()) {
      auto layer = static_cast<std::int64_t>(idx.front());
      if (inv.expert_layers.empty() || inv.expert_layers.back() != layer) inv.expert_layers.push_back(layer);
    }
    m.quantized = m.linear_modules > 0 && !excluded.match(module, templ);
    if (m.role == "lm_head") have_lm_head = true;
    if (m.kind == "embedding" && !have_embed && last_segment(module) != "wpe") {
      have_embed = true;
      embed_index = inv.modules.size();
    }
    inv.modules.push_back(std::move(m));
  }

  // A tied lm_head is a real nn.Linear in the loaded model although the checkpoint stores
  // only the embedding; Quark sees it (and usually excludes it).
  if (!have_lm_head && have_embed && facts.tie_word_embeddings.value_or(false)) {
    const InventoryModule* embed = &inv.modules[embed_index];
    InventoryModule m;
    m.name = "lm_head";
    m.role = "lm_head";
    m.kind = "linear";
    m.dtype = embed->dtype;
    m.shape = embed->shape;
    m.linear_modules = 1;
    m.tied = true;
    m.quantized = !excluded.match(m.name, m.name);
    inv.modules.push_back(std::move(m));
  }

  std::sort(inv.expert_layers.begin(), inv.expert_layers.end());
  inv.expert_layers.erase(std::unique(inv.expert_layers.begin(), inv.expert_layers.end()), inv.expert_layers.end());
  for (const auto& m : inv.modules) {
    if (m.linear_modules == 0) continue;
    std::uint64_t elems = element_count(m.shape);
    auto& r = inv.by_role[m.role];
    r.linear_modules += m.linear_modules;
    r.parameters += elems;
    inv.linear_modules += m.linear_modules;
    inv.linear_parameters += elems;
    if (!m.tied) {
      auto& d = inv.linear_by_dtype[m.dtype];
      ++d.tensors;
      d.parameters += elems;
      unsigned bits = dtype_bits(m.dtype);
      d.bytes += bits == 0 ? 0 : elems * bits / 8;
    }
    if (m.quantized) {
      r.quantized_modules += m.linear_modules;
      inv.quantized_modules += m.linear_modules;
      inv.quantized_parameters += elems;
    }
  }
  return inv;
}

}  // namespace intake
