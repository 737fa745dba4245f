// model_analysis.json in an older spelling, upgraded to the current one. Before intake's
// artifact settled, step 3's readers took several spellings of some fields (config/hidden_size,
// model/source for model.model_path, tokenizer/files, model/torch_dtype, ...); a workdir or a
// test may still hold such a document. The upgrade is the one place those spellings are known:
// each current field that is absent or null takes the first older spelling that holds a value
// of its type, and every reader then reads the current spelling only.
#pragma once

#include "artifacts/model_analysis.h"
#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

// A copy of `doc` with the older spellings carried to their current fields (the older keys
// stay: the schema allows more properties, and nothing reads them). A document in the current
// spelling comes back unchanged. Older spellings that the current document has no field for
// (parameter counts and weight bytes recorded beside the inventory) are not carried: the
// inventory, or config arithmetic without one, gives them.
core::Json upgrade_model_analysis(const core::Json& doc);

// model_analysis.json as any release wrote it: upgraded, then read strictly.
core::Result<ModelAnalysis> read_model_analysis(const core::Json& doc);

}  // namespace artifacts
