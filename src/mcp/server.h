// The quark-ptq MCP server over stdio, for both protocol eras clients speak now:
//   2025-11-25 (legacy): `initialize` / `notifications/initialized`, capabilities declared once;
//     the server asks the person with an `elicitation/create` request of its own.
//   2026-07-28 (modern, stateless): every request carries `_meta` with its protocol version and
//     the client's capabilities; `server/discover`; the server asks the person by returning an
//     `input_required` result whose `requestState` is a single-use value it minted, and the
//     client's retry carries the person's answer (multi round-trip requests).
// A request is modern when its `_meta` names a protocol version; otherwise it is served as
// legacy, with the capabilities the client declared at `initialize` (none before it).
#pragma once

#include <istream>
#include <ostream>
#include <string>

#include "core/messages.h"

namespace mcp {

inline constexpr const char* kLegacyRevision = "2025-11-25";
inline constexpr const char* kModernRevision = "2026-07-28";

struct ServerInfo {
  std::string name = "quark-ptq";
  std::string version;
  core::Lang lang = core::Lang::en;  // of everything a person reads (questions, errors)
};

// Serves until end of input; stdout carries nothing but protocol.
void serve(const ServerInfo& info, std::istream& in, std::ostream& out);

}  // namespace mcp
