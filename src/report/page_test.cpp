#include "report/page.h"

#include <gtest/gtest.h>

#include <regex>

#include "report/pareto_chart.h"

namespace {

report::Candidate candidate(std::string name, std::int64_t bytes, double delta, double se, evaluate::Status verdict) {
  report::Candidate c;
  c.name = std::move(name);
  c.run = report::RunState::succeeded;
  c.verification = "success";
  c.size_bytes = bytes;
  c.source_bytes = 270'000'000;
  c.quark_cli_seconds = 47.9;
  c.peak_gpu_mib = 840;
  c.peak_host_mib = 2358;
  c.timeline = {{0, 100, 5}, {2.1, std::nullopt, 489}, {4.2, 840, 2358}};
  c.command_display = "quark-cli torch-llm-ptq --quant_scheme " + c.name;
  c.command_digest = "sha256:abc";
  report::Evaluation e;
  e.verdict = verdict;
  e.perplexity = report::PerplexityDelta{delta, se};
  e.threshold_pct = 5.0;
  e.canary_agreement = 0.875;
  e.canaries = {{"The capital of France is", " Paris.", " Paris, the"}};
  c.evaluation = e;
  return c;
}

int count(const std::string& haystack, const std::string& needle) {
  int n = 0;
  for (auto at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1)) ++n;
  return n;
}

// The y coordinates of the chart's points and of its zero line.
std::vector<double> point_ys(const std::string& svg) {
  std::vector<double> ys;
  std::regex circle(R"re(<circle cx="[-0-9.]+" cy="([-0-9.]+)" r="6">)re");
  for (std::sregex_iterator it(svg.begin(), svg.end(), circle), end; it != end; ++it) ys.push_back(std::stod((*it)[1]));
  return ys;
}
double zero_y(const std::string& svg) {
  std::smatch m;
  EXPECT_TRUE(std::regex_search(svg, m, std::regex(R"re(<line class="zero" x1="[-0-9.]+" y1="([-0-9.]+)")re")));
  return m.empty() ? 0 : std::stod(m[1]);
}

TEST(ReportPage, OneCandidateIsOnePointWithItsFigures) {
  report::Report r{"HuggingFaceTB/SmolLM2-135M-Instruct", {candidate("fp8", 140'000'000, 2.345, 0.41, evaluate::Status::pass)}};
  r.candidates[0].recommended = true;
  const std::string html = report::render_html(r, core::Lang::en);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0), 0u);
  EXPECT_NE(html.find("<title>quark-ptq report: HuggingFaceTB/SmolLM2-135M-Instruct</title>"), std::string::npos);
  EXPECT_EQ(point_ys(report::pareto_chart(r.candidates, core::Lang::en)).size(), 1u);
  EXPECT_NE(html.find(R"(<td data-field="delta">+2.35 ± 0.41 %</td>)"), std::string::npos);
  EXPECT_NE(html.find(R"(<td data-field="size" data-bytes="140000000">133.51 MiB</td>)"), std::string::npos);
  EXPECT_NE(html.find(R"(<td data-field="ratio">51.9 %</td>)"), std::string::npos);
  EXPECT_NE(html.find(R"(data-verdict="pass">pass</td>)"), std::string::npos);
  EXPECT_NE(html.find(R"(<td data-field="canary">87.5 %</td>)"), std::string::npos);
  EXPECT_NE(html.find(R"(<td data-field="time">48 s</td>)"), std::string::npos);
  EXPECT_NE(html.find(R"(<line class="threshold")"), std::string::npos);
  EXPECT_NE(html.find(R"(<circle class="recommended")"), std::string::npos);
  EXPECT_NE(html.find("Recommended: fp8"), std::string::npos);
  EXPECT_NE(html.find("<polyline class=\"host\""), std::string::npos);
  EXPECT_NE(html.find("<polyline class=\"gpu\""), std::string::npos);  // two GPU samples of three
  EXPECT_NE(html.find("<code class=\"digest\">sha256:abc</code>"), std::string::npos);
  // Self-contained: nothing fetched, nothing run.
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("href="), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
}

TEST(ReportPage, TextFromFilesIsEscapedEverywhere) {
  const std::string evil = R"(<script>alert("x")</script> & 'q' 日本)";
  report::Report r{evil, {candidate(evil, 1000, 1, 0.5, evaluate::Status::pass)}};
  r.candidates[0].details = {evil};
  r.candidates[0].command_display = evil;
  r.candidates[0].command_digest = evil;
  r.candidates[0].evaluation->canaries = {{evil, evil, evil}};
  const std::string html = report::render_html(r, core::Lang::en);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find(R"("x")"), std::string::npos);
  EXPECT_EQ(html.find("'q'"), std::string::npos);
  const std::string escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; 日本";
  // The title, the heading, the outcome, the chart's label and tooltip, the table (name and
  // details), the canary header and its four cells, the memory caption, the command section.
  EXPECT_GE(count(html, escaped), 14);
}

