#include "manifest/estimate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "knowledge/estimate_constants.h"
#include "knowledge/release_data.h"
#include "knowledge/schemes.h"

namespace manifest {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

using knowledge::EstimateConstants;

double gib(double bytes) { return bytes / kGiB; }
double round2(double v) { return std::round(v * 100.0) / 100.0; }

struct Shape {
  double hidden = 0, inter = 0, expert_inter = 0, layers = 0, heads = 0, kv_heads = 0, head_dim = 0, vocab = 0, experts = 0;
  bool moe = false;
};

Shape shape_of(const ModelSize& s) {
  Shape sh;
  sh.hidden = static_cast<double>(s.hidden_size);
  sh.inter = static_cast<double>(s.intermediate_size > 0 ? s.intermediate_size : 4 * s.hidden_size);
  sh.layers = static_cast<double>(s.num_layers);
  sh.heads = static_cast<double>(s.num_attention_heads > 0 ? s.num_attention_heads : std::max<std::int64_t>(1, s.hidden_size / 128));
  sh.kv_heads = static_cast<double>(s.num_key_value_heads > 0 ? s.num_key_value_heads : static_cast<std::int64_t>(sh.heads));
  sh.head_dim = s.head_dim > 0 ? static_cast<double>(s.head_dim) : (sh.heads > 0 ? sh.hidden / sh.heads : 0);
  sh.vocab = static_cast<double>(s.vocab_size);
  sh.experts = static_cast<double>(std::max<std::int64_t>(1, s.num_experts));
  sh.moe = s.num_experts > 1;
  sh.expert_inter = s.moe_intermediate_size > 0 ? static_cast<double>(s.moe_intermediate_size) : sh.inter;
  return sh;
}

// Parameters from config arithmetic: attention q/k/v/o, gated MLP (per expert), embeddings.
void parameters_from_config(const ModelSize& s, const Shape& sh, double& total, double& quantized) {
  double attn = sh.hidden * sh.heads * sh.head_dim * 2 + sh.hidden * sh.kv_heads * sh.head_dim * 2;
  double mlp = sh.moe ? 3 * sh.hidden * sh.expert_inter * sh.experts + sh.hidden * sh.experts : 3 * sh.hidden * sh.inter;
  quantized = sh.layers * (attn + mlp);
  double embeddings = sh.vocab * sh.hidden * (s.tied_embeddings ? 1 : 2);
  total = quantized + embeddings + sh.layers * 2 * sh.hidden;
}

// The activations of one forward pass of `batch` x `seq` tokens.
struct Forward {
  double batch = 1;
  double seq = 0;
  bool eager_scores = false;  // the attention scores materialised (calibration's eager attention)
};

double activations_bytes(const EstimateConstants& k, const Shape& sh, const Forward& f, double load_bytes) {
  const auto& a = k.activation;
  double hidden = a.hidden_copies * f.batch * f.seq * sh.hidden * load_bytes;
  double scores = f.eager_scores ? a.attention_score_bytes_per_element * f.batch * sh.heads * f.seq * f.seq : 0;
  double mlp = a.mlp_copies * f.batch * f.seq * (sh.moe ? sh.expert_inter : sh.inter) * load_bytes;
  double logits = a.logit_bytes * f.batch * f.seq * sh.vocab;
  return std::max(hidden + std::max(scores, mlp), logits);
}

// Fake quantize/dequantize temporaries of the largest quantized Linear weight.
double weight_temp_bytes(const EstimateConstants& k, const Shape& sh) {
  double largest = std::max({sh.hidden * sh.heads * sh.head_dim, sh.hidden * (sh.moe ? sh.expert_inter : sh.inter)});
  return k.activation.weight_temp_copies * k.activation.weight_temp_bytes * largest;
}

double algorithm_bytes(const EstimateConstants& k, const std::vector<std::string>& algos, const Shape& sh, const Calibration& c,
                       double load_bytes) {
  double total = 0;
  double samples = static_cast<double>(c.num_calib_data) * static_cast<double>(c.seq_len);
  for (const auto& a : algos) {
    const knowledge::AlgorithmCost* cfg = k.algorithm(a);
    if (cfg == nullptr || cfg->layerwise) continue;
    double hessians = cfg->hessian_copies * 4 * (6 * sh.hidden * sh.hidden + sh.inter * sh.inter);
    double io = cfg->cached_io * samples * sh.hidden * load_bytes;
    double inputs = cfg->linear_inputs ? samples * (sh.hidden + sh.inter) * load_bytes : 0;
    total = std::max(total, hessians + io + inputs);  // algorithms run one after another
  }
  return total;
}

// Output rows of one clip-search chunk (awq.py _compute_best_clip: 256 when out_features
// divides by 256, otherwise 64), never more than the Linear has.
double clip_rows(const knowledge::AlgorithmCost::Layerwise& lw, double out_features) {
  double rows = std::fmod(out_features, lw.clip_out_channels) == 0 ? lw.clip_out_channels : lw.clip_out_channels_unaligned;
  return std::min(rows, out_features);
}

// Tokens the clip search keeps of n (awq.py: input_feat[:, 0 :: n // min(n, clip_tokens)]): the
// stride rounds down, so between clip_tokens and twice that less one.
double clip_sampled_tokens(double n, double cap) {
  if (n <= cap) return n;
  return std::ceil(n / std::floor(n / cap));
}

// An MoE expert sees only its routed tokens, a number the inputs do not carry (no top-k): the
// most the stride can keep of any count up to n.
double expert_clip_tokens_bound(double n, double cap) { return std::min(n, 2 * cap - 1); }

// The largest single clip product (one chunk of rows x sampled tokens x in_features): the one
// tensor that has to find room in the allocator's cache at once.
double largest_clip_product(const knowledge::AlgorithmCost::Layerwise& lw, const Shape& sh, double samples) {
  double dense_tokens = clip_sampled_tokens(samples, lw.clip_tokens);
  double attn_width = sh.heads * sh.head_dim;
  double dense = std::max({clip_rows(lw, sh.kv_heads * sh.head_dim) * sh.hidden, clip_rows(lw, sh.hidden) * attn_width,
                           clip_rows(lw, sh.inter) * sh.hidden, clip_rows(lw, sh.hidden) * sh.inter});
  double largest = dense_tokens * dense;
  if (sh.moe) {
    double expert_tokens = expert_clip_tokens_bound(samples, lw.clip_tokens);
    double expert = std::max(clip_rows(lw, sh.expert_inter) * sh.hidden, clip_rows(lw, sh.hidden) * sh.expert_inter);
    largest = std::max(largest, expert_tokens * expert);
  }
  return largest;
}

// Working memory of a layer-by-layer algorithm (AWQ): the cached block inputs, then the larger
// of its two searches. The clip search multiplies a chunk of output rows by the sampled tokens
// (at most clip_tokens) and a Linear's in_features, independent of N; the attention scale
// search runs the whole decoder layer on all N samples at once, 20 times.
// `scale_search_bytes`: the attention scale search's share when it is the larger search (it
// grows with N, the clip search does not), else 0.
struct LayerwiseWork {
  double bytes = 0;
  double scale_search_bytes = 0;
  double largest_clip_bytes = 0;  // the largest single clip product
};

LayerwiseWork layerwise_work(const EstimateConstants& k, const std::vector<std::string>& algos, const Shape& sh, const Calibration& c,
                             double load_bytes) {
  LayerwiseWork w;
  double n = static_cast<double>(c.num_calib_data);
  double len = static_cast<double>(c.seq_len);
  double samples = n * len;
  for (const auto& a : algos) {
    const knowledge::AlgorithmCost* cfg = k.algorithm(a);
    if (cfg == nullptr || !cfg->layerwise) continue;
    const auto& lw = *cfg->layerwise;
    double io = cfg->cached_io * samples * sh.hidden * load_bytes;
    double inputs = cfg->linear_inputs ? samples * (sh.hidden + sh.inter) * load_bytes : 0;
    // The allocator keeps one cached block per size class of the clip products (clear_memory()
    // empties no cache): the largest of the hidden-wide Linears (v_proj, o_proj, gate/up; q and
    // k are not clipped) and the widest one (down_proj). In MoE models a dense or shared MLP
    // (intermediate_size) can be wider than the experts.
    double attn_width = sh.heads * sh.head_dim;
    double mlp_out = sh.moe ? std::max(sh.inter, sh.expert_inter) : sh.inter;
    double narrow_in = std::max(sh.hidden, attn_width);
    double narrow = std::max(
        {clip_rows(lw, sh.kv_heads * sh.head_dim) * sh.hidden, clip_rows(lw, sh.hidden) * attn_width, clip_rows(lw, mlp_out) * sh.hidden});
    double widest_in = std::max(narrow_in, mlp_out);
    double wide = widest_in > narrow_in ? clip_rows(lw, sh.hidden) * widest_in : 0;
    double tokens = std::min(samples, lw.clip_tokens);
    double clip = lw.clip_copies * tokens * (narrow + wide) * load_bytes;
    // The attention scale search (awq.py _search_best_scale on self_attn) feeds the decoder
    // layer all N samples at once (torch.cat of the cached inputs) under eager attention, the
    // N x 1 x L x L mask repeated to N; the reference output, its attention weights included,
    // stays held while each of the 20 grid steps computes its own: N x heads x L x L elements
    // at scale_search_score_bytes each, plus N x L x hidden tensors (the concatenated input,
    // q, the attention output, the reference output).
    double scores = lw.scale_search_score_bytes * n * sh.heads * len * len;
    double mask = n * len * len * load_bytes;
    double scale_search = scores + mask + lw.scale_search_hidden_copies * samples * sh.hidden * load_bytes;
    double working = io + inputs + std::max(clip, scale_search);
    if (working > w.bytes) {
      w.bytes = working;
      w.scale_search_bytes = scale_search > clip ? scale_search : 0;
      w.largest_clip_bytes = largest_clip_product(lw, sh, samples) * load_bytes;
    }
  }
  return w;
}

// Host bytes of a layer-by-layer algorithm's cached Linear inputs: AWQ's _get_input_feat moves
// every hooked Linear's input (N x L x in_features) to the CPU, q, k and v each their own copy;
// the previous layer's dictionary is still bound while the next one is built
// (input_feat_copies). An MoE expert sees only its routed tokens: the experts are counted as
// one MLP (a lower bound; the inventory has no top-k).
double layerwise_host_bytes(const EstimateConstants& k, const std::vector<std::string>& algos, const Shape& sh, const Calibration& c,
                            double load_bytes) {
  double total = 0;
  double samples = static_cast<double>(c.num_calib_data) * static_cast<double>(c.seq_len);
  for (const auto& a : algos) {
    const knowledge::AlgorithmCost* cfg = k.algorithm(a);
    if (cfg == nullptr || !cfg->layerwise) continue;
    double in_features = 3 * sh.hidden + sh.heads * sh.head_dim + 2 * sh.hidden + (sh.moe ? sh.expert_inter : sh.inter);
    double copies = std::min(cfg->layerwise->input_feat_copies, std::max(1.0, sh.layers));
    total = std::max(total, copies * samples * in_features * load_bytes);
  }
  return total;
}

// The scheme's weight format as the release's catalog describes it.
struct SchemeSizing {
  std::optional<double> bits;  // on disk per quantized weight, scales included
  double group_size = 0;       // 0: not per group
  bool mx = false;
};

core::Result<SchemeSizing> scheme_sizing(const std::string& scheme, const std::string& quark_version) {
  QPTQ_TRY_ASSIGN(knowledge::ReleaseMatch release, knowledge::match_release(quark_version));
  QPTQ_TRY_ASSIGN(const knowledge::SchemeCatalog* catalog, knowledge::schemes(release.release));
  SchemeSizing z;
  const knowledge::Scheme* s = catalog->find(scheme);
  if (s == nullptr) return z;
  z.bits = s->bytes_per_weight * 8;
  if (s->weight.granularity == "per_group") z.group_size = s->weight.group_size.value_or(0);
  z.mx = s->weight.format.rfind("mx", 0) == 0;
  return z;
}

double quantizer_state_bytes(const EstimateConstants& k, const SchemeSizing& z, double quantized) {
  if (z.group_size <= 0) return 0;
  double per_group = z.mx ? k.quantizer_state.bytes_per_group_mx : k.quantizer_state.bytes_per_group_other;
  return quantized / z.group_size * per_group;
}

double time_factor(const EstimateConstants& k, const std::vector<std::string>& algos) {
  double f = 1.0;
  for (const auto& a : algos) {
    if (const knowledge::AlgorithmCost* cfg = k.algorithm(a)) f += cfg->time_factor - 1.0;
  }
  return f;
}

// Seconds of the algorithms that are timed per decoder layer (AWQ's grid searches): once per
// run, per MoE expert of every layer (each searched alone), per expert parameter, and per other
// decoder-layer parameter and token. An expert's searches see only the tokens routed to it, so
// its parameters cost less than a dense layer's (Mixtral's 2.8 G expert parameters took about as
// long as Llama-3.1-8B's 1.7 G dense ones).
double per_layer_seconds(const EstimateConstants& k, const std::vector<std::string>& algos, const Shape& sh, double layer_params,
                         double expert_params, double tokens, bool on_cpu) {
  double s = 0;
  double expert_layers = sh.moe ? sh.experts * sh.layers : 0;
  double dense_params = std::max(0.0, sh.layers * layer_params - expert_params);
  for (const auto& a : algos) {
    const knowledge::AlgorithmCost* cfg = k.algorithm(a);
    if (cfg == nullptr) continue;
    if (on_cpu && cfg->cpu_seconds_per_layer_parameter > 0) {
      s += sh.layers * layer_params * cfg->cpu_seconds_per_layer_parameter;
      continue;
    }
    s += cfg->fixed_seconds + cfg->seconds_per_expert_layer * expert_layers + cfg->seconds_per_expert_parameter * expert_params +
         dense_params * (cfg->seconds_per_layer_parameter + cfg->seconds_per_layer_parameter_token * tokens);
  }
  return s;
}

void place_weights(const EstimateConstants& k, const EstimateInputs& in, Estimate& e) {
  double remaining = e.weights_gib;
  if (in.gpus.empty()) {
    e.cpu_offload_gib = remaining;
    return;
  }
  for (std::size_t i = 0; i < in.gpus.size() && remaining > 0; ++i) {
    const GpuCapacity& g = in.gpus[i];
    double avail = gib(static_cast<double>(g.free_bytes >= 0 ? g.free_bytes : g.total_bytes));
    double cap = 0;
    if (i == 0) {
      cap = quark_gpu0_cap_gib(k, avail);
    } else {
      bool large = avail > k.gpu0_cap.large_threshold_gib;
      cap = avail * (large ? k.gpu0_cap.other_fraction_large : k.gpu0_cap.other_fraction_small);
    }
    double placed = std::min(remaining, cap);
    (i == 0 ? e.gpu0_weights_gib : e.other_gpu_weights_gib) += placed;
    remaining -= placed;
  }
  e.cpu_offload_gib = std::max(0.0, remaining);
}

void compare(const EstimateConstants& k, const EstimateInputs& in, double working_gib, Estimate& e) {
  if (!in.gpus.empty()) {
    const GpuCapacity& g0 = in.gpus.front();
    e.gpu_available_gib = gib(static_cast<double>(g0.free_bytes >= 0 ? g0.free_bytes : g0.total_bytes));
    e.fits_gpu = e.gpu_peak_gib <= e.gpu_available_gib;
  }
  if (in.host_available_bytes >= 0) {
    e.host_available_gib = gib(static_cast<double>(in.host_available_bytes));
    e.fits_host = e.host_peak_gib <= e.host_available_gib;
  }
  if (in.disk_free_bytes >= 0) {
    e.disk_free_gib = gib(static_cast<double>(in.disk_free_bytes));
    e.fits_disk = e.output_disk_gib <= e.disk_free_gib;
  }
  auto recommend = [&e](const char* id, std::vector<core::MessageArg> args = {}) { e.recommendations.push_back({id, std::move(args)}); };
  // Without a GPU the weights are in host memory by plan, not offloaded from a GPU.
  if (e.cpu_offload_gib > 0.01 && !e.runs_on_cpu) {
    std::string gib_text = std::to_string(static_cast<int>(std::ceil(e.cpu_offload_gib)));
    recommend(in.multi_device ? "manifest.recommend.offload_multi_device" : "manifest.recommend.offload_refused", {{"gib", gib_text}});
  }
  if (e.fits_gpu == false && e.layerwise_phase_gib > 0 && e.layerwise_phase_gib >= e.gpu_peak_gib && e.layerwise_scale_search_gib > 0) {
    // AWQ's attention scale search is linear in the number of samples it runs at once.
    double room = e.gpu_available_gib - (e.layerwise_phase_gib - e.layerwise_scale_search_gib);
    double per_sample = e.layerwise_scale_search_gib / std::max<double>(1, static_cast<double>(in.calibration.num_calib_data));
    auto n = room > 0 ? static_cast<std::int64_t>(room / per_sample) : 0;
    recommend("manifest.recommend.awq_scale_search",
              {{"samples", std::to_string(in.calibration.num_calib_data)}, {"fit", std::to_string(std::max<std::int64_t>(1, n))}});
  } else if (e.fits_gpu == false && e.layerwise_phase_gib > 0 && e.layerwise_phase_gib >= e.gpu_peak_gib) {
    // AWQ's clip search does not shrink with fewer samples: only more memory or another algorithm helps.
    recommend("manifest.recommend.awq_layerwise", {{"gib", std::to_string(static_cast<int>(std::ceil(e.layerwise_phase_gib)))}});
  } else if (e.fits_gpu == false) {
    double room = e.gpu_available_gib - e.gpu0_weights_gib - e.moe_unfuse_gib - k.overhead.context_gib;
    double per_sample = working_gib / std::max<double>(1, static_cast<double>(in.calibration.num_calib_data));
    if (e.algorithm_gib > e.activations_gib && per_sample > 0 && room > 0) {
      auto n = static_cast<std::int64_t>(room / per_sample / k.overhead.fragmentation);
      recommend("manifest.recommend.algorithm_state",
                {{"samples", std::to_string(in.calibration.num_calib_data)}, {"fit", std::to_string(std::max<std::int64_t>(1, n))}});
    } else if (in.gpus.size() > 1 && !in.multi_device) {
      recommend("manifest.recommend.gpu0_multi_device");
    } else {
      recommend("manifest.recommend.gpu0_smaller");
    }
  }
  if (e.fits_host == false) recommend(e.runs_on_cpu ? "manifest.recommend.host_short_cpu" : "manifest.recommend.host_short");
  if (e.fits_disk == false) recommend("manifest.recommend.disk_short");
}

}  // namespace

