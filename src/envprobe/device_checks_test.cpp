#include "envprobe/device_checks.h"

#include <gtest/gtest.h>

#include "core/messages.h"

namespace envprobe {
namespace {

std::string english(const Problem& p) { return core::msg(core::Lang::en, p.message_id, p.args); }

TEST(DeviceChecks, OverrideValuesNameGfxTargets) {
  EXPECT_EQ(gfx_from_override("9.4.2"), "gfx942");
  EXPECT_EQ(gfx_from_override("9.0.10"), "gfx90a");
  EXPECT_EQ(gfx_from_override("11.0.0"), "gfx1100");
  EXPECT_EQ(gfx_from_override(" 10.3.0 "), "gfx1030");
  EXPECT_EQ(gfx_from_override("gfx942"), "");
  EXPECT_EQ(gfx_from_override("9.4"), "");
  EXPECT_EQ(gfx_from_override("9.16.0"), "");
}

TEST(DeviceChecks, AnOverrideThatContradictsTheHardwareIsReported) {
  auto p = gfx_override_problem(std::string("11.0.0"), {"gfx942"});
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, "gfx_override_contradicts");
  EXPECT_FALSE(p->blocking);
  EXPECT_EQ(p->installed, "HSA_OVERRIDE_GFX_VERSION=11.0.0 (gfx1100)");
  EXPECT_EQ(p->required, "gfx942");
  std::string text = english(*p);
  EXPECT_NE(text.find("gfx1100"), std::string::npos) << text;
  EXPECT_NE(text.find("gfx942"), std::string::npos) << text;
  EXPECT_NE(text.find("unset HSA_OVERRIDE_GFX_VERSION"), std::string::npos) << text;
}

TEST(DeviceChecks, AnOverrideThatAgreesOrNoHardwareFactsSaysNothing) {
  EXPECT_FALSE(gfx_override_problem(std::string("9.4.2"), {"gfx942", "gfx942"}));
  EXPECT_FALSE(gfx_override_problem(std::nullopt, {"gfx942"}));
  EXPECT_FALSE(gfx_override_problem(std::string("11.0.0"), {}));
  // Mixed GPUs: one override cannot be right for both.
  EXPECT_TRUE(gfx_override_problem(std::string("9.4.2"), {"gfx942", "gfx90a"}));
  auto bad = gfx_override_problem(std::string("gfx942"), {"gfx942"});
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->code, "gfx_override_unreadable");
}

TEST(DeviceChecks, VisibleDevicesThatDisagree) {
  using Vars = std::map<std::string, std::optional<std::string>>;
  auto p = visible_devices_problem(Vars{{"HIP_VISIBLE_DEVICES", "0"}, {"CUDA_VISIBLE_DEVICES", "1"}});
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, "visible_devices_disagree");
  EXPECT_NE(english(*p).find("HIP_VISIBLE_DEVICES=0"), std::string::npos);
  EXPECT_NE(english(*p).find("CUDA_VISIBLE_DEVICES=1"), std::string::npos);
  EXPECT_FALSE(visible_devices_problem(Vars{{"HIP_VISIBLE_DEVICES", "0,1"}, {"CUDA_VISIBLE_DEVICES", "0, 1"}}));
  EXPECT_FALSE(visible_devices_problem(Vars{{"HIP_VISIBLE_DEVICES", "0"}, {"CUDA_VISIBLE_DEVICES", std::nullopt}}));
  EXPECT_FALSE(visible_devices_problem(Vars{}));
}

TEST(DeviceChecks, ADriverOlderThanTorchsCudaNeeds) {
  std::map<std::string, std::string, std::less<>> minimum = {{"12", "525.60.13"}, {"13", "580"}};
  auto p = driver_problem("570.86.15", "2.11.0+cu130", "13.0", minimum);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, "driver_too_old");
  EXPECT_TRUE(p->blocking);
  EXPECT_EQ(p->installed, "570.86.15");
  EXPECT_EQ(p->required, ">= 580");
  std::string text = english(*p);
  EXPECT_NE(text.find("570.86.15"), std::string::npos) << text;
  EXPECT_NE(text.find("CUDA 13.0"), std::string::npos) << text;
  EXPECT_FALSE(driver_problem("580.159.04", "2.11.0+cu130", "13.0", minimum));  // the H200's
  EXPECT_FALSE(driver_problem("525.60.13", "2.5.1+cu124", "12.4", minimum));
  EXPECT_TRUE(driver_problem("520.61.05", "2.5.1+cu124", "12.4", minimum));
  EXPECT_FALSE(driver_problem("", "2.11.0+cu130", "13.0", minimum));       // no driver facts
  EXPECT_FALSE(driver_problem("470.1", "2.11.0+cu130", "14.0", minimum));  // a major the table lacks
}

}  // namespace
}  // namespace envprobe
