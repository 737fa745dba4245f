#include <gtest/gtest.h>

#include "core/messages.h"
#include "intake/risks.h"

namespace {

TEST(Risks, EveryRiskHasAHintInBothLanguages) {
  int risks = 0;
  for (const auto& id : core::catalog_ids(core::Lang::en)) {
    if (id.rfind("intake.risk_", 0) != 0 || (id.size() > 5 && id.substr(id.size() - 5) == "_hint")) continue;
    ++risks;
    EXPECT_TRUE(core::catalog_has(core::Lang::en, id + "_hint")) << id;
    EXPECT_TRUE(core::catalog_has(core::Lang::ja, id + "_hint")) << id;
  }
  EXPECT_GE(risks, 15);
}

TEST(Risks, JsonCarriesContractFieldsAndIds) {
  intake::RiskList list;
  list.add(intake::Severity::high, intake::message_id("intake.risk_no_template"), {{"model_type", "gpt2"}, {"version", "0.13"}});
  list.add_partial(intake::Severity::medium, intake::message_id("intake.risk_missing_facts"), {{"facts", "vocab_size"}});
  EXPECT_TRUE(list.any_partial());
  core::Json j = list.to_json();
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0]["severity"], "high");
  EXPECT_EQ(j[0]["message"], "Quark 0.13 has no built-in template for model_type gpt2");
  EXPECT_FALSE(j[0]["recovery_hint"].get<std::string>().empty());
  EXPECT_EQ(j[0]["args"]["model_type"], "gpt2");
  EXPECT_TRUE(j[1]["makes_partial"].get<bool>());
}

}  // namespace
