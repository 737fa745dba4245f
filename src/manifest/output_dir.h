// Where the quantized model will go. Checked, never created: before checkpoint 3 nothing
// touches the output directory. Refused when it is an existing non-empty directory (unless
// --overwrite), a file, inside the model directory, or holds the model directory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "core/result.h"

namespace manifest {

struct OutputDir {
  std::string path;  // absolute, lexically normal
  bool exists = false;
  bool empty = true;             // when it exists
  bool overwrite = false;        // --overwrite was given (recorded in the manifest)
  std::string nearest_existing;  // the directory whose file system will hold it
  bool writable = false;         // nearest_existing is writable by us
  std::int64_t free_bytes = -1;  // free space on that file system
};

// model: the plan's model (absolute local path, or a Hub id which has no directory to protect).
core::Result<OutputDir> check_output_dir(const std::string& arg, const std::string& model, bool model_is_local, bool overwrite);

}  // namespace manifest
