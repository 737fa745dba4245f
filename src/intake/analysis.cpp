#include "intake/analysis.h"

#include "intake/analysis_json.h"
#include "intake/model_reading.h"
#include "intake/risk_assessment.h"

namespace intake {

core::Result<core::Json> analyze_files(ModelFiles& files, const SourceInfo& source, unsigned header_threads, const OracleLinears* oracle) {
  QPTQ_TRY_ASSIGN(const knowledge::ModelFamilies* fam, knowledge::model_families());
  ReadOptions options;
  // A local directory must be complete; a cache snapshot may hold only some files.
  options.missing_shards = source.kind == "local" ? MissingShards::fail : MissingShards::report;
  options.header_threads = header_threads;
  options.oracle = oracle;
  QPTQ_TRY_ASSIGN(ModelReading reading, read_model(files, *fam, options));
  RiskList risks = assess_risks(reading, *fam);
  return analysis_json(source, std::move(reading), risks, *fam);
}

}  // namespace intake
