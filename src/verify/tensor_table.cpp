#include "verify/tensor_table.h"

namespace verify {

namespace {

// Intake's errors name the shard as {source}; verify reports every header defect as one id.
core::Error invalid(const core::fs::path& path, const core::Error& cause) {
  return core::make_error(core::ExitCode::bad_input, "verify.header_invalid")
      .with("path", path.string())
      .with_detail(cause.detail.empty() ? cause.id : cause.detail);
}

}  // namespace

core::Result<TensorTable> read_tensor_table(const core::fs::path& path) {
  QPTQ_TRY_ASSIGN(std::uint64_t file_size, core::file_size(path));
  QPTQ_TRY_ASSIGN(std::string prefix, core::read_range(path, 0, 8));
  auto n = intake::parse_header_length(prefix, path.string(), file_size);
  if (!n) return invalid(path, n.error());
  QPTQ_TRY_ASSIGN(std::string json, core::read_range(path, 8, *n));
  auto header = intake::parse_header(json, path.string(), file_size);
  if (!header) return invalid(path, header.error());
  TensorTable t;
  t.path = path;
  t.header_length = *n;
  t.data_start = 8 + *n;
  t.tensors = std::move(header->tensors);
  return t;
}

}  // namespace verify