TEST(ReportPage, NegativeDeltasAreBelowTheSourceLine) {
  std::vector<report::Candidate> cs = {candidate("fp8", 140'000'000, -1.5, 0.4, evaluate::Status::pass),
                                       candidate("int4", 60'000'000, -0.2, 0.1, evaluate::Status::pass)};
  const std::string svg = report::pareto_chart(cs, core::Lang::en);
  const auto ys = point_ys(svg);
  ASSERT_EQ(ys.size(), 2u);
  const double zero = zero_y(svg);
  EXPECT_GT(ys[0], zero);  // SVG y grows downwards
  EXPECT_GT(ys[1], zero);
  EXPECT_GT(ys[0], ys[1]);
  // The bar of -1.5 ± 0.4 stays inside the frame: the axis reaches below -1.9.
  std::smatch m;
  ASSERT_TRUE(
      std::regex_search(svg, m, std::regex(R"re(<rect class="plot" x="[0-9.]+" y="([0-9.]+)" width="[0-9.]+" height="([0-9.]+)")re")));
  const double bottom = std::stod(m[1]) + std::stod(m[2]);
  for (double y : ys) EXPECT_LT(y, bottom);
}

TEST(ReportPage, SeveralCandidatesAreSeveralPointsAndColumns) {
  std::vector<report::Candidate> cs = {candidate("fp8", 140'000'000, 2.3, 0.4, evaluate::Status::pass),
                                       candidate("int4_wo_128", 80'000'000, 27, 1.2, evaluate::Status::fail),
                                       candidate("mxfp4", 70'000'000, 159, 9, evaluate::Status::fail)};
  cs[0].recommended = true;
  report::Report r{"m", cs};
  const std::string html = report::render_html(r, core::Lang::en);
  EXPECT_EQ(point_ys(report::pareto_chart(cs, core::Lang::en)).size(), 3u);
  EXPECT_EQ(count(html, "<tr data-candidate="), 3);
  EXPECT_EQ(count(html, R"(<circle class="recommended")"), 1);
  EXPECT_EQ(count(html, "class=\"gen"), 1 + 3);  // one prompt: the source and three candidates
  EXPECT_EQ(count(html, "<figure data-candidate="), 3);
  EXPECT_EQ(count(html, "<div class=\"command\""), 3);
  EXPECT_NE(html.find(R"(data-verdict="fail">FAIL</td>)"), std::string::npos);
}

TEST(ReportPage, AMissingEvaluationIsSaidNotDrawn) {
  report::Candidate c = candidate("fp8", 140'000'000, 0, 0, evaluate::Status::pass);
  c.evaluation.reset();
  report::Report r{"m", {c}};
  const std::string html = report::render_html(r, core::Lang::en);
  EXPECT_TRUE(point_ys(report::pareto_chart(r.candidates, core::Lang::en)).empty());
  EXPECT_EQ(html.find(R"(<line class="threshold")"), std::string::npos);
  EXPECT_NE(html.find("no candidate has both an output size and a measured perplexity change"), std::string::npos);
  EXPECT_NE(html.find("Not on the chart: fp8 (not evaluated: the plan did not ask quark-ptq to evaluate)."), std::string::npos);
  EXPECT_NE(html.find(R"(<td data-field="delta">-</td>)"), std::string::npos);
  EXPECT_NE(html.find("No canary texts were recorded."), std::string::npos);
  EXPECT_NE(html.find("No candidate passed the evaluation, so none is recommended."), std::string::npos);
}

TEST(ReportPage, AFailedRunSaysSoAndHasNoFigures) {
  report::Candidate c;
  c.name = "fp8";
  c.run = report::RunState::failed;
  c.command_display = "quark-cli torch-llm-ptq";
  report::Evaluation e;  // not run: the output did not verify
  e.reason = evaluate::Reason{"evaluate.reason.not_verified", {}};
  e.threshold_pct = 5;
  c.evaluation = e;
  report::Report r{"m", {c}};
  const std::string html = report::render_html(r, core::Lang::en);
  EXPECT_NE(html.find("<strong>fp8</strong>: quark-cli failed"), std::string::npos);
  EXPECT_NE(html.find(R"(data-state="failed">failed</td>)"), std::string::npos);
  EXPECT_NE(html.find("fp8: no memory samples were recorded."), std::string::npos);
  EXPECT_NE(html.find("Not on the chart: fp8 (no output was measured)."), std::string::npos);
  EXPECT_NE(html.find(R"(<td data-field="peak_gpu">not measured</td>)"), std::string::npos);
}

TEST(ReportPage, JapaneseIsTheWholePage) {
  report::Candidate c = candidate("fp8", 140'000'000, 2.345, 0.41, evaluate::Status::pass);
  c.recommended = true;
  report::Report r{"m", {c}};
  const std::string html = report::render_html(r, core::Lang::ja);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>\n<html lang=\"ja\">", 0), 0u);
  EXPECT_NE(html.find("<h1>量子化レポート</h1>"), std::string::npos);
  EXPECT_NE(html.find("推奨: fp8"), std::string::npos);
  EXPECT_NE(html.find(R"(data-verdict="pass">合格</td>)"), std::string::npos);
  EXPECT_NE(html.find(R"(<td data-field="delta">+2.35 ± 0.41 %</td>)"), std::string::npos);  // the same figures
  EXPECT_EQ(html.find("Recommended"), std::string::npos);
  EXPECT_EQ(html.find("Canary texts"), std::string::npos);
}

}  // namespace