double quark_gpu0_cap_gib(const EstimateConstants& k, double free_gib) {
  bool large = free_gib > k.gpu0_cap.large_threshold_gib;
  return free_gib * (large ? k.gpu0_cap.fraction_large : k.gpu0_cap.fraction_small);
}

core::Result<Estimate> estimate_resources(const EstimateInputs& in) {
  QPTQ_TRY_ASSIGN(const EstimateConstants* constants, knowledge::estimate_constants());
  const EstimateConstants& k = *constants;
  QPTQ_TRY_ASSIGN(SchemeSizing sizing, scheme_sizing(in.scheme, in.quark_release));
  Estimate e;
  e.runs_on_cpu = in.gpus.empty();
  Shape sh = shape_of(in.size);
  double load_bytes = k.bytes_of_dtype(in.size.dtype);
  double total = static_cast<double>(in.size.total_parameters);
  double quantized = static_cast<double>(in.size.quantizable_parameters);
  double cfg_total = 0;
  double cfg_quantized = 0;
  parameters_from_config(in.size, sh, cfg_total, cfg_quantized);
  e.parameter_source = total > 0 ? in.size.source : "config arithmetic";
  if (total <= 0) total = cfg_total;
  if (quantized <= 0) quantized = std::min(cfg_quantized, total);
  if (in.size.dtype.empty()) e.notes.push_back("checkpoint dtype unknown; assumed 2 bytes per weight (bfloat16)");
  e.total_parameters = static_cast<std::int64_t>(total);
  e.quantized_parameters = static_cast<std::int64_t>(quantized);

  e.weights_gib = gib(in.size.weight_bytes > 0 ? static_cast<double>(in.size.weight_bytes) : total * load_bytes);
  place_weights(k, in, e);
  Forward calibration{static_cast<double>(in.calibration.batch_size), static_cast<double>(in.calibration.seq_len), true};
  double act = activations_bytes(k, sh, calibration, load_bytes);
  if (in.evaluation) {
    act = std::max(act, activations_bytes(k, sh, Forward{1, k.evaluation.seq_len, false}, load_bytes));
  }
  e.activations_gib = gib(act + weight_temp_bytes(k, sh));
  const LayerwiseWork work = layerwise_work(k, in.algorithms, sh, in.calibration, load_bytes);
  double layerwise = gib(work.bytes);
  e.layerwise_scale_search_gib = gib(work.scale_search_bytes);
  double stepwise = gib(algorithm_bytes(k, in.algorithms, sh, in.calibration, load_bytes));
  e.algorithm_gib = std::max(stepwise, layerwise);
  e.quantizer_state_gib = gib(quantizer_state_bytes(k, sizing, quantized)) * (e.weights_gib > 0 ? e.gpu0_weights_gib / e.weights_gib : 0);
  double working = e.activations_gib + e.algorithm_gib;
  // Unfusing fused MoE experts holds extra copies of (part of) the expert weights on GPU0.
  double gpu0_share = e.weights_gib > 0 ? e.gpu0_weights_gib / e.weights_gib : 0;
  double expert_params = in.size.expert_parameters > 0 ? static_cast<double>(in.size.expert_parameters)
                                                       : (sh.moe ? sh.layers * 3 * sh.hidden * sh.expert_inter * sh.experts : 0);
  double experts_gib = gib(expert_params * load_bytes);
  e.moe_unfuse_gib = experts_gib * k.overhead.moe_unfuse_fraction * gpu0_share;
  double context = k.overhead.context_gib;
  double plain_working = e.activations_gib + (layerwise > 0 ? stepwise : e.algorithm_gib);
  e.gpu_peak_gib = e.gpu0_weights_gib + e.moe_unfuse_gib + e.quantizer_state_gib + plain_working * k.overhead.fragmentation + context;
  // A layer-by-layer algorithm on one GPU moves the decoder layers to CPU and back one at a
  // time (under accelerate's placement they stay put): its phase peaks on its own.
  double layer_params = sh.layers > 0 ? (total - sh.vocab * sh.hidden * (in.size.tied_embeddings ? 1 : 2)) / sh.layers : 0;
  if (layerwise > 0) {
    bool offloads = e.other_gpu_weights_gib < 0.01 && e.cpu_offload_gib < 0.01;
    // All but the layer it works on go to the CPU (none under accelerate's spread).
    double moved_off = offloads ? (sh.layers - 1) * gib(layer_params * load_bytes) : 0;
    double resident = e.gpu0_weights_gib - moved_off;
    e.layerwise_phase_gib = std::max(0.0, resident) + e.moe_unfuse_gib + layerwise + context;
    // What loading reserved stays reserved (clear_memory() empties no CUDA cache). Its weights
    // sit in one segment the size of the model (transformers warms the allocator up with one
    // block of it), so the decoder layers AWQ moved off leave one free block there, less the
    // layer it brought back: a clip product larger than that gets a segment of its own on top.
    // On an H100 (tests/fixtures/envprobe/measured/h100-awq-allocator.json) Mixtral's expert
    // down_proj (256 rows x 909 routed tokens x 14336, 6.2 GiB) went on top of 2 layers (the
    // free block 3.6 GiB) and fitted inside 4 (7.3 GiB).
    double product = gib(work.largest_clip_bytes);
    if (product > moved_off) e.layerwise_phase_gib = std::max(e.layerwise_phase_gib, e.gpu_peak_gib + product);
    e.gpu_peak_gib = std::max(e.gpu_peak_gib, e.layerwise_phase_gib);
  }
  if (in.gpus.empty()) e.gpu_peak_gib = 0;

  double bits = 16;
  if (sizing.bits) {
    bits = *sizing.bits;
  } else {
    e.notes.push_back("bits per weight of scheme " + in.scheme + " unknown; assumed 16");
  }
  double output = quantized * bits / 8 + (total - quantized) * load_bytes;
  e.output_disk_gib = gib(output) + k.overhead.tokenizer_and_config_gib;
  double shard = std::min(e.output_disk_gib, k.overhead.max_shard_gib);
  bool awq = std::find(in.algorithms.begin(), in.algorithms.end(), "awq") != in.algorithms.end();
  double decoder_gib = gib(layer_params * sh.layers * load_bytes);
  const auto& h = k.host;
  e.host_load_gib = h.process_floor_gib + h.source_resident_fraction * e.weights_gib + e.cpu_offload_gib;
  // torch.compile's worker pool (compile_threads = min(32, CPUs)): started by AWQ's fake
  // quantization, and again by the export's packing of per-group integer weights (MX and fp8
  // formats export without it), whether AWQ ran or not.
  bool packs = sizing.group_size > 0 && !sizing.mx;
  double cpus = in.cpu_count > 0 ? static_cast<double>(in.cpu_count) : h.reference_cpu_count;
  double pool = std::min(h.max_compile_workers, cpus) * h.compile_worker_gib;
  // The export holds each output shard twice for a moment (the tensors moved to the host, then
  // safetensors' serialised copy of them); the pool is idle by the time the shard is written.
  e.host_export_gib = h.working_floor_gib + std::max(packs ? pool : 0.0, h.output_copies * shard) + e.cpu_offload_gib;
  if (awq) {
    double input_feat = gib(layerwise_host_bytes(k, in.algorithms, sh, in.calibration, load_bytes));
    e.host_awq_gib = h.working_floor_gib + pool + input_feat + h.awq_decoder_copies * decoder_gib + e.cpu_offload_gib;
  }
  // The evaluator imports its libraries beside quark-cli and waits there for the whole run.
  if (in.own_evaluation && in.evaluator_beside_quark_cli) e.host_evaluator_gib = k.step4.evaluator_waiting_gib;
  const double quark_cli_peak = std::max({e.host_load_gib, e.host_export_gib, e.host_awq_gib});
  e.host_peak_gib = quark_cli_peak + e.host_evaluator_gib;
  bool pool_sets_export = packs && pool >= h.output_copies * shard;
  e.host_peak_is_brief = !(awq && quark_cli_peak == e.host_awq_gib) && !(pool_sets_export && quark_cli_peak == e.host_export_gib);

  double tokens = static_cast<double>(in.calibration.num_calib_data) * static_cast<double>(in.calibration.seq_len);
  double tflops = in.gpus.empty() ? k.time.cpu_effective_tflops : k.time.calibration_effective_tflops;
  // The calibration loop: a floor (dataset, hooks, the first batch), then the forward FLOPs.
  // An MoE token passes through experts_per_token of the experts only (the inventory's expert
  // weights; the router's top-k from the analysis), so only those parameters cost FLOPs.
  double active = total;
  if (sh.moe && in.size.experts_per_token > 0 && in.size.experts_per_token < in.size.num_experts) {
    active -= expert_params * (1 - static_cast<double>(in.size.experts_per_token) / sh.experts);
  }
  double calib_s = k.time.calibration_floor_seconds + 2 * active * tokens / (tflops * 1e12) * time_factor(k, in.algorithms) +
                   per_layer_seconds(k, in.algorithms, sh, layer_params, expert_params, tokens, e.runs_on_cpu);
  if (e.runs_on_cpu) {
    // On a CPU each batch's fake quantization of every quantized weight outweighs its FLOPs
    // (SmolLM2: 2.2 s of a 2.4-2.7 s batch, whatever the sequence length).
    double batch = in.calibration.batch_size > 0 ? static_cast<double>(in.calibration.batch_size) : 1.0;
    double batches = std::ceil(static_cast<double>(in.calibration.num_calib_data) / batch);
    calib_s += batches * quantized * k.time.cpu_batch_seconds_per_quantized_parameter;
  }
  if (e.cpu_offload_gib > 0.01 && !in.gpus.empty()) calib_s *= k.time.cpu_offload_slowdown;
  double eval_tflops = in.gpus.empty() ? tflops : k.evaluation.effective_tflops;
  double eval_s = in.evaluation ? 2 * total * k.evaluation.tokens / (eval_tflops * 1e12) : 0;
  // The export: a floor, the output at the write rate, and for per-group integer schemes (not
  // MX) the packing of every quantized weight plus a cost per Linear module: Quark converts one
  // module at a time, so 1552 expert Linears of a 4-layer Qwen3-MoE took 180 s on an H100
  // where the weights' bytes alone account for a third.
  double linears = in.size.quantized_linear_modules > 0 ? static_cast<double>(in.size.quantized_linear_modules)
                                                        : sh.layers * (4 + 3 * (sh.moe ? sh.experts : 1));
  double pack_s =
      packs ? gib(quantized * load_bytes) * k.time.pack_seconds_per_quantized_gib + linears * k.time.pack_seconds_per_linear : 0;
  double export_s = k.time.export_floor_seconds + e.output_disk_gib / k.time.write_gib_per_second + pack_s;
  const double startup = e.runs_on_cpu ? k.time.cpu_startup_seconds : k.time.startup_seconds;
  e.quark_cli_seconds = startup + e.weights_gib / k.time.load_gib_per_second + calib_s + export_s + eval_s;
  // After quark-cli: every output byte is hashed (an upper bound: files finished early are
  // hashed while quark-cli still runs), then quark-ptq's own evaluation when the plan asks.
  e.verify_seconds = e.output_disk_gib / k.step4.verify_gib_per_second;
  if (in.own_evaluation) {
    const auto& ev = *in.own_evaluation;
    double rate = (in.gpus.empty() ? k.step4.cpu_evaluation_effective_tflops : k.step4.evaluation_effective_tflops) * 1e12;
    double ppl_s = 2 * (2 * total * ev.windows * ev.seq_len) / rate;  // both models
    e.evaluation_seconds = k.step4.evaluation_startup_seconds + k.step4.evaluation_canary_seconds +
                           2 * e.weights_gib / k.time.load_gib_per_second + std::min(ppl_s, ev.budget_seconds);
  }
  e.minutes = (e.quark_cli_seconds + e.verify_seconds + e.evaluation_seconds) / 60;
  compare(k, in, working, e);
  return e;
}

