#include "workflow/corrections.h"

#include <algorithm>
#include <charconv>
#include <iterator>

#include "core/text.h"

namespace workflow {

namespace {

constexpr CorrectableField kCorrectable[] = {
    {"model.model_type", "the Quark template the plan uses and its model type"},
    {"model.trust_remote_code", "whether the plan lets the model's own code run"},
    {"quantization_targets.exclude_defaults", "the layers the plan leaves unquantized (--exclude_layers)"},
};

bool same_kind(const core::Json& a, const core::Json& b) {
  if (a.is_number() && b.is_number()) {
    // An integer field keeps integers; a float field accepts both.
    return !a.is_number_float() ? !b.is_number_float() : true;
  }
  return a.type() == b.type();
}

// The typed value for `text` replacing `current` (nullptr when the key is new).
core::Json typed_value(const core::Json* current, const std::string& text) {
  auto parsed = core::parse_json(text, "--set");
  bool is_json = parsed.has_value();
  if (is_json && (current == nullptr || current->is_null() || parsed->is_null() || same_kind(*current, *parsed))) {
    return *parsed;
  }
  if (current != nullptr && current->is_string()) return text;
  if (current != nullptr && current->is_array()) {
    core::Json list = core::Json::array();
    if (core::trim(text, " \t").empty()) return list;
    for (const auto& item : core::split(text, ',')) list.push_back(std::string(core::trim(item, " \t")));
    return list;
  }
  return is_json ? *parsed : core::Json(text);
}

core::Error path_error(const Correction& c, std::string_view why) {
  return core::make_error(core::ExitCode::usage, "workflow.correction_path").with("key", c.key).with("why", std::string(why));
}

std::optional<std::size_t> as_index(const std::string& seg) {
  std::size_t v = 0;
  auto [p, ec] = std::from_chars(seg.data(), seg.data() + seg.size(), v);
  if (ec != std::errc() || p != seg.data() + seg.size()) return std::nullopt;
  return v;
}

}  // namespace

std::span<const CorrectableField> correctable_fields() { return kCorrectable; }

std::string correctable_keys() {
  std::string out;
  for (const auto& f : kCorrectable) out += std::string(out.empty() ? "" : ", ") + std::string(f.key);
  return out;
}

core::Result<Correction> parse_correction(std::string_view text) {
  auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0) {
    return core::make_error(core::ExitCode::usage, "workflow.correction_syntax").with("text", std::string(text));
  }
  Correction c{std::string(core::trim(text.substr(0, eq), " \t")), std::string(text.substr(eq + 1))};
  for (const auto& seg : core::split(c.key, '.')) {
    if (seg.empty()) return core::make_error(core::ExitCode::usage, "workflow.correction_syntax").with("text", std::string(text));
  }
  return c;
}

core::Result<CorrectedAnalysis> apply_corrections(const core::Json& doc, const std::vector<Correction>& corrections) {
  CorrectedAnalysis result{doc, {}, false};
  core::Json& out = result.doc;
  for (const auto& c : corrections) {
    const bool correctable =
        std::any_of(std::begin(kCorrectable), std::end(kCorrectable), [&](const CorrectableField& f) { return f.key == c.key; });
    if (!correctable) {
      return core::make_error(core::ExitCode::usage, "workflow.correction_not_correctable")
          .with("key", c.key)
          .with("keys", correctable_keys());
    }
    auto segs = core::split(c.key, '.');
    core::Json* node = &out;
    for (std::size_t i = 0; i + 1 < segs.size(); ++i) {
      if (node->is_array()) {
        auto idx = as_index(segs[i]);
        if (!idx || *idx >= node->size()) return path_error(c, segs[i]);
        node = &(*node)[*idx];
      } else if (node->is_object()) {
        if (!node->contains(segs[i])) (*node)[segs[i]] = core::Json::object();
        node = &(*node)[segs[i]];
      } else {
        return path_error(c, segs[i]);
      }
    }
    const std::string& last = segs.back();
    core::Json* slot = nullptr;
    if (node->is_array()) {
      auto idx = as_index(last);
      if (!idx || *idx >= node->size()) return path_error(c, last);
      slot = &(*node)[*idx];
    } else if (node->is_object()) {
      if (node->contains(last)) slot = &(*node)[last];
    } else {
      return path_error(c, last);
    }
    core::Json from = slot != nullptr ? *slot : core::Json(nullptr);
    core::Json to = typed_value(slot, c.value);
    if (slot != nullptr) {
      *slot = to;
    } else {
      (*node)[last] = to;
    }
    result.exclusions_corrected = result.exclusions_corrected || c.key == "quantization_targets.exclude_defaults";
    auto same = std::find_if(result.applied.begin(), result.applied.end(), [&](const auto& a) { return a.key == c.key; });
    if (same != result.applied.end()) {
      same->to = std::move(to);
    } else {
      result.applied.push_back({c.key, std::move(from), std::move(to)});
    }
  }
  return result;
}

}  // namespace workflow
