#include "intake/model_reading.h"

#include <algorithm>

#include "intake/shard_pool.h"
#include "knowledge/tokenizer_fixups.h"

namespace intake {

namespace {

bool has_utf8_bom(std::string_view text) { return text.substr(0, 3) == "\xEF\xBB\xBF"; }

// config.json, which must be there and parse, and generation_config.json, which may be
// missing but breaks loading when it does not parse.
core::Result<void> read_configs(ModelFiles& files, const knowledge::ModelFamilies& fam, ModelReading& r) {
  QPTQ_TRY_ASSIGN(auto config_text, files.read_small("config.json"));
  if (!config_text) {
    return core::make_error(core::ExitCode::bad_input, "intake.config_missing").with("path", files.describe("config.json"));
  }
  // transformers reads it as UTF-8 text and json refuses a byte-order mark; so do we, rather
  // than analyse a model that cannot load.
  if (has_utf8_bom(*config_text)) {
    return core::make_error(core::ExitCode::bad_input, "intake.config_bom").with("path", files.describe("config.json"));
  }
  QPTQ_TRY_ASSIGN(core::Json config, core::parse_json(*config_text, files.describe("config.json")));
  QPTQ_TRY_ASSIGN(r.facts, read_config_facts(config, fam, files.describe("config.json")));

  QPTQ_TRY_ASSIGN(auto gen_text, files.read_small("generation_config.json"));
  r.has_generation_config = gen_text.has_value();
  if (gen_text && (has_utf8_bom(*gen_text) || !core::parse_json(*gen_text, files.describe("generation_config.json")))) {
    r.invalid_generation_config = files.describe("generation_config.json");
  }
  return core::ok();
}

std::vector<std::string> tokenizer_files(const std::vector<FileEntry>& listing, const knowledge::ModelFamilies& fam) {
  std::vector<std::string> out;
  for (const auto& f : listing) {
    if (std::find(fam.tokenizer_files.begin(), fam.tokenizer_files.end(), f.name) != fam.tokenizer_files.end()) {
      out.push_back(f.name);
    }
  }
  return out;
}

// One shard's header and inventory part, read on whichever thread got to it.
struct ShardOutcome {
  std::optional<core::Result<ShardHeader>> header;
  InventoryPart part;
};

// The header reads of one model: the workers start on the shards the listing shows while
// the calling thread reads the index, which decides which shards count; each shard's
// tensors become an inventory part, taken afterwards in the index's shard order (so the
// inventory and the first error do not depend on the threads).
class ShardReads {
 public:
  ShardReads(ModelFiles& files, ShardPool& pool, const InventoryRules& rules, std::vector<std::string> listed)
      : m_files(files), m_pool(pool), m_listed(std::move(listed)), m_outcomes(m_listed.size()) {
    for (unsigned k = 0; k < pool.threads(); ++k) m_scanners.emplace_back(rules);
  }
  ~ShardReads() { m_pool.stop(); }  // before the scanners and outcomes the workers use go away
  ShardReads(const ShardReads&) = delete;
  ShardReads& operator=(const ShardReads&) = delete;

  void start() {
    if (m_pool.threads() > 1) {
      m_pool.start(m_listed.size(), [this](unsigned worker, std::size_t k) { return read(worker, m_listed[k], m_outcomes[k]); });
    }
  }

  // Each shard of `weights` in order: its headers' totals into `r`, its part into `parts`.
  core::Result<void> take(const WeightFiles& weights, ModelReading& r, std::vector<InventoryPart>& parts) {
    m_pool.finish();
    parts.reserve(weights.shards.size());
    for (const std::string& shard : weights.shards) {
      ShardOutcome now;
      ShardOutcome* done = &now;
      auto at = std::lower_bound(m_listed.begin(), m_listed.end(), shard);
      auto k = static_cast<std::size_t>(at - m_listed.begin());
      if (at != m_listed.end() && *at == shard && m_pool.ran(k)) {
        done = &m_outcomes[k];
      } else {
        read(m_pool.threads() - 1, shard, now);  // not listed, or not reached before a failure
      }
      if (!*done->header) return core::fail(std::move(*done->header).error());
      const ShardHeader& h = **done->header;
      r.header_bytes += 8 + h.header.header_length;
      r.declared_bytes += h.file_size;
      if (h.header.tensor_count == 0) r.empty_shards.push_back(shard);
      for (const auto& u : h.header.unknown_dtypes) {
        if (std::find(r.unknown_dtypes.begin(), r.unknown_dtypes.end(), u) == r.unknown_dtypes.end()) r.unknown_dtypes.push_back(u);
      }
      if (weights.index) QPTQ_TRY(check_against_index(*weights.index, shard, h));
      parts.push_back(std::move(done->part));
    }
    return core::ok();
  }

