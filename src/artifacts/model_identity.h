// The model's identity as recorded (run_manifest.yaml inputs.model_identity; computed at
// intake and prepare by core::local_model_identity for a local directory): which files, with
// their sizes, digests and modification times, or which Hub repository and commit (with the
// snapshot quark-cli reads, itself a local identity). One reader and one writer, and the
// comparison of a recorded identity with the files now (launch checks, prepare).
//
// core keeps computing a local directory's identity as its JSON record: the record's digest
// is defined over that encoding (json_digest of the files list) and evaluate's baseline cache,
// below artifacts, keys on it. What reads, compares or writes it back is here.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

// One file of a local identity (files/N).
struct IdentityFile {
  std::string path;  // relative to the model directory
  std::int64_t size = 0;
  std::optional<std::int64_t> mtime_ns;  // left out by releases before it was recorded
  std::optional<std::string> sha256;     // null where only the size identifies it
  std::string covers;                    // whole | header | size
};

struct ModelIdentity {
  std::string kind;  // local | hub
  // local: the directory and its files (unset: written as null, nothing could be read)
  std::optional<std::string> path;
  std::optional<std::vector<IdentityFile>> files;
  std::optional<std::string> digest;  // json_digest of files, left out when files is null
  // hub
  std::optional<std::string> repo_id;
  bool records_revision = false;  // intake records the revision asked (null when none)
  std::optional<std::string> revision;
  std::optional<std::string> commit;              // written as null when unset
  std::shared_ptr<const ModelIdentity> snapshot;  // the local snapshot quark-cli reads

  bool local() const { return kind == "local"; }
  // The files quark-cli reads: the snapshot of a Hub model, else this identity.
  const ModelIdentity& files_read() const { return snapshot ? *snapshot : *this; }

  core::Json to_json() const;
  // `at` names the object in its document ("inputs/model_identity"); the first field of the
  // wrong type goes to `error`.
  static ModelIdentity read(const core::Json& j, const std::string& at, std::string* error);
  // A whole identity (as core::local_model_identity returns it): bad_input naming the field.
  static core::Result<ModelIdentity> from_json(const core::Json& j);
};

// "" when `now` names the same files with the same sizes, digests and modification times
// (compared where both record one) as `recorded`; else the first difference, in English
// ("model.safetensors: size 10 -> 12").
std::string identity_difference(const ModelIdentity& recorded, const ModelIdentity& now);

}  // namespace artifacts
