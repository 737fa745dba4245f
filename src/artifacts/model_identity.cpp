#include "artifacts/model_identity.h"

#include <map>

#include "artifacts/fields.h"
#include "artifacts/json_write.h"

namespace artifacts {

ModelIdentity ModelIdentity::read(const core::Json& j, const std::string& at, std::string* error) {
  Fields f(j, at, error);
  ModelIdentity id;
  id.kind = f.text("kind").value_or("");
  id.path = f.text("path");
  if (const core::Json* files = f.array("files")) {
    id.files.emplace();
    for (std::size_t i = 0; i < files->size(); ++i) {
      Fields one((*files)[i], f.path("files") + "/" + std::to_string(i), error);
      IdentityFile file;
      file.path = one.text("path").value_or("");
      file.size = one.integer("size").value_or(0);
      file.mtime_ns = one.integer("mtime_ns");
      file.sha256 = one.text("sha256");
      file.covers = one.text("covers").value_or("");
      id.files->push_back(std::move(file));
    }
  }
  id.digest = f.text("digest");
  id.repo_id = f.text("repo_id");
  id.records_revision = j.is_object() && j.contains("revision");
  id.revision = f.text("revision");
  id.commit = f.text("commit");
  if (const core::Json* snapshot = f.object("snapshot")) {
    id.snapshot = std::make_shared<const ModelIdentity>(read(*snapshot, f.path("snapshot"), error));
  }
  return id;
}

core::Result<ModelIdentity> ModelIdentity::from_json(const core::Json& j) {
  std::string error;
  ModelIdentity id = read(j, "", &error);
  if (!error.empty()) return core::fail(field_invalid("model identity", error));
  return id;
}

core::Json ModelIdentity::to_json() const {
  core::Json out = {{"kind", kind}};
  if (!local()) {
    out["repo_id"] = repo_id.value_or("");
    if (records_revision) out["revision"] = or_null(revision);
    out["commit"] = or_null(commit);
    if (snapshot) out["snapshot"] = snapshot->to_json();
    return out;
  }
  out["path"] = path.value_or("");
  if (!files) {
    out["files"] = nullptr;
    return out;
  }
  core::Json list = core::Json::array();
  for (const auto& f : *files) {
    core::Json e = {{"path", f.path}, {"size", f.size}};
    if (f.mtime_ns) e["mtime_ns"] = *f.mtime_ns;
    e["sha256"] = or_null(f.sha256);
    e["covers"] = f.covers;
    list.push_back(std::move(e));
  }
  out["files"] = std::move(list);
  if (digest) out["digest"] = *digest;
  return out;
}

std::string identity_difference(const ModelIdentity& recorded, const ModelIdentity& now) {
  if (recorded.to_json() == now.to_json()) return "";
  if (recorded.path != now.path) return "the model directory is another one";
  auto index = [](const ModelIdentity& id) {
    std::map<std::string, const IdentityFile*> m;
    if (id.files) {
      for (const auto& f : *id.files) m[f.path] = &f;
    }
    return m;
  };
  auto before = index(recorded);
  auto after = index(now);
  for (const auto& [path, f] : before) {
    auto it = after.find(path);
    if (it == after.end()) return path + ": removed";
    if (f->size != it->second->size) return path + ": size " + std::to_string(f->size) + " -> " + std::to_string(it->second->size);
    if (f->sha256 != it->second->sha256) return path + ": content changed";
    if (f->mtime_ns && it->second->mtime_ns && *f->mtime_ns != *it->second->mtime_ns) {
      return path + ": modified since (same size, new modification time)";
    }
  }
  for (const auto& [path, f] : after) {
    if (!before.count(path)) return path + ": added";
  }
  return "the recorded identity is not the one of these files";
}

}  // namespace artifacts