 private:
  bool read(unsigned worker, const std::string& shard, ShardOutcome& out) {
    ShardScanner& scanner = m_scanners[worker];
    out.header = m_files.read_header(shard, [&scanner](const TensorView& t) { scanner.add_tensor(t); });
    out.part = scanner.take_part();
    return out.header->has_value();
  }

  // The index must agree with the headers it points at.
  core::Result<void> check_against_index(const SafetensorsIndex& index, const std::string& shard, const ShardHeader& h) const {
    auto shard_id = static_cast<std::size_t>(std::find(index.shards.begin(), index.shards.end(), shard) - index.shards.begin());
    std::size_t expected = index.shard_tensors[shard_id];
    if (expected == h.header.tensor_count) return core::ok();
    return core::make_error(core::ExitCode::bad_input, "intake.index_mismatch")
        .with("index", m_files.describe(kIndexFileName))
        .with("shard", shard)
        .with("expected", std::to_string(expected))
        .with("actual", std::to_string(h.header.tensor_count));
  }

  ModelFiles& m_files;
  ShardPool& m_pool;
  std::vector<std::string> m_listed;     // sorted
  std::vector<ShardScanner> m_scanners;  // one per thread
  std::vector<ShardOutcome> m_outcomes;  // one per listed shard
};

unsigned header_threads(const ModelFiles& files, unsigned asked, std::size_t listed_shards) {
  if (!files.concurrent_headers()) return 1;
  return asked != 0 ? asked : header_threads_for(listed_shards);
}

// The auto_map entries of tokenizer_config.json (a string or a [slow, fast] pair per class);
// none when the file is absent. A tokenizer_config.json that is not JSON is refused here:
// quark-cli loads the tokenizer from it, and would fail only after the person approved the run.
core::Result<std::vector<std::string>> tokenizer_auto_map(ModelFiles& files, const std::vector<FileEntry>& listing) {
  std::vector<std::string> out;
  bool listed = std::any_of(listing.begin(), listing.end(), [](const FileEntry& f) { return f.name == "tokenizer_config.json"; });
  if (!listed) return out;
  QPTQ_TRY_ASSIGN(auto text, files.read_small("tokenizer_config.json"));
  if (!text) return out;
  auto doc = core::parse_json(*text, "tokenizer_config.json");
  if (!doc) {
    return core::make_error(core::ExitCode::bad_input, "intake.tokenizer_config_invalid")
        .with("path", files.describe("tokenizer_config.json"))
        .with("offset", doc.error().arg("offset") != nullptr ? *doc.error().arg("offset") : "?");
  }
  const core::Json* map = core::json_object(*doc, "auto_map");
  if (map == nullptr) return out;
  for (auto it = map->begin(); it != map->end(); ++it) {
    const core::Json& v = it.value();
    if (v.is_string()) out.push_back(v.get<std::string>());
    if (v.is_array()) {
      for (const auto& x : v) {
        if (x.is_string()) out.push_back(x.get<std::string>());
      }
    }
  }
  return out;
}

// The largest token id tokenizer.json defines (its model's vocab, a {token: id} map or a
// Unigram [[token, score], ...] list, and its added tokens); nullopt when it is absent or not
// JSON: then nothing is claimed about the ids.
core::Result<std::optional<std::int64_t>> tokenizer_max_id(ModelFiles& files, const std::vector<FileEntry>& listing) {
  bool listed = std::any_of(listing.begin(), listing.end(), [](const FileEntry& f) { return f.name == "tokenizer.json"; });
  if (!listed) return std::optional<std::int64_t>();
  QPTQ_TRY_ASSIGN(auto text, files.read_small("tokenizer.json"));
  if (!text) return std::optional<std::int64_t>();
  auto doc = core::parse_json(*text, "tokenizer.json");
  if (!doc) return std::optional<std::int64_t>();
  std::int64_t max_id = -1;
  if (const core::Json* vocab = core::json_at(*doc, "model/vocab")) {
    if (vocab->is_object()) {
      for (auto it = vocab->begin(); it != vocab->end(); ++it) {
        if (it.value().is_number_integer()) max_id = std::max(max_id, it.value().get<std::int64_t>());
      }
    } else if (vocab->is_array()) {
      max_id = std::max(max_id, static_cast<std::int64_t>(vocab->size()) - 1);
    }
  }
  if (const core::Json* added = core::json_array(*doc, "added_tokens")) {
    for (const auto& t : *added) {
      if (auto id = core::json_int(t, "id")) max_id = std::max(max_id, *id);
    }
  }
  return max_id < 0 ? std::optional<std::int64_t>() : std::optional<std::int64_t>(max_id);
}

// The pad token id quark-cli of the newest shipped release forces for this model type, if any.
std::optional<std::int64_t> forced_pad_token_id(const TemplateMatch& templates, const std::string& model_type) {
  if (templates.newest_version.empty()) return std::nullopt;
  auto fixups = knowledge::TokenizerFixups::load(templates.newest_version);
  if (!fixups) return std::nullopt;  // a release that was not read for it claims nothing
  return fixups->forced_pad_for(model_type);
}

}  // namespace

core::Result<ModelReading> read_model(ModelFiles& files, const knowledge::ModelFamilies& fam, const ReadOptions& options) {
  ModelReading r;
  QPTQ_TRY_ASSIGN(r.listing, files.list());
  std::vector<std::string> listed = listed_shards(r.listing);
  // The header threads start now, so that they have a core by the time they have work.
  ShardPool pool(header_threads(files, options.header_threads, listed.size()));
  QPTQ_TRY(read_configs(files, fam, r));
  r.tokenizer_files = tokenizer_files(r.listing, fam);
  QPTQ_TRY_ASSIGN(r.tokenizer_auto_map, tokenizer_auto_map(files, r.listing));
  r.templates = match_templates(r.facts.model_type);
  r.forced_pad_token_id = forced_pad_token_id(r.templates, r.facts.model_type);
  if (r.forced_pad_token_id) {
    QPTQ_TRY_ASSIGN(r.tokenizer_max_id, tokenizer_max_id(files, r.listing));
  }

  InventoryBuilder builder(r.facts, fam, r.templates.exclusions());
  ShardReads reads(files, pool, builder.rules(), std::move(listed));  // parts point into its scanners
  reads.start();
  QPTQ_TRY_ASSIGN(r.weights, find_weight_files(files, r.listing, options.missing_shards));
  std::vector<InventoryPart> parts;
  QPTQ_TRY(reads.take(r.weights, r, parts));
  builder.add_parts(std::move(parts));
  if (r.weights.format == WeightsFormat::safetensors && r.weights.missing_shards.empty() && !r.weights.shards.empty()) {
    r.inventory = builder.finish();
  } else if (options.oracle != nullptr && options.oracle->unavailable.empty()) {
    r.inventory = inventory_from_oracle(*options.oracle, r.facts, fam, r.templates.exclusions());
    r.inventory_source = "model_oracle";
  } else {
    QPTQ_TRY_ASSIGN(r.estimate, estimate_linears(r.facts, fam, r.templates.exclusions(), files.describe("config.json")));
  }
  if (options.oracle != nullptr) {
    r.oracle = *options.oracle;
    r.oracle->linears.clear();  // recorded through the inventory, not twice
  }
  return r;
}

}  // namespace intake
