// Hugging Face Hub repo ids ("org/name" or a legacy "name") and revisions, validated before
// they reach a URL or a cache path. The rules follow huggingface_hub's validate_repo_id:
// letters, digits, '-', '_', '.'; no "--" or ".."; no leading/trailing '-' or '.'; at most
// 96 characters per part.
#pragma once

#include <string>
#include <string_view>

namespace intake {

bool is_valid_repo_id(std::string_view id);
// Branch, tag or commit: printable ASCII without spaces, "..", backslashes or a leading '/'.
bool is_valid_revision(std::string_view rev);
// A full commit sha as the Hub and its cache write it: 40 lowercase hex digits. Anything else
// named a commit (a listing's "sha", a cache refs/ file) is refused: it ends up in URLs, paths
// and the approved command.
bool is_commit_sha(std::string_view s);
// "org/name" -> "models--org--name" (the cache directory name).
std::string cache_dir_name(std::string_view repo_id);
// Percent-encodes everything outside [A-Za-z0-9-._~] (a '/' too unless keep_slash).
std::string url_encode(std::string_view s, bool keep_slash);

}  // namespace intake
