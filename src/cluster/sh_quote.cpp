#include "cluster/sh_quote.h"

#include "core/shell_quote.h"

namespace cluster {

std::string sh_quote(std::string_view word) { return core::single_quote(word); }

}  // namespace cluster
