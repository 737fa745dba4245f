// quark-ptq data stage SOURCE --as pileval|wikitext [--as ...] [--python PATH]: stages a local
// corpus so that quark-cli's named datasets resolve offline (HF_HUB_OFFLINE=1).
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/option_checks.h"
#include "envprobe/corpus_stage.h"
#include "envprobe/data_readiness.h"
#include "envprobe/python_env.h"

namespace cli {

namespace {

struct StageOptions {
  std::string source;
  std::vector<std::string> as;
  std::string python;
};

int run_stage(Context& ctx, const StageOptions& opt) {
  auto env = envprobe::resolve_python_env(opt.python);
  if (!env) return ctx.console.error(env.error());
  envprobe::StageRequest req;
  req.corpus = core::absolute_path(opt.source);
  req.targets = opt.as;
  req.python = env->python;
  req.datasets_cache = envprobe::hf_paths().datasets_cache;
  ctx.console.say("data.staging", {{"corpus", req.corpus.string()}, {"cache", req.datasets_cache.string()}, {"python", req.python}});
  auto result = envprobe::stage_corpus(req);
  if (!result) return ctx.console.error(result.error());
  for (const auto& s : result->splits) {
    ctx.console.say("data.staged_split", {{"target", s.target},
                                          {"repo", s.repo_id},
                                          {"config", s.config},
                                          {"split", s.split},
                                          {"rows", std::to_string(s.rows)},
                                          {"path", s.path.string()}});
  }
  ctx.console.say("data.staged_done", {{"records", std::to_string(result->records)}, {"version", result->datasets_version}});
  if (ctx.console.json_mode()) {
    core::Json j = result->to_json();
    j["corpus"] = req.corpus.string();
    j["datasets_cache"] = req.datasets_cache.string();
    j["python"] = req.python;
    ctx.console.json(j);
  }
  return 0;
}

}  // namespace

void add_data_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto* data = app.add_subcommand("data", help("help.data.summary"));
  data->require_subcommand(1);
  auto opt = std::make_shared<StageOptions>();
  auto* stage = data->add_subcommand("stage", help("help.data_stage.summary"));
  stage->add_option("source", opt->source, help("help.data_stage.source"))->required();
  stage->add_option("--as", opt->as, help("help.data_stage.as"))->required()->check(one_of(help, envprobe::stage_targets()));
  stage->add_option("--python", opt->python, help("help.data_stage.python"));
  stage->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_stage(ctx, *opt); }; });
}

}  // namespace cli
