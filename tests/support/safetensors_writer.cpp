#include "support/safetensors_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <stdexcept>

namespace test_support {

namespace {

unsigned bits_of(const std::string& dtype) {
  static const std::map<std::string, unsigned> kBits = {
      {"BOOL", 8}, {"U8", 8},    {"I8", 8},   {"F8_E5M2", 8}, {"F8_E4M3", 8}, {"F8_E8M0", 8}, {"F4", 4},   {"I16", 16}, {"U16", 16},
      {"F16", 16}, {"BF16", 16}, {"I32", 32}, {"U32", 32},    {"F32", 32},    {"F64", 64},    {"I64", 64}, {"U64", 64}};
  auto it = kBits.find(dtype);
  if (it == kBits.end()) throw std::runtime_error("unknown dtype " + dtype);
  return it->second;
}

void expand_name(const std::string& pattern, std::size_t from, std::string prefix, std::vector<std::string>& out) {
  auto open = pattern.find('{', from);
  if (open == std::string::npos) {
    out.push_back(prefix + pattern.substr(from));
    return;
  }
  auto close = pattern.find('}', open);
  std::string range = pattern.substr(open + 1, close - open - 1);
  auto dash = range.find('-');
  int a = std::stoi(range.substr(0, dash));
  int b = dash == std::string::npos ? a : std::stoi(range.substr(dash + 1));
  for (int i = a; i <= b; ++i) {
    expand_name(pattern, close + 1, prefix + pattern.substr(from, open - from) + std::to_string(i), out);
  }
}

std::string shard_name(int i, int n) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "model-%05d-of-%05d.safetensors", i, n);
  return buf;
}

}  // namespace

std::uint64_t tensor_bytes(const TensorSpec& t) {
  std::uint64_t n = 1;
  for (auto d : t.shape) n *= d;
  return n * bits_of(t.dtype) / 8;
}

std::vector<TensorSpec> expand_spec(const nlohmann::json& spec) {
  std::string dtype = spec.value("dtype", "BF16");
  std::vector<TensorSpec> out;
  for (const auto& e : spec.at("tensors")) {
    std::vector<std::string> names;
    expand_name(e.at(0).get<std::string>(), 0, "", names);
    std::string dt = e.size() > 2 ? e.at(2).get<std::string>() : dtype;
    for (auto& n : names) out.push_back({n, dt, e.at(1).get<std::vector<std::uint64_t>>()});
  }
  return out;
}

std::uint64_t write_shard(const std::filesystem::path& path, const std::vector<TensorSpec>& tensors) {
  // Built as text: ordered_json inserts in linear time per key, far too slow for 10k+ tensors.
  // (Piecewise appends: GCC 12 warns falsely on chained string operator+ at -O2.)
  std::string text = R"({"__metadata__":{"format":"pt"})";
  std::uint64_t offset = 0;
  for (const auto& t : tensors) {
    std::uint64_t bytes = tensor_bytes(t);
    text += ",\"";
    for (char c : t.name) {
      if (c == '"' || c == '\\') text += '\\';
      text += c;
    }
    text += "\":{\"dtype\":\"";
    text += t.dtype;
    text += "\",\"shape\":[";
    for (std::size_t i = 0; i < t.shape.size(); ++i) {
      if (i > 0) text += ',';
      text += std::to_string(t.shape[i]);
    }
    text += "],\"data_offsets\":[";
    text += std::to_string(offset);
    text += ',';
    text += std::to_string(offset + bytes);
    text += "]}";
    offset += bytes;
  }
  text += "}";
  while ((text.size() + 8) % 8 != 0) text.push_back(' ');  // safetensors pads the header to 8
  std::uint64_t n = text.size();
  std::string prefix(8, '\0');
  for (int i = 0; i < 8; ++i) prefix[static_cast<std::size_t>(i)] = static_cast<char>((n >> (8 * i)) & 0xff);
  {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << prefix << text;
  }
  if (::truncate(path.c_str(), static_cast<off_t>(8 + n + offset)) != 0) throw std::runtime_error("truncate failed");
  return n;
}

void write_checkpoint(const std::filesystem::path& dir, const std::vector<TensorSpec>& tensors, int shards) {
  std::filesystem::create_directories(dir);
  if (shards <= 1) {
    write_shard(dir / "model.safetensors", tensors);
    return;
  }
  nlohmann::json index = {{"metadata", {{"total_size", 0}}}, {"weight_map", nlohmann::json::object()}};
  std::uint64_t total = 0;
  std::size_t per = (tensors.size() + static_cast<std::size_t>(shards) - 1) / static_cast<std::size_t>(shards);
  for (int s = 0; s < shards; ++s) {
    std::size_t begin = static_cast<std::size_t>(s) * per;
    std::size_t end = std::min(tensors.size(), begin + per);
    std::vector<TensorSpec> part(tensors.begin() + static_cast<std::ptrdiff_t>(std::min(begin, tensors.size())),
                                 tensors.begin() + static_cast<std::ptrdiff_t>(end));
    std::string name = shard_name(s + 1, shards);
    write_shard(dir / name, part);
    for (const auto& t : part) {
      index["weight_map"][t.name] = name;
      total += tensor_bytes(t);
    }
  }
  index["metadata"]["total_size"] = total;
  std::ofstream(dir / "model.safetensors.index.json") << index.dump(2);
}

}  // namespace test_support
