#include "artifacts/analysis_upgrade.h"

#include "artifacts/spellings.h"

namespace artifacts {

namespace {

const std::vector<Spelling>& spellings() {
  static const std::vector<Spelling> table = {
      {"model/model_path", SpellingKind::text, {"model/source"}},
      {"source/revision", SpellingKind::text, {"model/revision"}},
      {"source/commit", SpellingKind::text, {"model/commit"}},
      {"files/tokenizer_files", SpellingKind::texts, {"tokenizer/files", "model/tokenizer_files", "tokenizer_files"}},
      {"model/dtype",
       SpellingKind::text,
       {"model/torch_dtype", "config/torch_dtype", "architecture/dtype", "inventory/dtype", "weights/dtype"}},
      {"architecture/hidden_size", SpellingKind::integer, {"config/hidden_size", "model/hidden_size", "hidden_size"}},
      {"architecture/intermediate_size",
       SpellingKind::integer,
       {"config/intermediate_size", "model/intermediate_size", "intermediate_size"}},
      {"architecture/num_hidden_layers",
       SpellingKind::integer,
       {"config/num_hidden_layers", "model/num_hidden_layers", "num_hidden_layers"}},
      {"architecture/num_attention_heads",
       SpellingKind::integer,
       {"config/num_attention_heads", "model/num_attention_heads", "num_attention_heads"}},
      {"architecture/num_key_value_heads",
       SpellingKind::integer,
       {"config/num_key_value_heads", "model/num_key_value_heads", "num_key_value_heads"}},
      {"architecture/head_dim", SpellingKind::integer, {"config/head_dim", "model/head_dim", "head_dim"}},
      {"architecture/vocab_size", SpellingKind::integer, {"config/vocab_size", "model/vocab_size", "vocab_size"}},
      {"architecture/tie_word_embeddings", SpellingKind::flag, {"config/tie_word_embeddings", "model/tie_word_embeddings"}},
      {"moe/num_experts",
       SpellingKind::integer,
       {"architecture/num_experts", "architecture/num_local_experts", "architecture/n_routed_experts", "config/num_experts",
        "config/num_local_experts", "config/n_routed_experts", "model/num_experts"}},
      {"moe/moe_intermediate_size",
       SpellingKind::integer,
       {"architecture/moe_intermediate_size", "config/moe_intermediate_size", "model/moe_intermediate_size"}},
      {"moe/experts_per_token",
       SpellingKind::integer,
       {"architecture/num_experts_per_tok", "config/num_experts_per_tok", "model/num_experts_per_tok"}},
  };
  return table;
}

}  // namespace

core::Json upgrade_model_analysis(const core::Json& doc) {
  core::Json out = doc;
  if (out.is_object()) carry_spellings(out, doc, spellings());
  return out;
}

core::Result<ModelAnalysis> read_model_analysis(const core::Json& doc) { return ModelAnalysis::from_json(upgrade_model_analysis(doc)); }

}  // namespace artifacts
