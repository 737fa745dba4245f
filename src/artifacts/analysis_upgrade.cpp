#include "artifacts/analysis_upgrade.h"

#include <string_view>
#include <vector>

namespace artifacts {

namespace {

enum class Kind { text, integer, flag, texts };

// A current field and its older spellings, first preferred. Paths are '/'-separated keys.
struct Spelling {
  const char* current;
  Kind kind;
  std::vector<const char*> older;
};

const std::vector<Spelling>& spellings() {
  static const std::vector<Spelling> table = {
      {"model/model_path", Kind::text, {"model/source"}},
      {"source/revision", Kind::text, {"model/revision"}},
      {"source/commit", Kind::text, {"model/commit"}},
      {"files/tokenizer_files", Kind::texts, {"tokenizer/files", "model/tokenizer_files", "tokenizer_files"}},
      {"model/dtype", Kind::text, {"model/torch_dtype", "config/torch_dtype", "architecture/dtype", "inventory/dtype", "weights/dtype"}},
      {"architecture/hidden_size", Kind::integer, {"config/hidden_size", "model/hidden_size", "hidden_size"}},
      {"architecture/intermediate_size", Kind::integer, {"config/intermediate_size", "model/intermediate_size", "intermediate_size"}},
      {"architecture/num_hidden_layers", Kind::integer, {"config/num_hidden_layers", "model/num_hidden_layers", "num_hidden_layers"}},
      {"architecture/num_attention_heads",
       Kind::integer,
       {"config/num_attention_heads", "model/num_attention_heads", "num_attention_heads"}},
      {"architecture/num_key_value_heads",
       Kind::integer,
       {"config/num_key_value_heads", "model/num_key_value_heads", "num_key_value_heads"}},
      {"architecture/head_dim", Kind::integer, {"config/head_dim", "model/head_dim", "head_dim"}},
      {"architecture/vocab_size", Kind::integer, {"config/vocab_size", "model/vocab_size", "vocab_size"}},
      {"architecture/tie_word_embeddings", Kind::flag, {"config/tie_word_embeddings", "model/tie_word_embeddings"}},
      {"moe/num_experts",
       Kind::integer,
       {"architecture/num_experts", "architecture/num_local_experts", "architecture/n_routed_experts", "config/num_experts",
        "config/num_local_experts", "config/n_routed_experts", "model/num_experts"}},
      {"moe/moe_intermediate_size",
       Kind::integer,
       {"architecture/moe_intermediate_size", "config/moe_intermediate_size", "model/moe_intermediate_size"}},
      {"moe/experts_per_token",
       Kind::integer,
       {"architecture/num_experts_per_tok", "config/num_experts_per_tok", "model/num_experts_per_tok"}},
  };
  return table;
}

const core::Json* at(const core::Json& doc, std::string_view path) {
  const core::Json* node = &doc;
  while (!path.empty()) {
    const std::size_t slash = path.find('/');
    const std::string_view key = path.substr(0, slash);
    if (!node->is_object()) return nullptr;
    auto it = node->find(key);
    if (it == node->end()) return nullptr;
    node = &*it;
    path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
  }
  return node->is_null() ? nullptr : node;
}

// The value as the current field takes it, or null when it is not of the field's kind (an
// older reader skipped such a spelling and took the next).
core::Json as_kind(const core::Json& v, Kind kind) {
  switch (kind) {
    case Kind::text:
      return v.is_string() ? v : core::Json(nullptr);
    case Kind::integer:
      return v.is_number() ? v : core::Json(nullptr);
    case Kind::flag:
      return v.is_boolean() ? v : core::Json(nullptr);
    case Kind::texts:
      break;
  }
  if (!v.is_array()) return nullptr;
  core::Json names = core::Json::array();
  for (const auto& name : v) {
    if (name.is_string()) names.push_back(name);
  }
  return names;
}

// Sets `path` in `doc`, making the objects on the way; false (nothing set) when a key on the
// way holds something other than an object.
bool put(core::Json& doc, std::string_view path, core::Json value) {
  core::Json* node = &doc;
  while (true) {
    if (node->is_null()) *node = core::Json::object();
    if (!node->is_object()) return false;
    const std::size_t slash = path.find('/');
    core::Json& child = (*node)[std::string(path.substr(0, slash))];
    if (slash == std::string_view::npos) {
      child = std::move(value);
      return true;
    }
    node = &child;
    path = path.substr(slash + 1);
  }
}

}  // namespace

core::Json upgrade_model_analysis(const core::Json& doc) {
  core::Json out = doc;
  if (!out.is_object()) return out;
  for (const Spelling& s : spellings()) {
    if (at(out, s.current) != nullptr) continue;
    for (const char* older : s.older) {
      const core::Json* v = at(doc, older);
      if (v == nullptr) continue;
      core::Json value = as_kind(*v, s.kind);
      if (value.is_null()) continue;
      put(out, s.current, std::move(value));
      break;
    }
  }
  return out;
}

core::Result<ModelAnalysis> read_model_analysis(const core::Json& doc) { return ModelAnalysis::from_json(upgrade_model_analysis(doc)); }

}  // namespace artifacts
