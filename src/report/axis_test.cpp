#include "report/axis.h"

#include <gtest/gtest.h>

namespace {

void expect_covers(const report::Axis& a, double lo, double hi) {
  EXPECT_LE(a.min, lo);
  EXPECT_GE(a.max, hi);
  EXPECT_LT(a.min, a.max);
  const auto ticks = a.ticks();
  ASSERT_GE(ticks.size(), 2u);
  EXPECT_LE(ticks.size(), 12u);
  EXPECT_DOUBLE_EQ(ticks.front(), a.min);
  EXPECT_NEAR(ticks.back(), a.max, a.step * 1e-9);
}

TEST(Axis, SeveralValuesGetRoundTicksAroundThem) {
  auto a = report::nice_axis(0, 5.3);
  expect_covers(a, 0, 5.3);
  EXPECT_DOUBLE_EQ(a.step, 2);
  EXPECT_DOUBLE_EQ(a.max, 6);
  EXPECT_EQ(a.label(2), "2");
  auto small = report::nice_axis(0, 0.127);
  expect_covers(small, 0, 0.127);
  EXPECT_DOUBLE_EQ(small.step, 0.05);
  EXPECT_EQ(small.decimals, 2);
  EXPECT_EQ(small.label(0.05), "0.05");
}

TEST(Axis, OneValueIsInTheMiddleOfASpan) {
  auto a = report::nice_axis(2.3, 2.3);
  expect_covers(a, 2.3, 2.3);
  EXPECT_LT(a.min, 2.3);
  EXPECT_GT(a.max, 2.3);
  auto zero = report::nice_axis(0, 0);
  expect_covers(zero, -1, 1);
  auto big = report::nice_axis(159, 159);
  expect_covers(big, 159, 159);
  EXPECT_GT(big.min, 100);  // not stretched down to 0
}

TEST(Axis, NegativeValuesAndZeroAreCovered) {
  auto a = report::nice_axis(-1.7, 5.0);
  expect_covers(a, -1.7, 5.0);
  bool has_zero = false;
  for (double t : a.ticks()) has_zero = has_zero || t == 0;
  EXPECT_TRUE(has_zero);
  EXPECT_EQ(a.label(-0.0), "0");
  EXPECT_EQ(a.label(-2), "-2");
  auto reversed = report::nice_axis(3, -3);  // either order
  expect_covers(reversed, -3, 3);
}

TEST(Axis, ValuesThatAreNotFiniteAreLeftOut) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  expect_covers(report::nice_axis(nan, nan), 0, 1);
  expect_covers(report::nice_axis(nan, 4), 4, 4);
  expect_covers(report::nice_axis(-inf, 2), 2, 2);
}

TEST(Axis, PlacesValuesOnTheScreen) {
  report::Axis a = report::nice_axis(0, 10);
  EXPECT_DOUBLE_EQ(a.place(a.min, 100, 0), 100);  // a y axis: drawn upwards
  EXPECT_DOUBLE_EQ(a.place(a.max, 100, 0), 0);
  EXPECT_DOUBLE_EQ(a.place((a.min + a.max) / 2, 0, 200), 100);
}

}  // namespace
