#include <gtest/gtest.h>

#include "plan/cpu_route.h"

namespace {

TEST(CpuRoute, VersionsWhoseCliNeedsAGpu) {
  EXPECT_TRUE(plan::quark_needs_gpu_to_quantize("0.13"));
  EXPECT_TRUE(plan::quark_needs_gpu_to_quantize("0.13.1"));
  EXPECT_TRUE(plan::quark_needs_gpu_to_quantize("1.0"));
  EXPECT_FALSE(plan::quark_needs_gpu_to_quantize("0.12.post1"));
  EXPECT_FALSE(plan::quark_needs_gpu_to_quantize("0.11.2"));
  EXPECT_FALSE(plan::quark_needs_gpu_to_quantize(""));
}

TEST(CpuRoute, CpuTargetWith013IsRefusedWithTheRoute) {
  plan::Capabilities caps;
  caps.quark_version = "0.13";
  plan::PlanInputs in;
  in.caps = &caps;
  in.target.arch = "cpu";
  plan::Plan p;
  plan::check_cpu_route(in, p);
  ASSERT_EQ(p.problems.size(), 1U);
  EXPECT_EQ(p.problems[0].code, "cpu_needs_quark_0_12");
  caps.quark_version = "0.12.post1";
  plan::Plan ok;
  plan::check_cpu_route(in, ok);
  EXPECT_TRUE(ok.problems.empty());
  in.target.arch = "sm_90";
  caps.quark_version = "0.13";
  plan::Plan gpu;
  plan::check_cpu_route(in, gpu);
  EXPECT_TRUE(gpu.problems.empty());
}

}  // namespace