std::string gib_text(double gib) {
  if (gib < 0) return "?";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", gib);
  return buf;
}

double recorded_minutes(double minutes) { return std::max(1.0, std::round(minutes)); }

std::string minutes_text(double minutes) { return std::to_string(static_cast<long long>(recorded_minutes(minutes))); }

namespace {

// Recorded in English, one line each.
std::vector<std::string> recommendation_texts(const Estimate& e) {
  std::vector<std::string> out;
  for (const auto& r : e.recommendations) out.push_back(r.text(core::Lang::en));
  return out;
}

}  // namespace

artifacts::EstimateRecord estimate_record(const Estimate& e) {
  auto known = [](double v) { return v < 0 ? std::nullopt : std::optional<artifacts::Number>(round2(v)); };
  artifacts::EstimateRecord r;
  r.gpu_memory_gib = round2(e.gpu_peak_gib);
  r.runs_on_cpu = e.runs_on_cpu;
  r.host_memory_gib = round2(e.host_peak_gib);
  r.disk_gib = round2(e.output_disk_gib);
  r.minutes = recorded_minutes(e.minutes);
  r.time =
      artifacts::EstimateTime{std::round(e.quark_cli_seconds), std::round(e.verify_seconds * 10) / 10, std::round(e.evaluation_seconds)};
  r.parameters = artifacts::EstimateParameters{e.total_parameters, e.quantized_parameters, e.parameter_source};
  r.gpu.weights_gib = round2(e.weights_gib);
  r.gpu.gpu0_weights_gib = round2(e.gpu0_weights_gib);
  r.gpu.other_gpus_weights_gib = round2(e.other_gpu_weights_gib);
  r.gpu.cpu_offload_gib = round2(e.cpu_offload_gib);
  r.gpu.activations_gib = round2(e.activations_gib);
  r.gpu.algorithm_state_gib = round2(e.algorithm_gib);
  r.gpu.moe_unfuse_gib = round2(e.moe_unfuse_gib);
  r.gpu.quantizer_state_gib = round2(e.quantizer_state_gib);
  r.gpu.layerwise_phase_gib = round2(e.layerwise_phase_gib);
  r.gpu.gpu0_available_gib = known(e.gpu_available_gib);
  r.gpu.fits = e.fits_gpu;
  r.host.load_gib = round2(e.host_load_gib);
  r.host.export_gib = round2(e.host_export_gib);
  r.host.awq_gib = round2(e.host_awq_gib);
  r.host.evaluator_waiting_gib = round2(e.host_evaluator_gib);
  r.host.available_gib = known(e.host_available_gib);
  r.host.fits = e.fits_host;
  r.disk.free_gib = known(e.disk_free_gib);
  r.disk.fits = e.fits_disk;
  r.recommendations = recommendation_texts(e);
  r.notes = e.notes;
  r.method = "references/environment.md#resource-estimate";
  return r;
}

core::Json estimate_to_json(const Estimate& e) { return estimate_record(e).to_json(); }

}  // namespace manifest
